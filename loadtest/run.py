"""`make loadtest`: a research team at work against three app servers, local only.

1. A fresh PostgreSQL database (rw_load), migrated and seeded (``seed_demo``), with
   load-test contributors and editors whose passwords are known.
2. Three gunicorn servers (the image's gunicorn.conf.py, production settings, DEBUG=0) on
   three ports of 127.0.0.1, sharing that database and one Redis database as their cache
   (``--cache-url``, db 7 by default). A balancer in the script keeps each person on one
   server (sticky sessions) and moves them to another when theirs fails a request or a
   health check; a request that fails to connect or is cut off is sent once more, to
   another server (a "failover retry").
3. 50 people with think time (exponential, ``--think`` seconds on average), each with its
   own session, driving real HTTP with CSRF tokens: readers (concept, paper and topic pages,
   search, the papers list), contributors (write an entry with claims, edit it, submit every
   other one), editors (the review queue; discard the results a claim's figure proposed,
   mark each claim, approve), one person downloading
   exports (BibTeX, RIS, CSL-JSON, results CSV and JSON), and one import
   (``manage.py import_notes`` in its own process). At 30% of the run the import starts, at
   40% one server is killed (SIGKILL to its master and workers) and restarted on its port
   ``--down`` seconds later, at 60% the cache's Redis database is emptied (FLUSHDB).
4. Every acknowledged write is read back through another server than the one that
   answered it (the contributor's own session, or a visitor without one after an
   approval): stale if the new text is not shown there within a second. Afterwards each
   is looked up in the database: lost if it is not there as acknowledged, duplicated if
   one save made two rows; the import's entries must all be there, once.
5. p50/p95/p99 per request kind, reads and writes against their targets, throughput,
   errors; loadtest/results.json. Exit status 1 on any 5xx, unrecovered transport error,
   lost or duplicated write, stale read, person who could not go on, or failed import.

`--saturate` (`make loadtest-knee`) runs steps of more and more people with no think time
instead and reports p95 per step and the knee, the first step whose p95 passes 1 s
(loadtest/saturation.json).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import threading
from pathlib import Path

from crowd import Setup
from database import (
    CONTRIBUTOR_ACCOUNTS,
    DB_NAME,
    EDITOR_ACCOUNTS,
    ROOT,
    SEED,
    drop_database,
    fresh_database,
    seed,
    targets,
)
from knee import saturation
from report import print_saturation, print_team
from servers import Balancer, Server, flush_cache, server_env
from team import team_failed, team_run

LOCAL_POSTGRES = re.compile(r"^postgres(ql)?://[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?/")
LOCAL_REDIS = re.compile(r"^redis://(127\.0\.0\.1|localhost)(:\d+)?/([1-9]\d*)$")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=180, help="seconds of the team run")
    parser.add_argument("--think", type=float, default=3.0, help="mean think time, seconds")
    parser.add_argument("--readers", type=int, default=34)
    parser.add_argument("--contributors", type=int, default=10)
    parser.add_argument("--editors", type=int, default=4)
    parser.add_argument("--down", type=float, default=10.0, help="seconds a server stays killed")
    parser.add_argument("--import-sections", type=int, default=10, help="4 entries each")
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker")
    parser.add_argument("--saturate", action="store_true", help="the saturation run instead")
    parser.add_argument("--steps", default="4,8,16,32,64", help="people per saturation step")
    parser.add_argument("--step-seconds", type=int, default=20)
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server on this machine, to create the rw_load database in",
    )
    parser.add_argument(
        "--cache-url",
        default="redis://127.0.0.1:6379/7",
        help="the servers' shared cache: a Redis database on this machine other than 0",
    )
    parser.add_argument("--keep", action="store_true", help="keep the rw_load database")
    args = parser.parse_args()
    args.command = ("python loadtest/run.py " + shlex.join(sys.argv[1:])).strip()
    args.steps = [int(n) for n in args.steps.split(",")]
    args.duration = max(30, min(args.duration, 900))
    _check(args)
    return args


def _check(args: argparse.Namespace) -> None:
    if not LOCAL_POSTGRES.match(args.admin_url):
        raise SystemExit("The load test runs only against PostgreSQL on 127.0.0.1.")
    if not LOCAL_REDIS.match(args.cache_url):
        raise SystemExit("--cache-url must be redis://127.0.0.1:<port>/<db>, db not 0.")
    if args.contributors > CONTRIBUTOR_ACCOUNTS or args.editors > EDITOR_ACCOUNTS:
        raise SystemExit(f"At most {CONTRIBUTOR_ACCOUNTS} contributors, {EDITOR_ACCOUNTS} editors.")
    if not 2 <= args.servers <= 8:
        raise SystemExit("--servers: 2 to 8 (one is killed during the run).")
    if max(args.steps) // 5 > CONTRIBUTOR_ACCOUNTS or max(args.steps) // 12 > EDITOR_ACCOUNTS:
        raise SystemExit("A saturation step that large needs more load-test accounts.")


def main() -> int:
    args = arguments()
    database_url = fresh_database(args.admin_url)
    workdir = Path(tempfile.mkdtemp(prefix="rw-load-"))
    env = server_env(database_url, args.cache_url, args.workers, args.threads)
    print(f"Seeding {DB_NAME}: {' '.join(SEED)} …", flush=True)
    print(seed(env), flush=True)
    servers = [Server("ABCDEFGH"[i], env, workdir) for i in range(args.servers)]
    watch_stop = threading.Event()
    try:
        setup = _start(servers, env, database_url, args, workdir)
        threading.Thread(target=setup.balancer.watch, args=(watch_stop,), daemon=True).start()
        failed = _saturate(setup, args) if args.saturate else _team(setup, args)
    finally:
        watch_stop.set()
        for server in servers:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    if not args.keep:
        drop_database(args.admin_url)
        flush_cache(args.cache_url)  # its pages name a database that is gone
    return 1 if failed else 0


def _start(servers: list[Server], env, database_url: str, args, workdir: Path) -> Setup:
    for server in servers:
        server.start()
    for server in servers:
        server.wait_ready()
    print(f"Servers: {', '.join(f'{s.name} {s.url}' for s in servers)}", flush=True)
    return Setup(servers, Balancer(servers), env, database_url, args.cache_url,
                 targets(database_url), workdir)  # fmt: skip


def _team(setup: Setup, args) -> bool:
    print(f"Team run: {args.duration} s …", flush=True)
    report = team_run(setup, args)
    print_team(report)
    (ROOT / "loadtest" / "results.json").write_text(json.dumps(report, indent=2) + "\n")
    return team_failed(report)


def _saturate(setup: Setup, args) -> bool:
    print(f"Saturation: steps of {args.steps} people …", flush=True)
    report = saturation(setup, args)
    print_saturation(report)
    (ROOT / "loadtest" / "saturation.json").write_text(json.dumps(report, indent=2) + "\n")
    return any(s["traffic"]["server_errors_5xx"] or s["people_failed"] for s in report["steps"])


if __name__ == "__main__":
    sys.exit(main())
