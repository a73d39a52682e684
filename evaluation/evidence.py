"""Precision and recall of the evidence rules on a labelled set (JSON lines).

Each line: ``text``; ``source_kind`` ("notes" or "digest", also "feed"; default notes) or
``shape`` ("concept" or "feed"); ``scope`` (the words at the head of the claim's section,
optional); ``field`` (optional); ``evidence``
(what the words explicitly support, one of the evidence values); ``caveats`` (names the
words support, "no figure stated" included when the text states no result-shaped
figure); ``why`` (the labeller's reason). Each text is read as an entry of one claim.

    python -m evaluation.evidence [path ...] [-v] [--check]
    python -m evaluation.evidence --agreement

With no path it reads the machine-learning sets, then the notes of other fields
(``tests/fixtures/evidence/fields/``, the half rules may be written from, and
``heldout/``, the half nobody changing the rules reads) and prints one table per field and
half. ``--check`` exits 1 when a held-out half misses a target (``TARGETS``).

Besides precision and recall per label it prints the agreements a careful reader would
check: evidence on the items whose words signal a level explicitly (label not
unmarked), unmarked items left unmarked (no false mark), evidence on all items, "no
figure stated" decisions, and items exactly right (evidence and every caveat). ``-v``
lists the items that are not exactly right. ``--agreement`` sets the rules beside a second
reader on the dev half of the other fields: how far two careful readers agree.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from evidence import CAVEATS, EVIDENCE_VALUES, NO_FIGURE, claim_findings

UNMARKED, FULL_TEXT, ABSTRACT_ONLY, SECONDARY, EDITORIAL = EVIDENCE_VALUES

# A digest feed, whichever word the labeller used for it.
SOURCE_KINDS = {"feed": "digest", "digest_feed": "digest"}
SHAPES = {"feed": "digest", "concept": "notes"}

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "evidence"
DEFAULT = FIXTURES / "labelled.jsonl"
FIELDS = FIXTURES / "fields"
FIELDS2 = FIXTURES / "fields2"
FIELDS3 = FIXTURES / "fields3"
FIELDS4 = FIXTURES / "fields4"
FIELDS5 = FIXTURES / "fields5"  # six fields again, another writer
FIELDS6 = FIXTURES / "fields6"  # six fields none of the others has, another writer
FIELDS7 = FIXTURES / "fields7"  # six more such fields, weighted to the levels that missed
FIELDS8 = FIXTURES / "fields8"  # six more, written after the rules read dev 7: measured first
FIELDS9 = FIXTURES / "fields9"  # six more, measured once on the committed rules, then read
FIELDS10 = FIXTURES / "fields10"  # six more, measured on the committed rules and not read
FIELDS11 = FIXTURES / "fields11"  # six more, another writer: measured first, then read
FIELDS12 = FIXTURES / "fields12"  # six more, written by hand: measured twice unread, then read
FIELDS13 = FIXTURES / "fields13"  # six more, written by hand, measured on the rules and not read
FIELDS14 = FIXTURES / "fields14"  # the held-out half's six fields, another writer, many voices
FIELDS15 = FIXTURES / "fields15"  # the same six fields, another writer, measured and not read
FIELDS16 = FIXTURES / "fields16"  # the same six fields, another writer, six voices: measured, read
FIELDS17 = FIXTURES / "fields17"  # the same six fields, five writers' habits: measured, then read
FIELDS18 = FIXTURES / "fields18"  # chemistry and clinical, 60 each, another writer: measured, read
FIELDS19 = FIXTURES / "fields19"  # the same six fields, another writer: measured, not read
FIELDS20 = FIXTURES / "fields20"  # clinical and climate, another writer: measured, then read
FIELDS21 = FIXTURES / "fields21"  # clinical and epidemiology, a hospital club: measured, then read
FIELDS22 = FIXTURES / "fields22"  # six fields none of the others has, six groups: measured, read
FIELDS23 = FIXTURES / "fields23"  # the held-out half's six fields, a policy desk: measured, read
FIELDS24 = FIXTURES / "fields24"  # the same six fields, lab wikis: measured, not read
FIELDS25 = FIXTURES / "fields25"  # clinical and pharmacology, a medicines service: measured, read
FIELDS26 = FIXTURES / "fields26"  # six more fields none of the others has: measured, then read
FIELDS27 = FIXTURES / "fields27"  # the held-out half's six fields, a reading circle: measured, read
FIELDS28 = FIXTURES / "fields28"  # the same six fields, a retired scientists' society: read
FIELDS29 = FIXTURES / "fields29"  # four fields in institutions' voices: measured, then read
FIELDS30 = FIXTURES / "fields30"  # the held-out half's six fields, a consultancy: not read
FIELDS31 = FIXTURES / "fields31"  # the same six fields, non-native lab notes: measured, read
FIELDS32 = FIXTURES / "fields32"  # four fields, a charity's and a trade body's desks: read
FIELDS33 = FIXTURES / "fields33"  # the held-out half's six fields, a fact-check desk: read
FIELDS34 = FIXTURES / "fields34"  # the same six fields, secondary sources stressed: read
FIELDS35 = FIXTURES / "fields35"  # six fields, secondary and abstract only stressed: read
FIELDS36 = FIXTURES / "fields36"  # four clinical fields, a hospital's committees: read half
FIELDS37 = FIXTURES / "fields37"  # the same writer's other half: measured, then read (round 46)
FIELDS38 = FIXTURES / "fields38"  # five health fields, a practice's team notes: read half
FIELDS39 = FIXTURES / "fields39"  # the same writer's other half: measured, then read (round 46)
FIELDS40 = FIXTURES / "fields40"  # the held-out half's six fields, a science desk: read half
FIELDS41 = FIXTURES / "fields41"  # the same writer's other half: measured, then read (round 46)
FIELDS42 = FIXTURES / "fields42"  # clinical and chemistry, secondary stressed: read half
FIELDS43 = FIXTURES / "fields43"  # the same writer's other half: measured, then read (round 46)
FIELDS44 = FIXTURES / "fields44"  # clinical and chemistry, a charity and a start-up: read half
FIELDS45 = FIXTURES / "fields45"  # the same writer's other half: measured, then read (round 46)
FIELDS46 = FIXTURES / "fields46"  # clinical and three other fields: measured, then read
FIELDS47 = FIXTURES / "fields47"  # clinical and three other fields: measured, then read
FIELDS48 = FIXTURES / "fields48"  # clinical and three other fields: measured, then read
FIELDS49 = FIXTURES / "fields49"  # clinical and three other fields: measured, then read
FIELDS50 = FIXTURES / "fields50"  # clinical and three other fields: measured once, not read
FIELDS51 = FIXTURES / "fields51"  # clinical 60, secondary stressed; two fields: measured, read
FIELDS52 = FIXTURES / "fields52"  # clinical and three other fields: measured, then read
FIELDS53 = FIXTURES / "fields53"  # clinical and three other fields: measured, not read
FIELDS54 = FIXTURES / "fields54"  # clinical and three other fields: measured, then read
FIELDS55 = FIXTURES / "fields55"  # clinical and three other fields: measured, then read
FIELDS56 = FIXTURES / "fields56"  # clinical and three other fields: measured, then read
FIELDS57 = FIXTURES / "fields57"  # clinical and three other fields: measured, then read
FIELDS58 = FIXTURES / "fields58"  # clinical and three other fields: measured, not read
FIELDS59 = FIXTURES / "fields59"  # clinical and three other fields: measured, then read
FIELDS60 = FIXTURES / "fields60"  # clinical and three other fields: measured, not read
FIELDS61 = FIXTURES / "fields61"  # clinical and three other fields: measured, then read
FIELDS62 = FIXTURES / "fields62"  # clinical and three other fields: measured, then read
FIELDS63 = FIXTURES / "fields63"  # clinical and three other fields: measured, then read
FIELDS64 = FIXTURES / "fields64"  # clinical and three other fields: measured, not read
FIELDS65 = FIXTURES / "fields65"  # clinical and three other fields: measured, not read
FIELDS66 = FIXTURES / "fields66"  # clinical and three other fields: measured, then read
FIELDS67 = FIXTURES / "fields67"  # clinical and three other fields: measured, then read
FIELDS68 = FIXTURES / "fields68"  # clinical and three other fields: measured, not read
FIELDS69 = FIXTURES / "fields69"  # clinical and three other fields: measured, not read
FIELDS70 = FIXTURES / "fields70"  # clinical and three other fields: measured, then read
FIELDS71 = FIXTURES / "fields71"  # clinical and three other fields: measured, not read
FIELDS72 = FIXTURES / "fields72"  # clinical and three other fields: measured, then read
FIELDS73 = FIXTURES / "fields73"  # clinical and three other fields: measured, then read
FIELDS74 = FIXTURES / "fields74"  # clinical and three other fields: measured, not read
FIELDS75 = FIXTURES / "fields75"  # clinical and three other fields: measured, not read
FIELDS76 = FIXTURES / "fields76"  # clinical and three other fields: measured, then read
FIELDS77 = FIXTURES / "fields77"  # clinical and three other fields: measured, then read
FIELDS78 = FIXTURES / "fields78"  # clinical and three other fields: measured, not read
FIELDS79 = FIXTURES / "fields79"  # clinical and three other fields: measured, then read
FIELDS80 = FIXTURES / "fields80"  # clinical and three other fields: measured, not read
FIELDS81 = FIXTURES / "fields81"  # clinical and three other fields: measured, then read
FIELDS82 = FIXTURES / "fields82"  # clinical and three other fields: measured, not read
FIELDS83 = FIXTURES / "fields83"  # clinical and three other fields: measured, then read
FIELDS84 = FIXTURES / "fields84"  # clinical and three other fields: measured, not read
FIELDS85 = FIXTURES / "fields85"  # clinical and three other fields: measured, then read
FIELDS86 = FIXTURES / "fields86"  # clinical and three other fields: measured, then read
FIELDS87 = FIXTURES / "fields87"  # clinical and three other fields: measured, not read
FIELDS88 = FIXTURES / "fields88"  # clinical and three other fields: measured, not read
FIELDS89 = FIXTURES / "fields89"  # clinical and three other fields: measured, then read
FIELDS90 = FIXTURES / "fields90"  # clinical and three other fields: measured, then read
FIELDS91 = FIXTURES / "fields91"  # clinical and three other fields: measured, not read
FIELDS92 = FIXTURES / "fields92"  # clinical and three other fields: measured, then read
FIELDS93 = FIXTURES / "fields93"  # clinical and three other fields: measured, not read
FIELDS94 = FIXTURES / "fields94"  # clinical and three other fields: measured, not read
FIELDS95 = FIXTURES / "fields95"  # clinical and three other fields: measured, then read
WORDING = FIXTURES / "wording"  # the same levels in many writers' words
HELDOUT = FIXTURES / "heldout"
# The dev half of the other fields (FIELDS) labelled again by a reader who saw neither the
# rules nor the first labels: each line the item's file and line, its level, no figure or not.
SECOND_READING = FIXTURES / "second_reading.jsonl"

# What a held-out half of every field must reach (issue: evidence in every field).
TARGETS = {
    "explicit": 0.90,  # evidence right where the words (claim, section, page) state it
    "no_figure_precision": 0.90,
    "no_figure_recall": 0.90,
    "secondary": 0.85,  # precision and recall each
    "editorial": 0.85,
}


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


@dataclass
class Report:
    items: int = 0
    evidence: dict[str, Counts] = field(default_factory=dict)
    caveats: dict[str, Counts] = field(default_factory=dict)
    evidence_agree: int = 0  # items whose evidence label equals the mark (unmarked included)
    signalled: int = 0  # items whose label is not unmarked: the words state the evidence
    signalled_agree: int = 0
    unmarked_agree: int = 0  # items labelled unmarked and left unmarked (no false mark)
    exact: int = 0  # evidence and every caveat as labelled
    no_figure_agree: int = 0
    overread: int = 0  # "full text" where the words say less was read
    errors: list[str] = field(default_factory=list)

    @property
    def evidence_agreement(self) -> float:
        return self.evidence_agree / self.items if self.items else 1.0

    @property
    def signalled_agreement(self) -> float:
        """Evidence agreement on the items whose words signal a level explicitly."""
        return self.signalled_agree / self.signalled if self.signalled else 1.0

    @property
    def unmarked_agreement(self) -> float:
        """Share of the items labelled unmarked that the rules leave unmarked."""
        unmarked = self.items - self.signalled
        return self.unmarked_agree / unmarked if unmarked else 1.0

    @property
    def exact_agreement(self) -> float:
        return self.exact / self.items if self.items else 1.0

    @property
    def no_figure_agreement(self) -> float:
        return self.no_figure_agree / self.items if self.items else 1.0


def load(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("//")]


def rules_reading(item: dict) -> tuple[str, set[str]]:
    """The level and caveats the rules give an item."""
    kind = item.get("source_kind") or SHAPES.get(item.get("shape", ""), "notes")
    draft = claim_findings(
        item["text"], scope=item.get("scope", ""), source_kind=SOURCE_KINDS.get(kind, kind)
    )
    caveats = set(draft.caveat_names) | {s.value for s in draft.suggestions if s.kind == "caveat"}
    return draft.evidence, caveats


def evaluate(
    items: list[dict], reading: Callable[[dict], tuple[str, set[str]]] = rules_reading
) -> Report:
    report = Report(
        evidence={v: Counts() for v in EVIDENCE_VALUES if v != UNMARKED},
        caveats={c: Counts() for c in CAVEATS},
    )
    for item in items:
        report.items += 1
        got, got_caveats = reading(item)
        want = item.get("evidence", UNMARKED)
        report.evidence_agree += want == got
        report.signalled += want != UNMARKED
        report.signalled_agree += want != UNMARKED and want == got
        report.unmarked_agree += want == UNMARKED and got == UNMARKED
        for value, counts in report.evidence.items():
            counts.tp += want == value and got == value
            counts.fp += want != value and got == value
            counts.fn += want == value and got != value
        want_caveats = set(item.get("caveats", []))
        for name, counts in report.caveats.items():
            counts.tp += name in want_caveats and name in got_caveats
            counts.fp += name not in want_caveats and name in got_caveats
            counts.fn += name in want_caveats and name not in got_caveats
        report.no_figure_agree += (NO_FIGURE in want_caveats) == (NO_FIGURE in got_caveats)
        report.exact += want == got and want_caveats == got_caveats
        report.overread += got == FULL_TEXT and want != FULL_TEXT
        if want != got or want_caveats != got_caveats:
            report.errors.append(
                f"{item['text'][:90]!r}: want {want} {sorted(want_caveats)}, "
                f"got {got} {sorted(got_caveats)}"
            )
    return report


def table(report: Report, title: str) -> str:
    rows = [f"{title}: {report.items} items", f"{'label':<28} {'prec':>6} {'recall':>6}  tp fp fn"]
    for name, counts in [*report.evidence.items(), *report.caveats.items()]:
        rows.append(
            f"{name:<28} {counts.precision:>6.2f} {counts.recall:>6.2f}"
            f"  {counts.tp:>2} {counts.fp:>2} {counts.fn:>2}"
        )
    unmarked = report.items - report.signalled
    for name, value, of in [
        ("evidence, explicit signals", report.signalled_agreement, report.signalled),
        ("evidence, unmarked kept", report.unmarked_agreement, unmarked),
        ("evidence level agreement", report.evidence_agreement, report.items),
        ("no figure stated agreement", report.no_figure_agreement, report.items),
        ("exactly right", report.exact_agreement, report.items),
    ]:
        rows.append(f"{name:<28} {value:>6.2f}  of {of}")
    return "\n".join(rows)


def field_rows(
    half: str, paths: list[Path], reading: Callable[[dict], tuple[str, set[str]]] = rules_reading
) -> tuple[list[str], list[str]]:
    """One row per field of a half, and the targets it misses."""
    rows, misses = [], []
    for path in paths:
        r = evaluate(load(path), reading)
        sec, ed, nf = r.evidence[SECONDARY], r.evidence[EDITORIAL], r.caveats[NO_FIGURE]
        figures = {
            "explicit": r.signalled_agreement,
            "no_figure_precision": nf.precision,
            "no_figure_recall": nf.recall,
            "secondary": min(sec.precision, sec.recall),
            "editorial": min(ed.precision, ed.recall),
        }
        misses += [
            f"{half} {path.stem}: {k} {v:.2f} < {TARGETS[k]}"
            for k, v in figures.items()
            if v < TARGETS[k]
        ]
        misses += [f"{half} {path.stem}: full text {r.overread} times where less was read"] * bool(
            r.overread
        )
        rows.append(field_row(half, path.stem, r, f"{r.exact_agreement:.2f}"))
    return rows, misses


def field_row(half: str, field_name: str, r: Report, exact: str) -> str:
    """One field's row of the table (``FIELD_HEADER``)."""
    nf = r.caveats[NO_FIGURE]
    cells = [
        f"{r.evidence[v].precision:.2f}/{r.evidence[v].recall:.2f}"
        for v in (FULL_TEXT, ABSTRACT_ONLY, SECONDARY, EDITORIAL)
    ]
    return (
        f"| {half} | {field_name} | {r.items} | {r.signalled_agreement:.2f} | "
        + " | ".join(cells)
        + f" | {nf.precision:.2f}/{nf.recall:.2f} | {r.overread} | {exact} |"
    )


