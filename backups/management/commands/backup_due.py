from __future__ import annotations

from django.core.management.base import BaseCommand

from backups.scheduled import backup_claim
from backups.tasks import backup_run


class Command(BaseCommand):
    help = (
        "Queue this period's backup (BACKUPS_DIR, every BACKUPS_EVERY_SECONDS) unless it is "
        "queued already; the jobs worker runs it every few minutes."
    )

    def handle(self, *args, **options) -> None:
        folder = backup_claim()
        if folder is not None:
            backup_run.enqueue(directory=str(folder))
        if options["verbosity"]:  # the worker runs it quietly
            self.stdout.write(f"Backup queued into {folder}." if folder else "No backup due.")
