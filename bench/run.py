"""`make bench`: seed PostgreSQL at two sizes, measure every main page, then throughput.

1. For each size: a fresh database, migrate, ``seed_demo``, then bench/measure.py (Django test
   client, warm, N requests per page: p50, p95, SQL queries).
2. On the last database, notes of the seeds' shape imported and published (bench/seeded.py),
   then gunicorn (2 workers, gthread) and wrk (bench/throughput.py): the imported concept
   page anonymous and signed in (contributor, editor), beside a bare Django hello view and
   /healthz served the same way in the same run; the first request after an edit of one
   entry; the peak RSS of a worker.
3. A table with every figure beside its target; bench/results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

from throughput import throughput

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SIZES = {
    "small": {
        "concepts": 50,
        "papers": 1_000,
        "entries": 100,
        "claims-per-entry": 10,
        "results": 200,
    },
    "large": {
        "concepts": 500,
        "papers": 100_000,
        "entries": 10_000,
        "claims-per-entry": 10,
        "results": 20_000,
    },
    # The library a large team grows into (make bench BENCH_ARGS="--sizes small,million
    # --pages-only"): the same wiki, ten times the papers.
    "million": {
        "concepts": 500,
        "papers": 1_000_000,
        "entries": 10_000,
        "claims-per-entry": 10,
        "results": 20_000,
    },
}
TARGET_P95_MS = 50.0
TARGET_GROWTH = 2.0
TARGET_RSS_MB = 150.0
# Requests/s as a share of the bare hello view's, and p99 signed in (DESIGN.md).
TARGET_RATIOS = {"anonymous": 0.85, "contributor": 0.5, "editor": 0.5}  # DESIGN.md
TARGET_SIGNED_IN_P99_MS = 50.0
TARGET_AFTER_EDIT_MS = 50.0
TARGET_HOSTILE_MARKDOWN_MS = 1000.0
TARGET_EVIDENCE_PAGE_MS = 200.0  # a 100-claim page analysed, warm
TARGET_EVIDENCE_HOSTILE_MS = 50.0  # the slowest hostile claim
TARGET_IMPORT_SECONDS = 60.0  # a 22,000-entry BibTeX file run by the jobs worker
TARGET_IMPORT_HEALTHZ_P99_MS = 100.0  # /healthz meanwhile
# Notes of the seeds' shape: the shared seeds when present, else the project's samples.
SEEDS = ROOT.parent / "shared" / "seeds"
SAMPLES = [ROOT / "importer" / "samples", ROOT / "tests" / "importer" / "samples"]


def sh(args: list[str], env: dict[str, str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(args, cwd=ROOT, env=env, check=True, text=True, **kwargs)
    except subprocess.CalledProcessError as exc:
        sys.exit(f"{' '.join(args[1:])} failed:\n{exc.stdout or ''}{exc.stderr or ''}")


def fresh_database(admin_url: str, name: str) -> str:
    import psycopg  # imported here: the benchmark's own dependency, on PostgreSQL

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return re.sub(r"/[^/]*$", f"/{name}", admin_url)


def base_env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS="127.0.0.1,localhost,testserver",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
    )
    return env


def seed_and_measure(admin_url: str, prefix: str, size: str, requests: int) -> tuple[dict, str]:
    url = fresh_database(admin_url, f"{prefix}_{size}")
    env = base_env(url)
    sh([PY, "manage.py", "migrate", "--no-input", "-v0"], env)
    sh([PY, "manage.py", "collectstatic", "--no-input", "-v0"], env)
    args = [f"--{k}={v}" for k, v in SIZES[size].items()]
    started = time.perf_counter()
    seeded = sh([PY, "manage.py", "seed_demo", *args], env, capture_output=True).stdout.strip()
    seed_seconds = time.perf_counter() - started
    print(f"[{size}] {seeded}", flush=True)
    import psycopg  # imported here: the benchmark's own dependency, on PostgreSQL

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
    out = sh([PY, "bench/measure.py", str(requests)], env, capture_output=True).stdout
    pages = json.loads(out.strip().splitlines()[-1])
    return {"seed": seeded, "seed_seconds": round(seed_seconds, 1), "pages": pages}, url


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(results: dict) -> None:
    sizes = results["sizes"]
    biggest = next((size for size in ("million", "large") if size in sizes), "large")
    small = {p["page"]: p for p in sizes.get("small", {}).get("pages", [])}
    large = {p["page"]: p for p in sizes.get(biggest, {}).get("pages", [])}
    for size, figures in sizes.items():
        print(f"[{size}] seed_demo {figures['seed_seconds']} s: {figures['seed']}")
    header = ["page", "status", "queries", "p50 small", "p95 small", f"p50 {biggest}"]
    header.append(f"p95 {biggest}")
    width = max([42, *(len(name) + 2 for name in large or small)])
    print()
    print(f"{header[0]:<{width}}" + "".join(f"{h:>10}" for h in header[1:]) + "   growth  target")
    for name in large or small:
        big, little = large.get(name, {}), small.get(name, {})
        shown = big or little
        growth = big["p95_ms"] / little["p95_ms"] if big and little.get("p95_ms") else 0.0
        ok = (
            shown["status"] == 200
            and shown["p95_ms"] <= TARGET_P95_MS
            and (not big or growth <= TARGET_GROWTH)
        )
        cells = [shown["status"], shown["queries"]] + [
            side.get(key, "-") for side in (little, big) for key in ("p50_ms", "p95_ms")
        ]
        row = f"{name:<{width}}" + "".join(f"{c:>10}" for c in cells)
        print(row + f"{growth:>9.2f}  {verdict(ok)}")
    print(f"targets: p95 <= {TARGET_P95_MS:.0f} ms, p95 {biggest}/small <= {TARGET_GROWTH:.0f}")
    if results.get("import_job"):
        report_import_job(results["import_job"])
    hostile = results.get("hostile_markdown")
    if hostile:
        ok = verdict(hostile["ms"] < TARGET_HOSTILE_MARKDOWN_MS)
        print(f"hostile Markdown, slowest of {len(hostile['shapes'])} shapes "
              f"({hostile['slowest']}): {hostile['ms']:.0f} ms "
              f"(target < {TARGET_HOSTILE_MARKDOWN_MS:.0f} ms: {ok})")  # fmt: skip
    speed = results.get("evidence")
    if speed:
        page_ok = verdict(speed["page_ms"] <= TARGET_EVIDENCE_PAGE_MS)
        hostile_ok = verdict(speed["hostile_ms"] <= TARGET_EVIDENCE_HOSTILE_MS)
        print(f"evidence, a {speed['claims']}-claim page: {speed['page_ms']:.0f} ms median "
              f"(worst {speed['page_worst_ms']:.0f}, fastest {speed['page_fastest_ms']:.0f}, "
              f"read again {speed['page_again_ms']:.0f}; "
              f"target <= {TARGET_EVIDENCE_PAGE_MS:.0f} ms: {page_ok}); slowest hostile claim "
              f"({speed['hostile_slowest']}): {speed['hostile_ms']:.0f} ms "
              f"(target <= {TARGET_EVIDENCE_HOSTILE_MS:.0f} ms: {hostile_ok})")  # fmt: skip
    tp = results.get("throughput", {})
    if "hello" in tp:
        report_throughput(tp)
    elif tp:
        print(f"throughput: {tp}")


def report_import_job(figures: dict) -> None:
    queries, job = figures["queries"], figures["job"]
    print(f"\nimport: {queries['entries']} BibTeX entries in {queries['queries']} queries "
          f"({queries['queries_per_entry']} per entry)")  # fmt: skip
    ok = verdict(job["status"] == "succeeded" and job["seconds"] < TARGET_IMPORT_SECONDS)
    target = f"target < {TARGET_IMPORT_SECONDS:.0f} s: {ok}"
    print(f"import job: {job['entries']} entries ({job['bytes'] / 1e6:.2f} MB) by db_worker in "
          f"{job['seconds']} s, {job['status']} ({target}); the worker's CPU time "
          f"{job['worker_cpu_seconds']} s, load average {job['load_average']}")  # fmt: skip
    ok = verdict(job["healthz_p99_ms"] < TARGET_IMPORT_HEALTHZ_P99_MS)
    target = f"target p99 < {TARGET_IMPORT_HEALTHZ_P99_MS:.0f} ms: {ok}"
    print(f"/healthz meanwhile: {job['healthz_requests']} requests, p50 "
          f"{job['healthz_p50_ms']} ms, p99 {job['healthz_p99_ms']} ms, slowest "
          f"{job['healthz_max_ms']} ms ({target})")  # fmt: skip


def run_import_job(admin_url: str, prefix: str) -> dict:
    url = fresh_database(admin_url, f"{prefix}_import")
    env = base_env(url)
    sh([PY, "manage.py", "migrate", "--no-input", "-v0"], env)
    print("[import] a 22,000-entry BibTeX file as a job, /healthz polled meanwhile …", flush=True)
    out = sh([PY, "bench/import_job.py"], env, capture_output=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def report_throughput(tp: dict) -> None:
    print(f"\nwrk -t2 -c16 on {tp['page']}, every server up and measured in turns: medians "
          f"of {tp['rounds']} rounds (load average {tp['load_before']} before, "
          f"{tp['load_after']} after)")  # fmt: skip
    print(f"{'served':<28}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'worst':>9}{'/ hello':>9}"
          "  target")  # fmt: skip
    for key, label in [
        ("hello", "bare Django hello view"),
        ("hello_no_access_log", "  the same, no access log"),
        ("healthz", "/healthz"),
        ("anonymous", "concept page, anonymous"),
        ("contributor", "concept page, contributor"),
        ("editor", "concept page, editor"),
    ]:
        row = tp[key]
        ratio = row.get("ratio_to_hello", 1.0)
        target = ""
        if key in TARGET_RATIOS:
            ok = ratio >= TARGET_RATIOS[key]
            target = f">= {TARGET_RATIOS[key]:.2f}"
            if key != "anonymous":
                ok = ok and row.get("p99_ms", 1e9) < TARGET_SIGNED_IN_P99_MS
                target += f", p99 < {TARGET_SIGNED_IN_P99_MS:.0f} ms"
            target += f": {verdict(ok)}"
        print(f"{label:<28}{row['rps']:>9.0f}{row.get('p50_ms', 0):>9.1f}"
              f"{row.get('p99_ms', 0):>9.1f}{row.get('worst_p99_ms', 0):>9.1f}"
              f"{ratio:>9.3f}  {target}")  # fmt: skip
    lopsided = {key: tp[key].get("one_worker_rounds", 0) for key in TARGET_RATIOS}
    if any(lopsided.values()):
        counts = ", ".join(f"{key} {n} of {tp['rounds']}" for key, n in lopsided.items())
        print(f"rounds in which one gunicorn worker held every wrk connection: {counts}")
    for who, figures in tp["after_edit"].items():
        ok = verdict(figures["median_ms"] < TARGET_AFTER_EDIT_MS)
        print(f"first request after an edit of one entry, {who}: median "
              f"{figures['median_ms']:.0f} ms, max {figures['max_ms']:.0f} ms "
              f"(target < {TARGET_AFTER_EDIT_MS:.0f} ms: {ok})")  # fmt: skip
    rss_ok = verdict(tp["worker_peak_rss_mb"] <= TARGET_RSS_MB)
    print(f"peak worker RSS {tp['worker_peak_rss_mb']:.0f} MB "
          f"(target <= {TARGET_RSS_MB:.0f} MB: {rss_ok})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL URL allowed to create databases",
    )
    parser.add_argument("--sizes", default="small,large")
    parser.add_argument("--database-prefix", default="rw_bench", help="databases PREFIX_<size>")
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--wrk-seconds", type=int, default=3, help="per target and round")
    parser.add_argument("--wrk-rounds", type=int, default=5)
    parser.add_argument(
        "--only-import-job", action="store_true", help="only the import job (bench/import_job.py)"
    )
    parser.add_argument(
        "--pages-only",
        action="store_true",
        help="only the pages of each size (no evidence speed, import job, hostile Markdown, wrk)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    results: dict = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "sizes": {},
    }
    if args.only_import_job:
        results["import_job"] = run_import_job(args.admin_url, args.database_prefix)
        report_import_job(results["import_job"])
        return
    if not args.pages_only:
        out = sh([PY, "bench/evidence_speed.py"], dict(os.environ), capture_output=True).stdout
        results["evidence"] = json.loads(out.strip().splitlines()[-1])
        results["import_job"] = run_import_job(args.admin_url, args.database_prefix)
    url = ""
    for size in args.sizes.split(","):
        print(f"[{size}] seeding {SIZES[size]} …", flush=True)
        results["sizes"][size], url = seed_and_measure(
            args.admin_url, args.database_prefix, size, args.requests
        )
    if url and not args.pages_only:
        out = sh([PY, "bench/hostile_markdown.py"], base_env(url), capture_output=True).stdout
        results["hostile_markdown"] = json.loads(out.strip().splitlines()[-1])
        notes = [SEEDS] if SEEDS.is_dir() else SAMPLES
        env = base_env(url)
        out = sh([PY, "bench/seeded.py", "prepare", *map(str, notes)], env, capture_output=True)
        seeded = json.loads(out.stdout.strip().splitlines()[-1])
        results["seeded"] = {"notes": [str(p) for p in notes], "path": seeded["path"]}
        print(f"[{size}] imported {seeded['notes']} notes; gunicorn + wrk on "
              f"{seeded['path']}, /healthz and a bare hello view …", flush=True)  # fmt: skip
        results["throughput"] = throughput(env, seeded, args.wrk_seconds, args.wrk_rounds)
    results["seconds"] = round(time.perf_counter() - started, 1)
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    report(results)
    print(f"\nwritten {out.relative_to(ROOT)} in {results['seconds']} s")


if __name__ == "__main__":
    main()
