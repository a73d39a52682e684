"""Precision and recall of the evidence rules on a labelled set (JSON lines).

Each line: ``text``; ``source_kind`` ("notes" or "digest", default notes); ``evidence``
(what the words explicitly support, one of the evidence values); ``caveats`` (names the
words support, "no figure stated" included when the text states no result-shaped
figure); ``why`` (the labeller's reason). Each text is read as an entry of one claim.

    python -m entries.evidence.evaluate [path ...]
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from entries.evidence.analysis import claim_findings
from entries.evidence.caveats import CAVEATS, NO_FIGURE
from entries.evidence.rules import EVIDENCE_VALUES, UNMARKED

DEFAULT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "evidence" / "labelled.jsonl"


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
    no_figure_agree: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def evidence_agreement(self) -> float:
        return self.evidence_agree / self.items if self.items else 1.0

    @property
    def no_figure_agreement(self) -> float:
        return self.no_figure_agree / self.items if self.items else 1.0


def load(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("//")]


def evaluate(items: list[dict]) -> Report:
    report = Report(
        evidence={v: Counts() for v in EVIDENCE_VALUES if v != UNMARKED},
        caveats={c: Counts() for c in CAVEATS},
    )
    for item in items:
        report.items += 1
        draft = claim_findings(item["text"], source_kind=item.get("source_kind", "notes"))
        want = item.get("evidence", UNMARKED)
        got = draft.evidence
        report.evidence_agree += want == got
        for value, counts in report.evidence.items():
            counts.tp += want == value and got == value
            counts.fp += want != value and got == value
            counts.fn += want == value and got != value
        got_caveats = set(draft.caveat_names) | {
            s.value for s in draft.suggestions if s.kind == "caveat"
        }
        want_caveats = set(item.get("caveats", []))
        for name, counts in report.caveats.items():
            counts.tp += name in want_caveats and name in got_caveats
            counts.fp += name not in want_caveats and name in got_caveats
            counts.fn += name in want_caveats and name not in got_caveats
        report.no_figure_agree += (NO_FIGURE in want_caveats) == (NO_FIGURE in got_caveats)
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
    rows.append(f"{'evidence level agreement':<28} {report.evidence_agreement:>6.2f}")
    rows.append(f"{'no figure stated agreement':<28} {report.no_figure_agreement:>6.2f}")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [
        DEFAULT,
        DEFAULT.with_name("heldout.jsonl"),
        DEFAULT.with_name("probes.jsonl"),
        DEFAULT.with_name("blind1.jsonl"),
        DEFAULT.with_name("blind2.jsonl"),
        DEFAULT.with_name("blind3.jsonl"),
        DEFAULT.with_name("blind4.jsonl"),
        DEFAULT.with_name("blind5.jsonl"),
    ]
    verbose = "-v" in argv
    for path in paths:
        if not path.exists() or path.name == "-v":
            continue
        report = evaluate(load(path))
        print(table(report, path.name))
        if verbose:
            print("\n".join(report.errors))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
