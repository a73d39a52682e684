from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from core.htmx import render_page
from jobs.models import JobStatus
from jobs.registry import kind_of
from jobs.selectors import job_for, jobs_of
from jobs.services import jobs_fail_stale, worker_seen_recently


@require_GET
@login_required
def job_list(request: HttpRequest) -> HttpResponse:
    jobs = list(jobs_of(request.user))
    for job in jobs:
        job.kind_label = getattr(kind_of(job.kind), "label", job.kind)
    return render(request, "jobs/list.html", {"jobs": jobs})


@require_GET
@login_required
def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's progress, polled by htmx while it runs; its report (or why it failed) once
    it is done. Only the person who started it sees it."""
    job = job_for(request.user, pk)
    if job is None:
        raise Http404("No such job")
    stale_before = timezone.now() - timedelta(seconds=settings.JOBS_STALE_SECONDS)
    if job.status == JobStatus.RUNNING and job.beat and job.beat < stale_before:
        jobs_fail_stale()  # its worker died and no live worker has noticed yet
        job = job_for(request.user, pk)
    kind = kind_of(job.kind)
    context = {
        "job": job,
        "kind": kind,
        "report": job.result,
        "worker_missing": job.status == JobStatus.QUEUED and not worker_seen_recently(),
    }
    return render_page(request, "jobs/detail.html", context, fragment="progress")
