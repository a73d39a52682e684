"""What users feel: gunicorn and wrk on the seed-shaped concept page, beside two baselines
served by the same gunicorn settings in the same run (a bare Django hello view, and
``/healthz`` on the wiki's own server).

Signed-in requests carry a real session: each person logs in through the login form, as
a browser does, and wrk sends that session's cookies.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
GUNICORN = ["--workers", "2", "--worker-class", "gthread", "--threads", "4",
            "--log-level", "warning"]  # fmt: skip
EDITS = 7


def free_port() -> int:
    """A free port: the first free one of ``BENCH_PORTS`` ("8810-8819") when given, so that
    the servers stay within a range set aside for them, else any."""
    first, _, last = os.environ.get("BENCH_PORTS", "0-0").partition("-")
    for port in range(int(first), int(last or first) + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise SystemExit(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


@contextmanager
def gunicorn(app: str, env: dict[str, str], *extra: str, cwd: Path = ROOT):
    """The image's gunicorn settings (gunicorn.conf.py, access log included, written to
    /dev/null rather than over the report), without recycling workers during a
    measurement: a restart would be timed as latency. ``cwd``: the tree served."""
    port = free_port()
    env = {**env, "WEB_MAX_REQUESTS": "0"}
    server = subprocess.Popen(
        [PY, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}", *GUNICORN, *extra],
        cwd=cwd, env=env, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.2)
        yield base, server
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, seconds: int, cookie: str = "") -> dict:
    args = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", url]
    if cookie:
        args += ["-H", f"Cookie: {cookie}"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    latency = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.MULTILINE))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    result = {
        "rps": float(rps.group(1)) if rps else 0.0,
        "non_2xx": int(non2xx.group(1)) if non2xx else 0,
    }
    for pct, text in latency.items():
        value, unit = re.match(r"([\d.]+)(\w+)", text).groups()
        result[f"p{pct}_ms"] = round(_ms(value, unit), 2)
    if result["non_2xx"]:
        print(f"  warning: {result['non_2xx']} non-2xx responses from {url}", flush=True)
    return result


def log_in(base: str, username: str, password: str) -> str:
    """Log in through the login form; the Cookie header of the session it starts."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(base + "/accounts/login/", timeout=10).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode(
        {"username": username, "password": password, "csrfmiddlewaretoken": token}
    ).encode()
    request = urllib.request.Request(base + "/accounts/login/", data=data,
                                     headers={"Referer": base + "/accounts/login/"})  # fmt: skip
    opener.open(request, timeout=10).read()
    cookies = {c.name: c.value for c in jar}
    if "sessionid" not in cookies:
        sys.exit(f"logging in as {username} through the form failed")
    return "; ".join(f"{name}={cookies[name]}" for name in ("sessionid", "csrftoken"))


