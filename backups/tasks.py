"""Backups' background work: the scheduled backup runs on the worker, not in a request."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django_tasks import task

from backups.scheduled import backups_prune
from backups.services import export_wiki


@task()
def backup_run(*, directory: str) -> int:
    """Back the wiki up into ``directory`` (claimed and empty), then keep the newest
    ``BACKUPS_KEEP`` backups beside it. Returns the rows written."""
    summary = export_wiki(Path(directory))
    backups_prune(Path(directory).parent, keep=settings.BACKUPS_KEEP)
    return sum(summary.counts.values())
