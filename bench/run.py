"""`make bench`: seed PostgreSQL at two sizes, measure every main page, then throughput.

1. For each size: a fresh database, migrate, ``seed_demo``, then bench/measure.py (Django test
   client, warm, N requests per page: p50, p95, SQL queries).
2. On the large database: gunicorn (2 workers, gthread) and wrk — the anonymous concept page
   against /healthz on the same server in the same run — and the peak RSS of a worker.
3. A table with every figure beside its target; bench/results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SIZES = {
    "small": {"concepts": 50, "papers": 1_000, "entries": 100, "claims-per-entry": 10},
    "large": {"concepts": 500, "papers": 100_000, "entries": 10_000, "claims-per-entry": 10},
}
TARGET_P95_MS = 50.0
TARGET_GROWTH = 2.0
TARGET_RATIO = 0.50
TARGET_RSS_MB = 150.0


def sh(args: list[str], env: dict[str, str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(args, cwd=ROOT, env=env, check=True, text=True, **kwargs)
    except subprocess.CalledProcessError as exc:
        sys.exit(f"{' '.join(args[1:])} failed:\n{exc.stdout or ''}{exc.stderr or ''}")


def fresh_database(admin_url: str, name: str) -> str:
    import psycopg

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


def seed_and_measure(admin_url: str, size: str, requests: int) -> tuple[dict, str]:
    url = fresh_database(admin_url, f"rw_bench_{size}")
    env = base_env(url)
    sh([PY, "manage.py", "migrate", "--no-input", "-v0"], env)
    sh([PY, "manage.py", "collectstatic", "--no-input", "-v0"], env)
    args = [f"--{k}={v}" for k, v in SIZES[size].items()]
    started = time.perf_counter()
    seeded = sh([PY, "manage.py", "seed_demo", *args], env, capture_output=True).stdout.strip()
    seed_seconds = time.perf_counter() - started
    print(f"[{size}] {seeded}", flush=True)
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
    out = sh([PY, "bench/measure.py", str(requests)], env, capture_output=True).stdout
    pages = json.loads(out.strip().splitlines()[-1])
    return {"seed": seeded, "seed_seconds": round(seed_seconds, 1), "pages": pages}, url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wrk(url: str, seconds: int) -> float:
    out = subprocess.run(
        ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non2xx:
        print(f"  warning: {non2xx.group(1)} non-2xx responses from {url}", flush=True)
    return float(match.group(1)) if match else 0.0


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True
    ).stdout
    return [int(p) for p in out.split()]


def peak_rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return 0.0
    match = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(match.group(1)) / 1024 if match else 0.0


def page_cache_state(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get("X-Page-Cache", "absent")


def throughput(url: str, concept_path: str, seconds: int) -> dict:
    if shutil.which("wrk") is None:
        return {"skipped": "wrk is not installed (apt-get install wrk)"}
    port = free_port()
    env = base_env(url)
    server = subprocess.Popen(
        [PY, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--worker-class", "gthread", "--threads", "4", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        for path in ("/healthz", concept_path):  # warm both workers' connections and caches
            for _ in range(20):
                urllib.request.urlopen(base + path, timeout=10).read()
        healthz = wrk(base + "/healthz", seconds)
        before = page_cache_state(base + concept_path)
        concept = wrk(base + concept_path, seconds)
        after = page_cache_state(base + concept_path)
        if (before, after) != ("hit", "hit"):
            # Something wrote content meanwhile: the figure measured rendering, not the cache.
            print(f"  warning: the concept page was a cache {before} before wrk and a {after} "
                  "after", flush=True)  # fmt: skip
        rss = max((peak_rss_mb(p) for p in worker_pids(server.pid)), default=0.0)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return {
        "healthz_rps": healthz,
        "concept_rps": concept,
        "ratio": round(concept / healthz, 3) if healthz else 0.0,
        "page_cache_before_and_after": [before, after],
        "worker_peak_rss_mb": round(rss, 1),
    }


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(results: dict) -> None:
    small = {p["page"]: p for p in results["sizes"].get("small", {}).get("pages", [])}
    large = {p["page"]: p for p in results["sizes"].get("large", {}).get("pages", [])}
    header = ["page", "status", "queries", "p50 small", "p95 small", "p50 large", "p95 large"]
    print()
    print(f"{header[0]:<26}" + "".join(f"{h:>10}" for h in header[1:]) + "   growth  target")
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
        print(f"{name:<26}" + "".join(f"{c:>10}" for c in cells) + f"{growth:>9.2f}  {verdict(ok)}")
    print(f"targets: p95 <= {TARGET_P95_MS:.0f} ms, p95 large/small <= {TARGET_GROWTH:.0f}")
    tp = results.get("throughput", {})
    if "ratio" in tp:
        print()
        ratio_ok = verdict(tp["ratio"] >= TARGET_RATIO)
        rss_ok = verdict(tp["worker_peak_rss_mb"] <= TARGET_RSS_MB)
        print(
            f"/healthz {tp['healthz_rps']:.0f} req/s; anonymous concept page "
            f"{tp['concept_rps']:.0f} req/s; ratio {tp['ratio']:.2f} "
            f"(target >= {TARGET_RATIO:.2f}: {ratio_ok})"
        )
        print(
            f"peak worker RSS {tp['worker_peak_rss_mb']:.0f} MB "
            f"(target <= {TARGET_RSS_MB:.0f} MB: {rss_ok})"
        )
    elif tp:
        print(f"throughput: {tp}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL URL allowed to create databases",
    )
    parser.add_argument("--sizes", default="small,large")
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--wrk-seconds", type=int, default=10)
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
    url = ""
    for size in args.sizes.split(","):
        print(f"[{size}] seeding {SIZES[size]} …", flush=True)
        results["sizes"][size], url = seed_and_measure(args.admin_url, size, args.requests)
    if url:
        concept_path = results["sizes"][size]["pages"][0]["path"]
        print(f"[{size}] gunicorn + wrk on {concept_path} and /healthz …", flush=True)
        results["throughput"] = throughput(url, concept_path, args.wrk_seconds)
    results["seconds"] = round(time.perf_counter() - started, 1)
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    report(results)
    print(f"\nwritten {out.relative_to(ROOT)} in {results['seconds']} s")


if __name__ == "__main__":
    main()
