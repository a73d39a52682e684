from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups.services import BackupError, export_wiki
from core.progress import add_quiet_argument, command_progress


class Command(BaseCommand):
    help = (
        "Back up the whole wiki into DIR: JSON for every table (the data import_wiki "
        "restores, with the same ids), a Markdown file per concept and per entry, and the "
        "papers as BibTeX. Users are saved without passwords. DIR must be new or empty."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory", type=Path, metavar="DIR")
        add_quiet_argument(parser)

    def handle(self, *args, directory: Path, **options) -> None:
        try:
            summary = export_wiki(directory, progress=command_progress(self, options))
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        total = sum(summary.counts.values())
        self.stdout.write(self.style.SUCCESS(f"Backed up {total} rows into {summary.path}:"))
        for label, count in summary.counts.items():
            self.stdout.write(f"  {label:<20} {count}")