def fetch(url: str, cookie: str = "") -> tuple[float, str, str]:
    """(milliseconds, X-Page-Cache, body) of one GET."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read().decode()
        state = response.headers.get("X-Page-Cache", "absent")
    return (time.perf_counter() - started) * 1000, state, body


def after_edits(base: str, page: str, slug: str, env: dict[str, str], cookies: dict) -> dict:
    """Mark one claim (another process, as the admin or the API would), then time the
    first request of the page: signed in (the shared part rebuilt around the one changed
    section) and anonymous (the page cache rebuilt)."""
    timings: dict[str, list[float]] = {"contributor": [], "anonymous": []}
    for n in range(EDITS):
        subprocess.run([PY, "bench/seeded.py", "edit", slug, str(n)], cwd=ROOT, env=env,
                       check=True, capture_output=True)  # fmt: skip
        ms, _, _ = fetch(base + page, cookies["contributor"])
        timings["contributor"].append(ms)
        ms, state, _ = fetch(base + page)
        if state != "miss":
            print(f"  warning: the anonymous page after an edit was a cache {state}", flush=True)
        timings["anonymous"].append(ms)
    return {
        who: {"median_ms": round(statistics.median(t), 1), "max_ms": round(max(t), 1)}
        for who, t in timings.items()
    }


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True
    ).stdout
    return [int(p) for p in out.split()]


def cpu_ticks(pid: int) -> int:
    """User and system CPU time a process has used, in clock ticks (/proc/PID/stat)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def peak_rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return 0.0
    match = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(match.group(1)) / 1024 if match else 0.0


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def throughput(env: dict[str, str], seeded: dict, seconds: int, rounds: int = 3) -> dict:
    """Every server up at once, measured in turns: ``rounds`` rounds of ``seconds`` each
    per target, the targets one after the other within a round. Another tenant's load
    then falls on every target alike instead of on whichever ran at the time; each figure
    is the median of its rounds, and each ratio the median of the rounds' ratios."""
    if shutil.which("wrk") is None:
        return {"skipped": "wrk is not installed (apt-get install wrk)"}
    page, slug = seeded["path"], seeded["path"].strip("/").split("/")[-1]
    results: dict = {"page": page, "rounds": rounds, "load_before": load_average()}
    # Every server runs as the image does (gunicorn.conf.py), each with one log line per
    # request: gunicorn's access line, the same for the wiki and the hello view (the wiki's
    # own JSON line is off at LOG_LEVEL=WARNING, measured by bench/ops_overhead.py); the
    # hello view is served once more without it, for reference only (docs/benchmarks.md).
    logged = {**env, "WEB_ACCESS_LOG": "-"}
    hello_dir = ("--chdir", str(ROOT / "bench"))
    with (
        gunicorn("hello_wsgi:application", logged, *hello_dir) as (hello, _),
        gunicorn("hello_wsgi:application", {**env, "WEB_ACCESS_LOG": ""}, *hello_dir) as (
            quiet_hello,
            _,
        ),
        gunicorn("config.wsgi", logged) as (base, server),
    ):
        cookies = {
            role: log_in(base, f"bench-{role}", seeded["people"][f"bench-{role}"])
            for role in ("contributor", "editor")
        }
        targets = {
            "hello": (hello + "/", ""),
            "hello_no_access_log": (quiet_hello + "/", ""),
            "healthz": (base + "/healthz", ""),
            "anonymous": (base + page, ""),
            **{role: (base + page, cookie) for role, cookie in cookies.items()},
        }
        for url, cookie in targets.values():
            for _ in range(30):  # warm both workers' connections and caches
                fetch(url, cookie)
        for role, cookie in cookies.items():
            if f"bench-{role}" not in fetch(base + page, cookie)[2]:
                sys.exit(f"the page was not served to the signed-in {role}")
        before = fetch(base + page)[1]
        runs: dict[str, list[dict]] = {key: [] for key in targets}
        wiki_workers = worker_pids(server.pid)
        for _ in range(rounds):
            for key, (url, cookie) in targets.items():
                before_cpu = [cpu_ticks(pid) for pid in wiki_workers]
                run = wrk(url, seconds, cookie)
                if url.startswith(base):
                    after_cpu = [cpu_ticks(pid) for pid in wiki_workers]
                    spent = [a - b for a, b in zip(after_cpu, before_cpu, strict=True)]
                    run["busiest_worker_share"] = round(max(spent) / (sum(spent) or 1), 2)
                runs[key].append(run)
        after = fetch(base + page)[1]
        results["page_cache_before_and_after"] = [before, after]
        if (before, after) != ("hit", "hit"):
            print(f"  warning: the anonymous page was a cache {before} before wrk and a "
                  f"{after} after", flush=True)  # fmt: skip
        results["after_edit"] = after_edits(base, page, slug, env, cookies)
        results["worker_peak_rss_mb"] = round(
            max((peak_rss_mb(p) for p in worker_pids(server.pid)), default=0.0), 1
        )
    for key, measured in runs.items():
        results[key] = _median_of_rounds(measured, runs["hello"])
    results["load_after"] = load_average()
    return results


def _median_of_rounds(measured: list[dict], hello: list[dict]) -> dict:
    """One target's rounds as one row: the median of each figure, the worst p99 beside it,
    and the median of the ratios to the hello view of the same round."""
    row = {
        name: round(statistics.median(r.get(name, 0.0) for r in measured), 2)
        for name in ("rps", "p50_ms", "p99_ms")
    }
    row["worst_p99_ms"] = max(r.get("p99_ms", 0.0) for r in measured)
    # gunicorn's workers race to accept wrk's 16 connections at its start: now and then
    # one worker takes them all and the other idles, and the round runs on one core.
    row["one_worker_rounds"] = sum(r.get("busiest_worker_share", 0) >= 0.95 for r in measured)
    row["non_2xx"] = sum(r["non_2xx"] for r in measured)
    row["rounds"] = measured
    ratios = [r["rps"] / (h["rps"] or 1.0) for r, h in zip(measured, hello, strict=True)]
    row["ratio_to_hello"] = round(statistics.median(ratios), 3)
    return row


if __name__ == "__main__":  # a quick look: python bench/throughput.py SECONDS (env as run.py's)
    print(json.dumps(throughput(dict(os.environ), json.loads(sys.argv[2]), int(sys.argv[1]))))