FIELD_HEADER = (
    "| half | field | claims | explicit used | full text P/R | abstract only P/R | "
    "secondary P/R | editorial P/R | no figure stated P/R | full text over-read | "
    "exactly right |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def second_reading(path: Path = SECOND_READING) -> Callable[[dict], tuple[str, set[str]]]:
    """A second reader's levels, looked up by the item's file and line, as a reading.

    The second reader gave a level and whether a figure is stated, not the other caveats,
    so only those columns compare (not "exactly right")."""
    levels = {}
    for row in load(path):
        levels[row["id"]] = (row["evidence"], {NO_FIGURE} if row["no_figure"] else set())
    return lambda item: levels[item["id"]]


def with_ids(path: Path) -> list[dict]:
    return [{**item, "id": f"{path.name}:{n}"} for n, item in enumerate(load(path))]


def agreement() -> list[str]:
    """The dev half of the other fields read by the rules and by a second reader."""
    rows = [FIELD_HEADER]
    reader = second_reading()
    for path in sorted(FIELDS.glob("*.jsonl")):
        items = with_ids(path)
        for half, reading in (("rules", rules_reading), ("second reader", reader)):
            rows.append(field_row(half, path.stem, evaluate(items, reading), "n/a"))
    return rows


def main(argv: list[str]) -> int:
    if "--agreement" in argv:
        print("\n".join(agreement()))
        return 0
    verbose = "-v" in argv
    check = "--check" in argv
    paths = [Path(a) for a in argv if not a.startswith("-")]
    if not paths:
        print("\n".join(ml_summary()))
        print()
        misses: list[str] = []
        print(FIELD_HEADER)
        halves = (
            ("dev", FIELDS),
            ("dev 2", FIELDS2),
            ("dev 3", FIELDS3),
            ("dev 4", FIELDS4),
            ("dev 5", FIELDS5),
            ("dev 6", FIELDS6),
            ("dev 7", FIELDS7),
            ("dev 8", FIELDS8),
            ("dev 9", FIELDS9),
            ("unread 10", FIELDS10),
            ("dev 11", FIELDS11),
            ("dev 12", FIELDS12),
            ("unread 13", FIELDS13),
            ("dev 14", FIELDS14),
            ("unread 15", FIELDS15),
            ("dev 16", FIELDS16),
            ("dev 17", FIELDS17),
            ("dev 18", FIELDS18),
            ("unread 19", FIELDS19),
            ("dev 20", FIELDS20),
            ("dev 21", FIELDS21),
            ("dev 22", FIELDS22),
            ("dev 23", FIELDS23),
            ("unread 24", FIELDS24),
            ("dev 25", FIELDS25),
            ("dev 26", FIELDS26),
            ("dev 27", FIELDS27),
            ("dev 28", FIELDS28),
            ("dev 29", FIELDS29),
            ("unread 30", FIELDS30),
            ("dev 31", FIELDS31),
            ("dev 32", FIELDS32),
            ("dev 33", FIELDS33),
            ("dev 34", FIELDS34),
            ("dev 35", FIELDS35),
            ("dev 36", FIELDS36),
            ("read 37", FIELDS37),
            ("dev 38", FIELDS38),
            ("read 39", FIELDS39),
            ("dev 40", FIELDS40),
            ("read 41", FIELDS41),
            ("dev 42", FIELDS42),
            ("read 43", FIELDS43),
            ("dev 44", FIELDS44),
            ("read 45", FIELDS45),
            ("dev 46", FIELDS46),
            ("dev 47", FIELDS47),
            ("dev 48", FIELDS48),
            ("dev 49", FIELDS49),
            ("unread 50", FIELDS50),
            ("dev 51", FIELDS51),
            ("dev 52", FIELDS52),
            ("unread 53", FIELDS53),
            ("dev 54", FIELDS54),
            ("dev 55", FIELDS55),
            ("dev 56", FIELDS56),
            ("dev 57", FIELDS57),
            ("unread 58", FIELDS58),
            ("dev 59", FIELDS59),
            ("unread 60", FIELDS60),
            ("dev 61", FIELDS61),
            ("dev 62", FIELDS62),
            ("dev 63", FIELDS63),
            ("unread 64", FIELDS64),
            ("unread 65", FIELDS65),
            ("dev 66", FIELDS66),
            ("dev 67", FIELDS67),
            ("unread 68", FIELDS68),
            ("unread 69", FIELDS69),
            ("dev 70", FIELDS70),
            ("unread 71", FIELDS71),
            ("dev 72", FIELDS72),
            ("dev 73", FIELDS73),
            ("unread 74", FIELDS74),
            ("unread 75", FIELDS75),
            ("dev 76", FIELDS76),
            ("dev 77", FIELDS77),
            ("unread 78", FIELDS78),
            ("dev 79", FIELDS79),
            ("unread 80", FIELDS80),
            ("dev 81", FIELDS81),
            ("unread 82", FIELDS82),
            ("dev 83", FIELDS83),
            ("unread 84", FIELDS84),
            ("dev 85", FIELDS85),
            ("dev 86", FIELDS86),
            ("unread 87", FIELDS87),
            ("unread 88", FIELDS88),
            ("dev 89", FIELDS89),
            ("dev 90", FIELDS90),
            ("unread 91", FIELDS91),
            ("dev 92", FIELDS92),
            ("unread 93", FIELDS93),
            ("unread 94", FIELDS94),
            ("dev 95", FIELDS95),
            ("wording", WORDING),
            ("held-out", HELDOUT),
        )
        for half, folder in halves:
            rows, missed = field_rows(half, sorted(folder.glob("*.jsonl")))
            print("\n".join(rows))
            misses += missed if half == "held-out" else []
        print()
        print("Held-out targets: " + ("all met" if not misses else "missed:"))
        print("\n".join(f"  {m}" for m in misses))
        return 1 if check and misses else 0
    for path in paths:
        report = evaluate(load(path))
        print(table(report, path.name))
        if verbose:
            print("\n".join(report.errors))
        print()
    return 0


ML_SETS = [
    "labelled",
    "heldout",
    "probes",
    *(f"blind{n}" for n in range(1, 17)),
    "probes2",
    "probes3",
    "probes4",
]


def ml_summary() -> list[str]:
    """The machine-learning sets, one row each."""
    rows = [
        "| machine-learning set | items | explicit used | all levels | no figure stated | "
        "exactly right |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in ML_SETS:
        r = evaluate(load(FIXTURES / f"{name}.jsonl"))
        rows.append(
            f"| {name} | {r.items} | {r.signalled_agreement:.2f} | {r.evidence_agreement:.2f} | "
            f"{r.no_figure_agreement:.2f} | {r.exact_agreement:.2f} |"
        )
    return rows


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
