"""`make loadtest`: two minutes of mixed traffic against gunicorn on PostgreSQL, local only.

1. A fresh database (rw_load), migrate, collectstatic, ``seed_demo --concepts 50 --papers 5000
   --entries 500``, and load-test accounts (contributors and editors) with known passwords.
2. gunicorn (2 workers, gthread) on 127.0.0.1 with production settings over plain HTTP.
3. Threads, each a person with its own session, driving real HTTP (logins, CSRF tokens):
   readers open concept, paper and topic pages; contributors write entries (saving drafts,
   editing them, submitting some for review); editors open the review queue, mark every
   claim of a submitted entry and approve it.
4. Afterwards every acknowledged write (a redirect after a save, a mark, an approval) is
   looked up in the database: a write that was acknowledged but is not there is "lost".
5. A summary: requests, errors, 5xx, lost writes, p50/p95/p99 overall and per kind;
   loadtest/results.json. Exit status 1 on any 5xx, transport error or lost write.

Every request goes to 127.0.0.1; the run stops by itself after --duration seconds, and each
person stops after --max-requests requests.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import queue
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
PASSWORD = "load-test-password-91"
DB_NAME = "rw_load"
SEED = ["--concepts", "50", "--papers", "5000", "--entries", "500"]


# Setup --------------------------------------------------------------------------------


def sh(args: list[str], env: dict[str, str]) -> str:
    return subprocess.run(
        args, cwd=ROOT, env=env, check=True, text=True, capture_output=True
    ).stdout.strip()


def fresh_database(admin_url: str) -> str:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}"')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    return re.sub(r"/[^/]*$", f"/{DB_NAME}", admin_url)


def drop_database(admin_url: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


def server_env(database_url: str, cache_dir: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY="load-test-only-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        CACHE_DIR=cache_dir,
        LOG_LEVEL="WARNING",
    )
    return env


USERS_SCRIPT = """
from django.contrib.auth.models import Group, User
for prefix, role, count in (("load_c", "Contributor", {contributors}),
                            ("load_e", "Editor", {editors})):
    group = Group.objects.get(name=role)
    for i in range(count):
        user, _ = User.objects.get_or_create(username=f"{{prefix}}{{i}}")
        user.set_password("{password}")
        user.save()
        user.groups.add(group)
