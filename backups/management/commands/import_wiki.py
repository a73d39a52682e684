from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.services import BackupError, import_wiki
from core.progress import add_quiet_argument, command_progress


class Command(BaseCommand):
    help = (
        "Restore a backup made by export_wiki into an empty, migrated database, keeping "
        "every id. Refuses a database that already has users, concepts, papers or entries. "
        "Restored users have unusable passwords: each sets a new one."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory", type=Path, metavar="DIR")
        add_quiet_argument(parser)

    def handle(self, *args, directory: Path, **options) -> None:
        try:
            summary = import_wiki(directory, progress=command_progress(self, options))
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        total = sum(summary.counts.values())
        self.stdout.write(self.style.SUCCESS(f"Restored {total} rows from {summary.path}:"))
        for label, count in summary.counts.items():
            self.stdout.write(f"  {label:<20} {count}")
        self.stdout.write(
            "Users have no usable password yet: set one with "
            "`manage.py changepassword USERNAME` (or the password reset page)."
        )
