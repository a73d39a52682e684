"""What an import did, file by file: counts of created, updated and unchanged rows, and
what was refused or waits for review."""

from __future__ import annotations

from dataclasses import dataclass, field

from entries.models import EntryStatus


@dataclass
class Tally:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def add(self, other: Tally) -> None:
        self.created += other.created
        self.updated += other.updated
        self.unchanged += other.unchanged

    @property
    def changed(self) -> int:
        return self.created + self.updated

    def __str__(self) -> str:
        return f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged"

    def brief(self) -> str:
        """Only the non-zero parts: "3 created, 1 unchanged"."""
        parts = [("created", self.created), ("updated", self.updated)]
        parts.append(("unchanged", self.unchanged))
        return ", ".join(f"{n} {label}" for label, n in parts if n)


KINDS = ("concepts", "entries", "claims", "papers")


@dataclass
class FileReport:
    name: str
    kind: str = ""
    title: str = ""
    url: str = ""  # the imported concept or topic (empty after a dry run or an error)
    error: str = ""
    line: int | None = None
    suggestions: int = 0  # new or rewritten claims an editor will see suggestions for
    marked_from_text: int = 0  # claims whose own words (or entry's) state their evidence
    revisions: int = 0  # published entries whose change now waits for review
    refused: list[str] = field(default_factory=list)  # entries left as they were, and why
    counts: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in KINDS})

    @property
    def ok(self) -> bool:
        return not self.error

    @property
    def changed(self) -> bool:
        return any(t.changed for t in self.counts.values())

    @property
    def where(self) -> str:
        return f"{self.name}, line {self.line}" if self.line else self.name

    def progress(self) -> str:
        if not self.ok:
            return f"{self.where}: {self.error}"
        changes = "; ".join(
            f"{kind} {t.brief()}" for kind, t in self.counts.items() if t.changed or t.unchanged
        )
        if not self.changed:
            changes = "nothing new, everything was already there"
        return f"{self.name}: {self.kind} “{self.title}” — {changes}"


@dataclass
class ImportReport:
    files: list[FileReport] = field(default_factory=list)
    dry_run: bool = False
    status: str = EntryStatus.PENDING

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.files)

    @property
    def errors(self) -> list[FileReport]:
        return [f for f in self.files if not f.ok]

    @property
    def totals(self) -> dict[str, Tally]:
        totals = {k: Tally() for k in KINDS}
        for report in self.files:
            if report.ok:
                for kind, tally in report.counts.items():
                    totals[kind].add(tally)
        return totals

    @property
    def changed(self) -> bool:
        return any(t.changed for t in self.totals.values())

    @property
    def suggestions(self) -> int:
        return sum(f.suggestions for f in self.files if f.ok)

    @property
    def revisions(self) -> int:
        return sum(f.revisions for f in self.files if f.ok)

    @property
    def marked_from_text(self) -> int:
        return sum(f.marked_from_text for f in self.files if f.ok)

    @property
    def refused(self) -> list[str]:
        return [line for f in self.files if f.ok for line in f.refused]
