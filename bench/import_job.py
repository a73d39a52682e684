"""A reference import at the upload limit, run as a job by the real worker, while the site
keeps answering: ``python bench/import_job.py`` (DATABASE_URL names a fresh, migrated
database; ``make bench`` runs it on PostgreSQL).

The worker runs as ``db_worker`` does by default, its CPU priority lowered
(``JOBS_WORKER_NICE``): on a host where other work runs too, its wall time is longer than its
CPU time, which the result shows beside it with the load average.

1. Queries per entry: a 2,500-entry BibTeX file imported in-process, every query counted.
2. A file just under the 2 MB upload limit (22,000 entries) queued as a job; ``manage.py
   db_worker`` runs it beside gunicorn, while one client asks for ``/healthz`` every 20 ms:
   the job's wall time from queued to finished, and /healthz p50, p99 and slowest meanwhile.

Prints one JSON line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
UPLOAD_LIMIT = 2 * 1024 * 1024


def bibtex(count: int, offset: int = 0) -> str:
    """``count`` short, distinct entries, the shape of a large export (key, title, author,
    year, a DOI on every third)."""
    lines = []
    for n in range(offset, offset + count):
        doi = f",doi={{10.9999/b.{n}}}" if n % 3 == 0 else ""
        lines.append(
            f"@article{{k{n},title={{Scaling study {n}}},author={{Ann Lee{n % 97}}},"
            f"year={{{2000 + n % 26}}}{doi}}}\n"
        )
    return "".join(lines)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    return round(os.getloadavg()[0], 1)


def queries_per_entry(count: int = 2_500) -> dict:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from papers.models import Paper
    from papers.services import papers_import

    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        report = papers_import(text=bibtex(count, offset=1_000_000), filename="b.bib")
        seconds = time.perf_counter() - started
    assert report.created == count, report.created
    Paper.objects.filter(citation_key__startswith="lee").delete()
    return {
        "entries": count,
        "queries": len(queries),
        "queries_per_entry": round(len(queries) / count, 3),
        "seconds": round(seconds, 2),
    }


def import_beside_site(env: dict[str, str]) -> dict:
    from django.contrib.auth import get_user_model
    from throughput import gunicorn

    from jobs.models import Job
    from jobs.services import job_start

    entries = 22_000
    text = bibtex(entries)
    assert len(text.encode()) < UPLOAD_LIMIT, len(text.encode())
    user, _ = get_user_model().objects.get_or_create(username="bench-importer")
    latencies: list[float] = []
    with gunicorn("config.wsgi", env) as (base, _server):
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            started = time.perf_counter()
            job, _ = job_start(
                kind="papers_import",
                title="Import of bench.bib",
                by=user,
                params={"text": text, "filename": "bench.bib"},
            )
            while True:
                asked = time.perf_counter()
                with urllib.request.urlopen(base + "/healthz", timeout=30) as response:
                    response.read()
                latencies.append((time.perf_counter() - asked) * 1000)
                job.refresh_from_db(fields=["status", "done", "total", "finished"])
                if job.is_finished:
                    break
                if time.perf_counter() - started > 600:
                    raise SystemExit("the import job did not finish in 10 minutes")
                time.sleep(0.02)
            seconds = time.perf_counter() - started
            worker_cpu = cpu_seconds(worker.pid)
        finally:
            worker.terminate()
            worker.wait(timeout=60)
    job = Job.objects.get(pk=job.pk)
    return {
        "entries": entries,
        "bytes": len(text.encode()),
        "status": job.status,
        "error": job.error,
        "created": (job.result or {}).get("created"),
        "seconds": round(seconds, 1),
        # The worker's own CPU time: what the import costs whatever else the host runs.
        "worker_cpu_seconds": round(worker_cpu, 1),
        "load_average": load_average(),
        "healthz_requests": len(latencies),
        "healthz_p50_ms": round(percentile(latencies, 0.50), 1),
        "healthz_p99_ms": round(percentile(latencies, 0.99), 1),
        "healthz_max_ms": round(max(latencies), 1),
    }


def main() -> None:
    import json

    django.setup()
    results = {"queries": queries_per_entry(), "job": import_beside_site(dict(os.environ))}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
