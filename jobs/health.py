"""The worker's part of ``/readyz``: when a jobs worker was last heard from."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone

from jobs.models import Job, JobStatus
from jobs.services import worker_last_seen


def worker_check() -> dict[str, Any]:
    seen = worker_last_seen()
    waiting = Job.objects.filter(status=JobStatus.QUEUED).count()
    if seen is None:
        return {"ok": False, "detail": "no worker has ever been seen", "queued_jobs": waiting}
    age = (timezone.now() - seen).total_seconds()
    ok = age <= settings.JOBS_STALE_SECONDS
    detail = f"last heartbeat {age:.0f} s ago" + ("" if ok else " (none recently)")
    return {"ok": ok, "detail": detail, "queued_jobs": waiting}
