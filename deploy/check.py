"""`make deploy-check`: what the image does, without Docker, then every page kind.

1. Reads the Dockerfile and replays it in a temporary folder: ``ENV`` lines, ``COPY`` from
   the project folder less what ``.dockerignore`` leaves out, and every ``RUN`` line as
   written, with a fresh virtualenv's ``python`` and ``pip`` first on the ``PATH`` (so the
   install is as non-editable as the image's). ``useradd``, ``chown`` and ``apt-get`` do
   nothing here: they prepare the image's system, which this check does not have.
2. Starts the Dockerfile's ``CMD`` from that folder with the environment of a production
   deployment behind a TLS proxy (``.env.example`` as an operator's ``.env``, then
   ``DEBUG=0``, a secret key, ``ALLOWED_HOSTS=wiki.example.org``, the HTTPS switches on and a
   PostgreSQL database of its own, created here and dropped at the end). The only change to
   the command is the address it binds: a free port on 127.0.0.1 instead of 0.0.0.0:8000.
3. Waits for ``/healthz`` as compose's health check asks for it (``Host: 127.0.0.1``, plain
   HTTP), loads the demo content with ``setup_demo``, and requests every page kind as a
   reader behind the proxy would (``Host: wiki.example.org``, ``X-Forwarded-Proto: https``),
   the stylesheet the home page links to included, expecting 200.

Exits 1 and says which step or page failed. ``--keep`` leaves the folder for a look.
``DEPLOY_CHECK_ADMIN_URL`` names the PostgreSQL server (default: the ``DATABASE_URL``
server, else ``postgres://postgres@127.0.0.1:5432/postgres``).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "rw_deploy_check"
HOST = "wiki.example.org"
SECRET_KEY = "deploy-check-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"
STEP_TIMEOUT = 600
# Commands that prepare the image's operating system; they mean nothing outside it.
SYSTEM_COMMANDS = ("useradd", "groupadd", "chown", "apt-get")


class CheckFailed(Exception):
    pass


@dataclass
class Dockerfile:
    env: dict[str, str] = field(default_factory=dict)
    steps: list[tuple[str, str]] = field(default_factory=list)  # ("RUN"|"COPY", argument)
    cmd: list[str] = field(default_factory=list)


def _instructions(text: str) -> list[tuple[str, str]]:
    joined = re.sub(
        r"\\\n", " ", "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))
    )
    result = []
    for line in joined.splitlines():
        if line.strip():
            keyword, _, argument = line.strip().partition(" ")
            result.append((keyword.upper(), argument.strip()))
    return result


def parse_dockerfile(path: Path) -> Dockerfile:
    parsed = Dockerfile()
    for keyword, argument in _instructions(path.read_text()):
        if keyword == "ENV":
            words = shlex.split(argument)
            if words and "=" not in words[0]:  # the old form: ENV NAME value
                parsed.env[words[0]] = " ".join(words[1:])
            else:
                parsed.env.update(word.split("=", 1) for word in words)
        elif keyword in ("RUN", "COPY"):
            parsed.steps.append((keyword, argument))
        elif keyword == "CMD":
            parsed.cmd = (
                json.loads(argument) if argument.startswith("[") else ["sh", "-c", argument]
            )
        elif keyword == "ENTRYPOINT":
            raise CheckFailed("ENTRYPOINT is not replayed by this check; use CMD")
    if not parsed.cmd:
        raise CheckFailed("the Dockerfile has no CMD")
    return parsed


def dockerignore_patterns(root: Path) -> list[tuple[bool, str]]:
    ignore = root / ".dockerignore"
    if not ignore.exists():
        return []
    patterns = []
    for line in ignore.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            negated = line.startswith("!")
            patterns.append((negated, line.lstrip("!").strip("/")))
    return patterns


def ignored(relative: str, patterns: list[tuple[bool, str]]) -> bool:
    """Docker's rule: the last matching pattern decides; a pattern matching a folder covers
    everything in it."""
    parts = relative.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    verdict = False
    for negated, pattern in patterns:
        candidates = [pattern, pattern[3:]] if pattern.startswith("**/") else [pattern]
        if any(fnmatch.fnmatchcase(p, c) for p in prefixes for c in candidates):
            verdict = not negated
    return verdict


def copy_context(sources: list[str], dest: Path, into_folder: bool, patterns) -> None:
    """``COPY src… dest`` from the build context, leaving out what .dockerignore names."""
    for source in sources:
        origin = (ROOT / source).resolve()
        if not origin.exists():
            raise CheckFailed(f"COPY {source}: no such file in the build context")
        if origin.is_file():
            target = dest / origin.name if into_folder else dest
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, target)
            continue
        for path in sorted(origin.rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if ignored(relative, patterns) or not path.is_file():
                continue
            target = dest / path.relative_to(origin)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target, follow_symlinks=False)


def run_step(args: list[str], *, cwd: Path, env: dict[str, str], label: str) -> None:
    print(f"--- {label}", flush=True)
    started = time.monotonic()
    result = subprocess.run(
        args, cwd=cwd, env=env, text=True, capture_output=True, timeout=STEP_TIMEOUT
    )
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().splitlines()
        print("\n".join(output[-40:]), flush=True)
        raise CheckFailed(f"{label}: exit status {result.returncode}")
    print(f"    ok ({time.monotonic() - started:.1f} s)", flush=True)


def build(dockerfile: Dockerfile, work: Path) -> tuple[Path, dict[str, str]]:
    """Replays the Dockerfile's COPY and RUN lines; returns the app folder and the image's
    environment."""
    app, venv, shims = work / "app", work / "venv", work / "shims"
    app.mkdir()
    shims.mkdir()
    for name in SYSTEM_COMMANDS:
        shim = shims / name
        shim.write_text("#!/bin/sh\nexit 0\n")
        shim.chmod(0o755)
    run_step(
        [sys.executable, "-m", "venv", str(venv)],
        cwd=work,
        env=dict(os.environ),
        label="fresh virtualenv",
    )
    env = {
        key: value for key, value in os.environ.items() if key.startswith(("PIP_", "LANG", "LC_"))
    }
    env.update(
        PATH=os.pathsep.join([str(venv / "bin"), str(shims), "/usr/local/bin", "/usr/bin", "/bin"]),
        HOME=str(work / "home"),
        VIRTUAL_ENV=str(venv),
        **dockerfile.env,
    )
    patterns = dockerignore_patterns(ROOT)
    for keyword, argument in dockerfile.steps:
        if keyword == "COPY":
            words = [w for w in shlex.split(argument) if not w.startswith("--")]
            sources, dest = words[:-1], words[-1]
            into_folder = dest.endswith("/") or dest in (".", "./") or len(sources) > 1
            copy_context(sources, app / dest, into_folder, patterns)
            print(f"--- COPY {argument}\n    ok", flush=True)
        else:
            run_step(["sh", "-c", argument], cwd=app, env=env, label=f"RUN {argument}")
    return app, env


# evaluation/ scores the rules on the labelled sets in tests/fixtures: a tool, not the site.
NOT_INSTALLED = {"tests", "bench", "loadtest", "deploy", "build", "evaluation"}


def check_installed_packages(app: Path, env: dict[str, str]) -> None:
    """Every package of the project (subpackages too) is in the installed distribution."""
    script = (
        "import sysconfig, pathlib; root = pathlib.Path(sysconfig.get_paths()['purelib']); "
        "print('\\n'.join(str(p.parent.relative_to(root)) for p in root.rglob('__init__.py')))"
    )
    installed = set(
        subprocess.run(
            ["python", "-c", script], cwd="/", env=env, capture_output=True, text=True, check=True
        ).stdout.split()
    )
    expected = {
        str(init.parent.relative_to(app))
        for init in app.rglob("__init__.py")
        if init.parent.relative_to(app).parts[0] not in NOT_INSTALLED
    }
    missing = sorted(expected - installed)
    if missing:
        raise CheckFailed(f"packages missing from the installed project: {', '.join(missing)}")
    print(f"--- installed project has all {len(expected)} packages", flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def env_file(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


def compose_environment(work: Path) -> dict[str, str]:
    """The web service's environment as compose resolves it, after the README's first step
    (``.env`` made from ``.env.example``, with a SECRET_KEY); validates the file on the way."""
    folder = work / "compose"
    folder.mkdir()
    shutil.copy2(ROOT / "docker-compose.yml", folder)
    dotenv = folder / ".env"
    dotenv.write_text((ROOT / ".env.example").read_text() + f"\nSECRET_KEY={SECRET_KEY}\n")
    compose = shutil.which("docker-compose")
    if compose is None:
        print("--- docker-compose is not installed: the compose file is not checked")
        return env_file(dotenv)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work)}
    run_step([compose, "config", "-q"], cwd=folder, env=env, label="docker-compose config -q")
    import yaml  # docker-compose's own dependency, and the test tools'

    resolved = subprocess.run(
        [compose, "config"], cwd=folder, env=env, capture_output=True, text=True, check=True
    ).stdout
    environment = yaml.safe_load(resolved)["services"]["web"].get("environment") or {}
    if isinstance(environment, list):
        environment = dict(item.split("=", 1) for item in environment)
    return {name: str(value) for name, value in environment.items()}


def runtime_env(
    image_env: dict[str, str], compose_env: dict[str, str], database_url: str, port: int
) -> dict[str, str]:
    """The image's environment, then compose's, then a production site behind a TLS proxy
    on its own database (the example .env is set up for plain HTTP on localhost)."""
    env = {**image_env, **compose_env}
    env.update(
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        DATABASE_URL=database_url,
        ALLOWED_HOSTS=HOST,
        CSRF_TRUSTED_ORIGINS=f"https://{HOST}",
        BEHIND_TLS_PROXY="1",
        SECURE_SSL_REDIRECT="1",
        SESSION_COOKIE_SECURE="1",
        CSRF_COOKIE_SECURE="1",
        SECURE_HSTS_SECONDS="31536000",
        WEB_BIND=f"127.0.0.1:{port}",
    )
    return env


def admin_url() -> str:
    explicit = os.environ.get("DEPLOY_CHECK_ADMIN_URL")
    if explicit:
        return explicit
    database_url = os.environ.get("DATABASE_URL", "")
    if database_url.startswith(("postgres://", "postgresql://")):
        return re.sub(r"/[^/]*$", "/postgres", database_url)
    return "postgres://postgres@127.0.0.1:5432/postgres"


def recreate_database(admin: str) -> str:
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    return re.sub(r"/[^/]*$", f"/{DB_NAME}", admin)


def drop_database(admin: str) -> None:
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


def wait_until_healthy(server: subprocess.Popen, port: int, log: Path) -> None:
    """As compose's health check asks: the container's own address, plain HTTP."""
    deadline = time.monotonic() + 90
    last = "no answer"
    while time.monotonic() < deadline:
        if server.poll() is not None:
            print(log.read_text()[-4000:])
            raise CheckFailed(f"the image's CMD exited with status {server.returncode}")
        try:
            response = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=3)
            if response.status_code == 200 and response.text == "ok":
                print(f"--- /healthz as compose's health check asks: 200 {response.text}")
                return
            last = f"{response.status_code} {response.text[:80]!r}"
        except httpx.HTTPError as exc:
            last = repr(exc)
        time.sleep(0.5)
    print(log.read_text()[-4000:])
    raise CheckFailed(f"/healthz never answered 200 ok: {last}")


def _first(pattern: str, html: str, what: str) -> str:
    match = re.search(pattern, html)
    if match is None:
        raise CheckFailed(f"no {what} link found")
    return match.group(0).strip('"')


def crawl(port: int) -> list[tuple[str, int, str]]:
    """Every page kind, as a reader behind the TLS proxy requests it."""
    results: list[tuple[str, int, str]] = []
    headers = {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=20) as http:

        def get(path: str, *, expect: int = 200, note: str = "") -> httpx.Response:
            response = http.get(path)
            results.append(
                (
                    path,
                    response.status_code,
                    note if response.status_code == expect else f"expected {expect}",
                )
            )
            return response

        home = get("/")
        index = get("/wiki/")
        concept = _first(r'"/wiki/(?!new/)[\w-]+/"', index.text, "concept")
        slug = concept.strip("/").split("/")[-1]
        get(concept)
        papers = get("/papers/")
        get(_first(r'"/papers/(\d{4}\.\d{4,5}|\d+)/"', papers.text, "paper"))
        get(_first(r'"/entries/\d+/"', home.text, "entry"))
        get("/search/?q=x")
        get("/changes/")
        get(f"/topics/{slug}/")
        feed = get(f"/topics/{slug}/feed/")
        # Sent as application/xml so a browser lays it out with its stylesheet (core.feeds);
        # the body is Atom.
        is_atom = "<feed " in feed.text and 'xmlns="http://www.w3.org/2005/Atom"' in feed.text
        if not feed.headers.get("content-type", "").startswith("application/xml") or not is_atom:
            results.append((f"/topics/{slug}/feed/ content type", 0, "expected Atom"))
        get("/accounts/login/")
        get("/healthz")
        help_page = http.get("/help/evidence/")
        if help_page.status_code != 404:
            results.append(("/help/evidence/", help_page.status_code, ""))
        stylesheet = _first(r'(?<=<link rel="stylesheet" href=")[^"]+', home.text, "stylesheet")
        css = get(stylesheet)
        if css.status_code == 200 and "text/css" not in css.headers.get("content-type", ""):
            results.append((stylesheet, 0, "expected text/css"))
        # Plain HTTP to the site's own name is sent to HTTPS.
        redirect = http.get("/wiki/", headers={"X-Forwarded-Proto": "http"})
        note = "" if redirect.status_code == 301 else "expected 301 to https"
        results.append(("http://…/wiki/ (redirect)", redirect.status_code, note))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="leave the temporary folder")
    options = parser.parse_args()
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="rw-deploy-check-"))
    admin = admin_url()
    server = None
    try:
        dockerfile = parse_dockerfile(ROOT / "Dockerfile")
        app, image_env = build(dockerfile, work)
        check_installed_packages(app, image_env)
        database_url = recreate_database(admin)
        port = free_port()
        env = runtime_env(image_env, compose_environment(work), database_url, port)
        cmd = [arg.replace("0.0.0.0:8000", f"127.0.0.1:{port}") for arg in dockerfile.cmd]
        log = work / "server.log"
        print(f"--- CMD {' '.join(cmd)}  (on 127.0.0.1:{port})", flush=True)
        with log.open("w") as out:
            server = subprocess.Popen(
                cmd, cwd=app, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        wait_until_healthy(server, port, log)
        run_step(["python", "manage.py", "setup_demo"], cwd=app, env=env, label="setup_demo")
        results = crawl(port)
        failed = [r for r in results if r[2].startswith("expected")]
        for path, status, note in results:
            print(f"    {status:>3} {path} {note}")
        if failed:
            print(log.read_text()[-6000:])
            raise CheckFailed(f"{len(failed)} of {len(results)} requests answered wrongly")
        print(f"deploy-check passed: {len(results)} requests, {time.monotonic() - started:.0f} s")
        return 0
    except (CheckFailed, subprocess.TimeoutExpired, psycopg.Error) as exc:
        print(f"deploy-check FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
        try:
            drop_database(admin)
        except psycopg.Error as exc:
            print(f"could not drop {DB_NAME}: {exc}", file=sys.stderr)
        if options.keep:
            print(f"left {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
