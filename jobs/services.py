"""Starting, running and watching jobs. The queue is django-tasks' (its database backend in
production: ``manage.py db_worker`` runs what is queued); the ``Job`` row is what people see."""

from __future__ import annotations

import logging
import os
import socket
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from jobs.models import Job, JobStatus, WorkerBeat
from jobs.registry import JobError, kind_of

logger = logging.getLogger(__name__)

STOPPED_WORKER = (
    "The worker running this job stopped without finishing it (it was restarted or died). "
    "Nothing after the last progress shown was saved: start the job again."
)


@transaction.atomic
def job_start(
    *,
    kind: str,
    title: str,
    by: AbstractBaseUser | None,
    params: dict[str, Any],
    submission: str = "",
) -> tuple[Job, bool]:
    """Queue a job, or return the one this form submission already started (``submission``,
    its one-time token): a resubmitted form never queues twice. Returns (job, created).

    The job row and its queue entry are written in one transaction: neither exists alone.
    """
    if kind_of(kind) is None:
        raise ValueError(f"No kind of job is called {kind!r}")
    owner = by if by is not None and by.is_authenticated else None
    if submission and owner is not None:
        existing = Job.objects.filter(started_by=owner, submission=submission).first()
        if existing is not None:
            return existing, False
    try:
        with transaction.atomic():
            job = Job.objects.create(
                kind=kind,
                title=title[:200],
                started_by=owner,
                submission=submission if owner is not None else "",
                params=params,
            )
    except IntegrityError:  # the same submission, a moment earlier, in another worker
        return Job.objects.get(started_by=owner, submission=submission), False
    from jobs.tasks import job_run  # the task module imports this one

    result = job_run.enqueue(job_id=job.pk)
    # An inline backend has run the job already; a queue only gave it an id.
    Job.objects.filter(pk=job.pk).update(task_id=str(result.id))
    job.refresh_from_db()
    return job, True


def _progress_writer(job_id: int):
    def progress(*, done: int, total: int, errors: int = 0) -> None:
        Job.objects.filter(pk=job_id).update(
            done=done, total=total, errors=errors, beat=timezone.now()
        )

    return progress


def job_execute(*, job_id: int, worker_id: str = "") -> Job | None:
    """Run a queued job: claimed once (a job is never run twice, even if its queue entry
    were), its progress written as it goes, its report or the reason it failed at the end."""
    now = timezone.now()
    claimed = Job.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING, started=now, beat=now, worker_id=worker_id[:64]
    )
    if not claimed:
        logger.warning("Job %s is not waiting to run; not running it again", job_id)
        return None
    job = Job.objects.select_related("started_by").get(pk=job_id)
    kind = kind_of(job.kind)
    try:
        if kind is None:
            raise JobError(f"This site no longer knows how to run a job of kind {job.kind!r}.")
        report = kind.run(params=job.params, by=job.started_by, progress=_progress_writer(job.pk))
    except JobError as exc:
        return _job_fail(job, str(exc))
    except Exception as exc:
        logger.exception("Job %s (%s) failed", job.pk, job.kind)
        reason = f"It stopped on an unexpected error: {type(exc).__name__}: {exc}"[:2000]
        return _job_fail(job, reason)
    # The input (an import's whole file) is dropped once the job is over: the report stays.
    Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING).update(
        status=JobStatus.SUCCEEDED,
        result=report,
        params={},
        finished=timezone.now(),
        beat=timezone.now(),
    )
    job.refresh_from_db()
    return job


def _job_fail(job: Job, reason: str) -> Job:
    Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING).update(
        status=JobStatus.FAILED, error=reason, params={}, finished=timezone.now()
    )
    job.refresh_from_db()
    return job


def jobs_fail_stale(*, now: datetime | None = None) -> int:
    """Mark failed, with the reason, every running job that nobody has heard from for
    ``JOBS_STALE_SECONDS`` (neither a progress step nor its worker's heartbeat): its worker
    died. Returns how many."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.JOBS_STALE_SECONDS)
    stale = Job.objects.filter(status=JobStatus.RUNNING, beat__lt=cutoff)
    task_ids = [task_id for task_id in stale.values_list("task_id", flat=True) if task_id]
    count = stale.update(status=JobStatus.FAILED, error=STOPPED_WORKER, finished=now)
    if task_ids:
        _queue_entries_fail(task_ids)
    return count


def _queue_entries_fail(task_ids: list[str]) -> None:
    """The queue keeps a dead worker's entries "running" for ever: say they failed."""
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.filter(id__in=task_ids, status="RUNNING").update(
        status="FAILED", finished_at=timezone.now()
    )


def worker_beat(*, worker_id: str, started: datetime) -> None:
    """A worker's sign of life, and of life for the jobs it is running."""
    now = timezone.now()
    WorkerBeat.objects.update_or_create(
        worker_id=worker_id[:64],
        defaults={"seen": now, "host": socket.gethostname()[:200], "pid": os.getpid()},
        create_defaults={
            "seen": now,
            "started": started,
            "host": socket.gethostname()[:200],
            "pid": os.getpid(),
        },
    )
    Job.objects.filter(status=JobStatus.RUNNING, worker_id=worker_id[:64]).update(beat=now)
    # Old workers' rows would otherwise pile up with every restart.
    WorkerBeat.objects.filter(seen__lt=now - timedelta(days=1)).delete()


def worker_last_seen() -> datetime | None:
    return WorkerBeat.objects.order_by("-seen").values_list("seen", flat=True).first()


def worker_seen_recently(*, now: datetime | None = None) -> bool:
    seen = worker_last_seen()
    now = now or timezone.now()
    return seen is not None and now - seen <= timedelta(seconds=settings.JOBS_STALE_SECONDS)
