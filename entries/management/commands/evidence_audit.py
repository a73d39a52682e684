"""``manage.py evidence_audit [--topic SLUG] [--evidence LEVEL] [--format table|json|csv]``:
every claim with its evidence, caveats, open suggestions and the reason behind each mark."""

from __future__ import annotations

import json
import textwrap

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.spreadsheet import csv_writer
from entries.models import Evidence
from entries.review.audit import AuditRow, audit_claims, audit_row_chunks
from wiki.models import Concept

CSV_FIELDS = (
    "id",
    "entry_id",
    "entry_date",
    "entry_status",
    "paper",
    "evidence",
    "evidence_reason",
    "evidence_level",
    "caveats",
    "suggestions",
    "text",
)


class Command(BaseCommand):
    help = (
        "List every claim with its evidence level, caveats, open suggestions and the reason "
        "behind each mark (the note's own words), for an editor to work through."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--topic", help="Only the entries of this topic (a concept slug).")
        parser.add_argument(
            "--evidence", choices=Evidence.values, help="Only claims at this evidence level."
        )
        parser.add_argument("--format", choices=("table", "json", "csv"), default="table")

    def handle(self, *args, topic: str | None, evidence: str | None, format: str, **options):
        concept = None
        if topic:
            concept = Concept.objects.filter(slug=topic).first()
            if concept is None:
                raise CommandError(f"No topic has the slug “{topic}”.")
        claims = audit_claims(topic=concept, evidence=evidence)
        chunks = audit_row_chunks(claims)
        if format == "json":
            self._json(chunks)
        elif format == "csv":
            self._csv(chunks)
        else:
            self._table(chunks)

    def _json(self, chunks) -> None:
        # One claim per line of the array, written as it is read: no whole list in memory.
        self.stdout.write("[", ending="")
        first = True
        for rows in chunks:
            for row in rows:
                prefix = "\n" if first else ",\n"
                self.stdout.write(prefix + json.dumps(row.as_dict(), ensure_ascii=False), ending="")
                first = False
        self.stdout.write("\n]")

    def _csv(self, chunks) -> None:
        writer = csv_writer(self.stdout)
        writer.writerow(CSV_FIELDS)
        for rows in chunks:
            for row in rows:
                data = row.as_dict()
                data["caveats"] = "; ".join(data["caveats"])
                data["suggestions"] = "; ".join(
                    f"{s['value']} ({s['reason']})" for s in data["suggestions"]
                )
                writer.writerow(
                    [data[name] if data[name] is not None else "" for name in CSV_FIELDS]
                )

    def _table(self, chunks) -> None:
        total = 0
        for rows in chunks:
            for row in rows:
                total += 1
                self.stdout.write(_block(row))
        self.stdout.write(f"{total} claim{'s' if total != 1 else ''}.")


def _block(row: AuditRow) -> str:
    claim = row.claim
    entry = claim.entry
    head = f"#{claim.pk}  {entry.date:%Y-%m-%d}  {claim.get_evidence_display()}"
    if row.caveats:
        head += "  [" + ", ".join(row.caveats) + "]"
    lines = [head, *textwrap.wrap(claim.text, 96, initial_indent="  ", subsequent_indent="  ")]
    lines.append(f"  entry {entry.pk} ({entry.get_status_display()}): {entry.headline[:80]}")
    if row.paper:
        lines.append(f"  paper: {row.paper}")
    for reason in row.reasons:
        source = "from the note" if reason.from_note else "set by an editor"
        lines.append(f"  why {reason.label}: {source}: {reason.why}")
    for suggestion in row.suggestions:
        lines.append(f"  suggested {suggestion.label}: {suggestion.reason}")
    return "\n".join(lines) + "\n"
