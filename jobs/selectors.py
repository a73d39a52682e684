"""Reads of jobs sized for their pages: never the job's input (an import's whole file)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from jobs.models import Job

LIST_LIMIT = 100


def jobs_of(user: AbstractBaseUser) -> QuerySet[Job]:
    """The jobs a person started, newest first, without their input or report."""
    return Job.objects.filter(started_by=user).defer("params", "result")[:LIST_LIMIT]


def job_for(user: AbstractBaseUser, pk: int) -> Job | None:
    """A job its starter (or a superuser) may watch; None for anybody else."""
    jobs = Job.objects.select_related("started_by").defer("params")
    if not user.is_superuser:
        jobs = jobs.filter(started_by=user)
    return jobs.filter(pk=pk).first()