"""


def seed(env: dict[str, str], contributors: int, editors: int) -> str:
    sh([PY, "manage.py", "migrate", "--no-input", "-v0"], env)
    sh([PY, "manage.py", "collectstatic", "--no-input", "-v0"], env)
    seeded = sh([PY, "manage.py", "seed_demo", *SEED], env)
    script = USERS_SCRIPT.format(contributors=contributors, editors=editors, password=PASSWORD)
    sh([PY, "manage.py", "shell", "-c", script], env)
    return seeded


def targets(database_url: str) -> dict[str, list[str]]:
    with psycopg.connect(database_url) as conn:
        concepts = [
            r[0]
            for r in conn.execute(
                "SELECT slug FROM wiki_concept WHERE current_revision_id IS NOT NULL"
            )
        ]
        papers = [
            r[0]
            for r in conn.execute(
                "SELECT COALESCE(arxiv_id, id::text) FROM papers_paper ORDER BY random() LIMIT 500"
            )
        ]
    return {
        "concept": [f"/wiki/{slug}/" for slug in concepts],
        "topic": [f"/topics/{slug}/" for slug in concepts],
        "paper": [f"/papers/{key}/" for key in papers],
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(env: dict[str, str], port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [PY, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--worker-class", "gthread", "--threads", "4", "--log-level", "warning",
         "--timeout", "60"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    for _ in range(150):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer /healthz within 30 seconds")


# Traffic ------------------------------------------------------------------------------


@dataclass
class Results:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    server_errors: list[str] = field(default_factory=list)
    transport_errors: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    # Acknowledged writes: entry id -> (headline, status) that must be in the database.
    entries: dict[int, tuple[str, str]] = field(default_factory=dict)
    marked_claims: set[int] = field(default_factory=set)
    acknowledged: int = 0

    def record(self, kind: str, method: str, path: str, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)
            self.statuses[status] += 1
            if status >= 500:
                self.server_errors.append(f"{status} {method} {path}")


class Person:
    """One browser: its own cookies, its own CSRF token, timing every request."""

    def __init__(self, base: str, results: Results, stop: threading.Event, limit: int) -> None:
        self.http = httpx.Client(base_url=base, timeout=60, follow_redirects=False)
        self.results = results
        self.stop = stop
        self.left = limit

    @property
    def busy(self) -> bool:
        return not self.stop.is_set() and self.left > 0

    def request(self, kind: str, method: str, path: str, data=None) -> httpx.Response | None:
        self.left -= 1
        if data is not None:
            data = {**data, "csrfmiddlewaretoken": self.http.cookies.get("csrftoken", "")}
        started = time.perf_counter()
        try:
            response = self.http.request(method, path, data=data)
        except httpx.HTTPError as exc:
            with self.results.lock:
                self.results.transport_errors.append(f"{method} {path}: {exc!r}")
            return None
        self.results.record(kind, method, path, response.status_code, time.perf_counter() - started)
        return response

    def refused(self, what: str, response: httpx.Response | None) -> None:
        if response is not None and response.status_code < 500:
            with self.results.lock:
                self.results.refused.append(f"{what}: {response.status_code}")

    def login(self, username: str) -> None:
        self.request("login", "GET", "/accounts/login/")
        response = self.request(
            "login", "POST", "/accounts/login/", {"username": username, "password": PASSWORD}
        )
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{username} could not log in: {response}")


def reader(person: Person, pages: dict[str, list[str]]) -> None:
    kinds = ["concept", "concept", "paper", "paper", "topic"]
    while person.busy:
        kind = random.choice(kinds)
        person.request(kind, "GET", random.choice(pages[kind]))


def _entry_form(headline: str, n: int) -> dict[str, str]:
    return {
        "date": dt.date.today().isoformat(),
        "headline": headline,
        "lead": f"Load test entry {headline}: what happened and why it matters.",
        "claims-TOTAL_FORMS": "2",
        "claims-INITIAL_FORMS": "0",
        "claims-0-text": f"The method improves accuracy by {n % 17 + 1} points.",
        "claims-0-paper": "",
        "claims-0-quote": "",
        "claims-1-text": "The authors release no code.",
        "claims-1-paper": "",
        "claims-1-quote": "",
    }


ENTRY_URL = re.compile(r"/entries/(\d+)/$")


def contributor(person: Person, name: str, submitted: queue.Queue) -> None:
    person.login(name)
    n = 0
    while person.busy:
        n += 1
        headline = f"{name} entry {n}"
        person.request("entry form", "GET", "/entries/new/")
        submit = n % 3 == 0  # every third entry goes to the review queue
        data = {**_entry_form(headline, n), "op": "submit" if submit else "save"}
        response = person.request("save entry", "POST", "/entries/new/", data)
        match = ENTRY_URL.search(response.headers.get("location", "")) if response else None
        if match is None:
            person.refused("save entry", response)
            continue
        pk = int(match.group(1))
        with person.results.lock:
            person.results.acknowledged += 1
            person.results.entries[pk] = (headline, "pending" if submit else "draft")
        if submit:
            submitted.put(pk)
            continue
        # Edit the draft once: the second save must win over the first.
        edited = f"{headline} (edited)"
        data = {**_entry_form(edited, n), "op": "save"}
        response = person.request("save entry", "POST", f"/entries/{pk}/edit/", data)
        if response is not None and response.status_code == 302:
            with person.results.lock:
                person.results.acknowledged += 1
                person.results.entries[pk] = (edited, "draft")
        else:
            person.refused("edit entry", response)


CLAIM_MARK = re.compile(r"/claims/(\d+)/mark/")


def editor(person: Person, name: str, submitted: queue.Queue) -> None:
    person.login(name)
    while person.busy:
        person.request("review queue", "GET", "/review/")
        try:
            pk = submitted.get(timeout=1)
        except queue.Empty:
            continue
        page = person.request("entry page", "GET", f"/entries/{pk}/")
        if page is None or page.status_code != 200:
            person.refused("open entry", page)
            continue
        claims = sorted({int(c) for c in CLAIM_MARK.findall(page.text)})
        marked = []
        for claim in claims:
            response = person.request(
                "mark claim", "POST", f"/claims/{claim}/mark/", {"evidence": "full_text"}
            )
            if response is not None and response.status_code == 302:
                marked.append(claim)
            else:
                person.refused("mark claim", response)
        data = {"to": "published", "seen_status": "pending", "comment": ""}
        response = person.request("approve", "POST", f"/entries/{pk}/transition/", data)
        with person.results.lock:
            person.results.marked_claims.update(marked)
            person.results.acknowledged += len(marked)
            if response is not None and response.status_code == 302:
                headline, _ = person.results.entries[pk]
                person.results.entries[pk] = (headline, "published")
                person.results.acknowledged += 1
        if response is None or response.status_code != 302:
            person.refused("approve", response)


def run_traffic(base: str, pages, args) -> tuple[Results, float]:
    results, stop, submitted = Results(), threading.Event(), queue.Queue()
    threads = []
    for _ in range(args.readers):
        person = Person(base, results, stop, args.max_requests)
        threads.append(threading.Thread(target=reader, args=(person, pages)))
    for i in range(args.contributors):
        person = Person(base, results, stop, args.max_requests)
        threads.append(threading.Thread(target=contributor, args=(person, f"load_c{i}", submitted)))
    for i in range(args.editors):
        person = Person(base, results, stop, args.max_requests)
        threads.append(threading.Thread(target=editor, args=(person, f"load_e{i}", submitted)))
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    stop.wait(args.duration)
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
    return results, time.perf_counter() - started


# Verification and summary -------------------------------------------------------------


def lost_writes(database_url: str, results: Results) -> list[str]:
    lost = []
    with psycopg.connect(database_url) as conn:
        rows = {
            pk: (headline, status)
            for pk, headline, status in conn.execute(
                "SELECT id, headline, status FROM entries_entry WHERE id = ANY(%s)",
                [list(results.entries)],
            )
        }
        unmarked = {
            r[0]
            for r in conn.execute(
                "SELECT id FROM entries_claim WHERE id = ANY(%s) AND evidence = 'unmarked'",
                [list(results.marked_claims)],
            )
        }
        present = {
            r[0]
            for r in conn.execute(
                "SELECT id FROM entries_claim WHERE id = ANY(%s)", [list(results.marked_claims)]
            )
        }
    for pk, expected in results.entries.items():
        if rows.get(pk) != expected:
            lost.append(f"entry {pk}: expected {expected}, found {rows.get(pk)}")
    for claim in sorted(results.marked_claims):
        if claim not in present or claim in unmarked:
            lost.append(f"claim {claim}: marked but not in the database as marked")
    return lost


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))
    return ordered[index] * 1000


def summary(results: Results, seconds: float, lost: list[str], args) -> dict:
    every = [v for values in results.latencies.values() for v in values]
    kinds = {
        kind: {
            "requests": len(values),
            "p50_ms": round(percentile(values, 50), 1),
            "p95_ms": round(percentile(values, 95), 1),
            "p99_ms": round(percentile(values, 99), 1),
        }
        for kind, values in sorted(results.latencies.items())
    }
    return {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "duration_s": round(seconds, 1),
        "people": {
            "readers": args.readers,
            "contributors": args.contributors,
            "editors": args.editors,
        },
        "server": "gunicorn, 2 workers, gthread x 4, PostgreSQL, DEBUG=0",
        "seed": " ".join(SEED),
        "requests": len(every),
        "requests_per_s": round(len(every) / seconds, 1) if seconds else 0,
        "p50_ms": round(percentile(every, 50), 1),
        "p95_ms": round(percentile(every, 95), 1),
        "p99_ms": round(percentile(every, 99), 1),
        "statuses": dict(sorted(results.statuses.items())),
        "server_errors_5xx": len(results.server_errors),
        "transport_errors": len(results.transport_errors),
        "refused_4xx": len(results.refused),
        "acknowledged_writes": results.acknowledged,
        "entries_written": len(results.entries),
        "entries_approved": sum(1 for _, s in results.entries.values() if s == "published"),
        "lost_writes": len(lost),
        "per_kind": kinds,
        "examples": {
            "server_errors": results.server_errors[:5],
            "transport_errors": results.transport_errors[:5],
            "refused": results.refused[:5],
            "lost": lost[:5],
        },
    }


def print_summary(report: dict) -> None:
    print(f"\nLoad test: {report['duration_s']} s, {report['requests']} requests "
          f"({report['requests_per_s']}/s), statuses {report['statuses']}")  # fmt: skip
    print(f"{'kind':<14} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for kind, row in report["per_kind"].items():
        print(f"{kind:<14} {row['requests']:>9} {row['p50_ms']:>8} {row['p95_ms']:>8} "
              f"{row['p99_ms']:>8}")  # fmt: skip
    print(f"{'all':<14} {report['requests']:>9} {report['p50_ms']:>8} {report['p95_ms']:>8} "
          f"{report['p99_ms']:>8}")  # fmt: skip
    print(f"5xx: {report['server_errors_5xx']} · transport errors: {report['transport_errors']} "
          f"· refused (4xx): {report['refused_4xx']}")  # fmt: skip
    written, approved = report["entries_written"], report["entries_approved"]
    print(f"acknowledged writes: {report['acknowledged_writes']} ({written} entries, "
          f"{approved} approved) · lost writes: {report['lost_writes']}")  # fmt: skip
    for name, examples in report["examples"].items():
        for example in examples:
            print(f"  {name}: {example}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=120, help="seconds of traffic")
    parser.add_argument("--readers", type=int, default=8)
    parser.add_argument("--contributors", type=int, default=3)
    parser.add_argument("--editors", type=int, default=2)
    parser.add_argument("--max-requests", type=int, default=20_000, help="per person")
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server on this machine, to create the rw_load database in",
    )
    parser.add_argument("--keep", action="store_true", help="keep the rw_load database")
    args = parser.parse_args()
    if not re.match(r"^postgres(ql)?://[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?/", args.admin_url):
        raise SystemExit("The load test runs only against PostgreSQL on 127.0.0.1.")
    args.duration = max(1, min(args.duration, 600))

    database_url = fresh_database(args.admin_url)
    cache_dir = tempfile.mkdtemp(prefix="rw-load-cache-")
    env = server_env(database_url, cache_dir)
    print(f"Seeding {DB_NAME}: {' '.join(SEED)} …", flush=True)
    print(seed(env, args.contributors, args.editors), flush=True)
    pages = targets(database_url)
    port = free_port()
    server = start_server(env, port)
    try:
        print(f"Traffic for {args.duration} s against http://127.0.0.1:{port} …", flush=True)
        results, seconds = run_traffic(f"http://127.0.0.1:{port}", pages, args)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(cache_dir, ignore_errors=True)
    lost = lost_writes(database_url, results)
    report = summary(results, seconds, lost, args)
    print_summary(report)
    (ROOT / "loadtest" / "results.json").write_text(json.dumps(report, indent=2) + "\n")
    if not args.keep:
        drop_database(args.admin_url)
    failed = report["server_errors_5xx"] or report["transport_errors"] or report["lost_writes"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
