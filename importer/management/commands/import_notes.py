from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from entries.models import EntryStatus
from importer.load import NoteSource, notes_import
from importer.notes import MAX_FILE_BYTES
from importer.report import FileReport

SUFFIXES = {".txt", ".md", ".markdown"}


class Command(BaseCommand):
    help = (
        "Import concept pages and topic feeds written elsewhere (plain text in the seeds' "
        "shape, or Markdown with the same headings). Each file is imported in its own "
        "transaction and importing the same file again changes nothing. A directory "
        "imports its .txt/.md files. Entries land in the review queue unless --status "
        "published; their claims start unmarked."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
        parser.add_argument(
            "--status",
            choices=[EntryStatus.PENDING, EntryStatus.PUBLISHED],
            default=EntryStatus.PENDING,
            help="Status of imported entries: pending (default: they wait in /review/) or "
            "published (for trusted migrations).",
        )
        parser.add_argument(
            "--author",
            metavar="USERNAME",
            help="Record this user as the author of the concepts' revisions and of the "
            "entries. Default: no author — the import itself is the source, and any editor "
            "may review the entries (the four-eyes rule has no author to exclude).",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Parse and report what would change, then roll everything back.",
        )

    def handle(self, *args, paths: list[Path], status: str, author: str | None, **options):
        user = None
        if author:
            user = get_user_model().objects.filter(username=author).first()
            if user is None:
                raise CommandError(f"No user named “{author}”.")
        sources = [self._source(path) for path in self._files(paths)]
        dry_run = options["dry_run"]
        report = notes_import(
            sources=sources, author=user, status=status, dry_run=dry_run, on_file=self._progress
        )
        self.stdout.write("")
        heading = "Would import (dry run, nothing saved):" if dry_run else "Imported:"
        self.stdout.write(self.style.MIGRATE_HEADING(heading))
        for kind, tally in report.totals.items():
            self.stdout.write(f"  {kind:<9} {tally}")
        if report.revisions:
            self.stdout.write(
                f"  {report.revisions} published entries changed: each change waits for "
                "review as a revision; readers keep the published text until it is approved."
            )
        for line in report.refused:
            self.stdout.write(f"  Left as it was: {line}")
        if report.marked_from_text:
            self.stdout.write(
                f"  {report.marked_from_text} claims are marked from the notes' own words "
                "(the words are kept with each mark); an editor confirms them in review."
            )
        if report.suggestions:
            self.stdout.write(
                f"  {report.suggestions} new claims have evidence suggestions for an editor."
            )
        if report.ok and not report.changed:
            self.stdout.write("Nothing new: every file was imported before.")
        if not report.ok:
            raise CommandError(
                f"{len(report.errors)} of {len(report.files)} files failed; nothing of "
                "those files was kept."
            )

    def _files(self, paths: list[Path]) -> list[Path]:
        files: list[Path] = []
        for path in paths:
            if path.is_dir():
                files += sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES)
            elif path.exists():
                files.append(path)
            else:
                raise CommandError(f"{path}: no such file or directory")
        return files

    def _source(self, path: Path) -> NoteSource:
        try:
            with path.open("rb") as handle:
                # One byte over the limit is enough to refuse the file.
                return NoteSource(name=path.name, data=handle.read(MAX_FILE_BYTES + 1))
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None

    def _progress(self, report: FileReport) -> None:
        if report.ok:
            self.stdout.write(report.progress())
        else:
            self.stderr.write(self.style.ERROR(report.progress()))
