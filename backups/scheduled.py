"""Scheduled backups: the worker makes a backup of the whole wiki once a period.

``manage.py backup_due`` (run by the worker's heartbeat every few minutes, see
``JOBS_PERIODIC_COMMANDS``) claims the current period by creating its folder under
``BACKUPS_DIR`` (``wiki-20261204-000000``, the period's start in UTC): creating a folder
succeeds for one process only, so however many workers run the command, one backup is
queued a period. The backup itself is a job (``backups.tasks.backup_run``): the same
``export_wiki`` as ``manage.py export_wiki``, then the oldest backups past ``BACKUPS_KEEP``
are removed.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

from django.conf import settings
from django.utils import timezone

PREFIX = "wiki-"


def period_folder(now: dt.datetime, every_seconds: int) -> str:
    """The folder name of the period ``now`` falls in (periods counted from the epoch)."""
    start = int(now.timestamp()) // every_seconds * every_seconds
    return PREFIX + dt.datetime.fromtimestamp(start, dt.UTC).strftime("%Y%m%d-%H%M%S")


def backup_claim(*, now: dt.datetime | None = None) -> Path | None:
    """The current period's folder, made empty for its backup; ``None`` when backups are off
    or another process claimed the period already."""
    if not settings.BACKUPS_DIR:
        return None
    root = Path(settings.BACKUPS_DIR)
    root.mkdir(parents=True, exist_ok=True)
    folder = root / period_folder(now or timezone.now(), settings.BACKUPS_EVERY_SECONDS)
    try:
        folder.mkdir()
    except FileExistsError:
        return None
    return folder


def backups_prune(root: Path, *, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups in ``root`` (their names sort by time);
    return the removed folders."""
    made = sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith(PREFIX))
    removed = made[:-keep] if keep else made
    for folder in removed:
        shutil.rmtree(folder, ignore_errors=True)
    return removed
