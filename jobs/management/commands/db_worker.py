"""``manage.py db_worker``: django-tasks-db's worker, plus a heartbeat.

Every ``JOBS_HEARTBEAT_SECONDS`` a thread records that this worker is alive (``/readyz``
reads it), keeps the jobs it runs marked alive, and fails the running jobs that nobody has
heard from for ``JOBS_STALE_SECONDS``: their worker died (killed, out of memory, host gone).
It also runs the management commands of ``JOBS_PERIODIC_COMMANDS`` every so many seconds
(``send_digests``); such a command must be safe to run from several workers at once.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from django.conf import settings
from django.core.management import call_command
from django.db import close_old_connections, connection
from django.utils import timezone
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands.db_worker import Command as WorkerCommand

from jobs.services import jobs_fail_stale, worker_beat

logger = logging.getLogger(__name__)


def _periodic(last_run: dict[str, float]) -> None:
    """Run each periodic command whose interval has passed since its last run here."""
    for name, every in settings.JOBS_PERIODIC_COMMANDS.items():
        if every <= 0 or time.monotonic() - last_run.get(name, -every) < every:
            continue
        last_run[name] = time.monotonic()
        try:
            call_command(name, verbosity=0)
        except Exception:  # the next interval tries again
            logger.exception("Periodic command %s failed", name)


def _heartbeat(worker_id: str, stop: threading.Event) -> None:
    started = timezone.now()
    last_run: dict[str, float] = {}
    while True:
        try:
            close_old_connections()
            worker_beat(worker_id=worker_id, started=started)
            failed = jobs_fail_stale()
            if failed:
                logger.warning("Marked %d job(s) failed: their worker stopped", failed)
            _periodic(last_run)
        except Exception:  # a database hiccup must not end the heartbeat for good
            logger.exception("Worker heartbeat failed")
        finally:
            connection.close()
        if stop.wait(settings.JOBS_HEARTBEAT_SECONDS):
            return


class Command(WorkerCommand):
    help = "Run the background jobs worker (django-tasks' database queue) with a heartbeat"

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--nice",
            type=int,
            default=settings.JOBS_WORKER_NICE,
            help="Lower the worker's CPU priority by this much, so pages are served first "
            "on a shared host (default: JOBS_WORKER_NICE, %(default)s; 0 leaves it)",
        )

    def handle(self, *args, **options) -> None:
        if options["nice"] > 0 and hasattr(os, "nice"):
            os.nice(options["nice"])
        # With --reload the parent process only watches files; the child runs the tasks.
        if options.get("reload") and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true":
            super().handle(*args, **options)
            return
        if options.get("batch"):  # runs what is queued and exits: one beat is enough
            worker_beat(worker_id=options["worker_id"], started=timezone.now())
            jobs_fail_stale()
            super().handle(*args, **options)
            return
        stop = threading.Event()
        beat = threading.Thread(
            target=_heartbeat, args=(options["worker_id"], stop), name="jobs-heartbeat"
        )
        beat.daemon = True
        beat.start()
        try:
            super().handle(*args, **options)
        finally:  # --batch and --max-tasks return; signals end the process
            stop.set()
            beat.join(timeout=10)
