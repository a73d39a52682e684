"""The concept page's throughput of this tree beside an earlier commit's, in one run.

A speed goal "within N% of before" is only as good as its "before" measured the same way
on the same machine at the same time: this machine's load moves the figures of separate
runs more than most changes do. So both trees are served at once and measured in turns:

1. the commit ``--ref`` checked out in a temporary git worktree;
2. for each tree its own PostgreSQL database (``PREFIX_ref``, ``PREFIX_tree``), migrated,
   given demo content (``setup_demo``) and the seeds' notes (its own ``bench/seeded.py
   prepare``), its static files collected with ``DEBUG=0``;
3. gunicorn for each tree and one bare hello view, as bench/throughput.py serves them;
   the concept page anonymous, as a contributor and as an editor (logged in through the
   form), ``--rounds`` interleaved rounds of ``wrk -t2 -c16`` for ``--seconds`` each;
4. a table: requests/s, p50 and p99 (medians of the rounds), the ratio to the hello view
   (the median of each round's ratio) and this tree's ratio to the earlier one's.

    .venv/bin/python bench/compare.py --ref 5179cfa [--rounds 5] [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from run import SAMPLES, SEEDS, base_env, fresh_database, sh
from throughput import fetch, gunicorn, load_average, log_in, wrk

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
ROLES = ("anonymous", "contributor", "editor")


def prepare(tree: Path, admin_url: str, database: str) -> tuple[dict[str, str], dict]:
    """A database for ``tree`` with the page to measure; (environment, seeded)."""
    env = base_env(fresh_database(admin_url, database))
    notes = [SEEDS] if SEEDS.is_dir() else SAMPLES
    for step in (
        ["manage.py", "migrate", "--no-input", "-v0"],
        ["manage.py", "collectstatic", "--no-input", "-v0"],
        ["manage.py", "setup_demo"],
        ["bench/seeded.py", "prepare", *map(str, notes)],
    ):
        out = subprocess.run(
            [PY, *step], cwd=tree, env=env, capture_output=True, text=True, check=False
        )
        if out.returncode:
            sys.exit(f"{tree}: {' '.join(step)} failed:\n{out.stdout}{out.stderr}")
    return env, json.loads(out.stdout.strip().splitlines()[-1])


def measure(trees: dict[str, Path], admin_url: str, prefix: str, rounds: int, seconds: int):
    prepared = {name: prepare(tree, admin_url, f"{prefix}_{name}") for name, tree in trees.items()}
    env = next(iter(prepared.values()))[0]
    with ExitStack() as stack:
        logged = {**env, "WEB_ACCESS_LOG": "-"}
        hello, _ = stack.enter_context(
            gunicorn("hello_wsgi:application", logged, "--chdir", str(ROOT / "bench"))
        )
        targets = {"hello view": (hello + "/", "")}
        for name, tree in trees.items():
            tree_env, seeded = prepared[name]
            base, _ = stack.enter_context(
                gunicorn("config.wsgi", {**tree_env, "WEB_ACCESS_LOG": "-"}, cwd=tree)
            )
            page = base + seeded["path"]
            targets[f"{name} anonymous"] = (page, "")
            for role in ROLES[1:]:
                user = f"bench-{role}"
                targets[f"{name} {role}"] = (page, log_in(base, user, seeded["people"][user]))
        for url, cookie in targets.values():
            for _ in range(30):  # warm both workers' connections and caches
                fetch(url, cookie)
        runs: dict[str, list[dict]] = {key: [] for key in targets}
        load = [load_average()]
        for _ in range(rounds):
            for key, (url, cookie) in targets.items():
                runs[key].append(wrk(url, seconds, cookie))
        load.append(load_average())
    return runs, load


def report(runs: dict[str, list[dict]], names: list[str], load: list[str]) -> None:
    hello = runs["hello view"]

    def ratio(key: str) -> float:
        return statistics.median(
            r["rps"] / (h["rps"] or 1) for r, h in zip(runs[key], hello, strict=True)
        )

    def median(key: str, figure: str) -> float:
        return statistics.median(r.get(figure, 0.0) for r in runs[key])

    print(f"\nload average before and after: {load[0]} / {load[1]}")
    print(f"{'served':<28}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'/ hello':>9}{'/ ref':>8}")
    for key in runs:
        role = key.split(" ", 1)[-1]
        against = ratio(key) / ratio(f"ref {role}") if key.startswith(names[-1]) else None
        print(
            f"{key:<28}{median(key, 'rps'):>8.0f}{median(key, 'p50_ms'):>9.1f}"
            f"{median(key, 'p99_ms'):>9.1f}{ratio(key):>9.3f}"
            + (f"{against:>8.2f}" if against is not None else "")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ref", required=True, help="the earlier commit to compare with")
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
    )
    parser.add_argument("--database-prefix", default="rw_compare")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=3, help="per target and round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rw-compare-") as tmp:
        ref = Path(tmp) / "ref"
        sh(["git", "worktree", "add", "--detach", "-q", str(ref), args.ref], dict(os.environ))
        try:
            if not (ref / "bench" / "seeded.py").is_file():
                sys.exit(f"{args.ref} has no bench/seeded.py to prepare its page with")
            runs, load = measure(
                {"ref": ref, "tree": ROOT}, args.admin_url, args.database_prefix,
                args.rounds, args.seconds,
            )  # fmt: skip
        finally:
            sh(["git", "worktree", "remove", "--force", str(ref)], dict(os.environ))
    print(f"ref = {args.ref}; tree = this checkout")
    report(runs, ["ref", "tree"], load)


if __name__ == "__main__":
    main()
