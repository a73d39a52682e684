"""Precision and recall of the results a claim states, on the labelled claims.

Each line of ``tests/fixtures/results/labelled.jsonl`` (the dev half) and of
``tests/fixtures/results/heldout/*.jsonl`` (the held-out half) has ``text``, ``field``
and ``results``: value, value_text, unit, metric, benchmark, protocol, model,
baseline_value, baseline_name, direction. ``evidence.results_in`` proposes results from
the text; per half and per field this prints

* precision and recall on (value, metric, benchmark) triples: values equal numerically,
  metric and benchmark equal after folding case and non-alphanumerics, or one containing
  the other as whole words (an empty label matches only an empty proposal); a measure and
  its abbreviation are one name (``evidence.comparable``: "WER", "word error rate");
* protocol right, on the labelled results that state one and whose value was proposed;
* direction right, on the labelled results with a direction whose value was proposed;
* where the triples part: of the labelled values, the share proposed at all, and of those,
  the share whose metric and whose benchmark match.

``--agreement`` scores a second reader instead of the rules: someone who read neither the
rules nor the first labels labelled the dev half's claims again
(``tests/fixtures/results/second_reading.jsonl``), and their rows are scored as proposals
against the first labels, which shows how far two careful readers agree on the same words.

It exits non-zero when the held-out half misses its targets (precision 0.90, recall
0.85, protocol 0.95, every direction right). Only aggregates are printed, so the
held-out half is scored without being read; ``-v`` lists the misses of the dev sets (not
of an unread one) and
``--dev`` scores the dev half alone (while the rules are still changing).

    python -m evaluation.results [--dev] [-v]
    python -m evaluation.results --agreement
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from evidence import ResultDraft, comparable, metric_direction, normalise_protocol, results_in

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "results"
DEV = FIXTURES / "labelled.jsonl"
DEV3 = FIXTURES / "dev3.jsonl"  # a second dev set, eight other fields
DEV4 = FIXTURES / "dev4.jsonl"  # a third, eight fields again
DEV5 = FIXTURES / "dev5.jsonl"  # a fourth, eight fields, another writer
DEV6 = FIXTURES / "dev6.jsonl"  # a fifth, eight fields none of the others has, another writer
DEV7 = FIXTURES / "dev7.jsonl"  # a sixth: the held-out fields and two more, another writer
DEV8 = FIXTURES / "dev8.jsonl"  # a seventh: the held-out fields and two more, another writer
DEV9 = FIXTURES / "dev9.jsonl"  # an eighth: the held-out fields, six writers' habits
DEV10 = FIXTURES / "dev10.jsonl"  # a ninth, the held-out fields: one half of a writer's set
DEV11 = FIXTURES / "dev11.jsonl"  # its other half: measured with the rules frozen, not read
DEV_SETS = (
    ("dev", DEV),
    ("dev 3", DEV3),
    ("dev 4", DEV4),
    ("dev 5", DEV5),
    ("dev 6", DEV6),
    ("dev 7", DEV7),
    ("dev 8", DEV8),
    ("dev 9", DEV9),
    ("dev 10", DEV10),
    ("unread 11", DEV11),
)
HELDOUT = FIXTURES / "heldout"
SECOND_READING = FIXTURES / "second_reading.jsonl"  # the dev half, labelled again
TARGETS = {"precision": 0.90, "recall": 0.85, "protocol": 0.95, "direction": 1.0}


@dataclass
class Score:
    claims: int = 0
    proposed: int = 0
    labelled: int = 0
    matched: int = 0
    protocols: int = 0
    protocols_right: int = 0
    directions: int = 0
    directions_right: int = 0
    values_found: int = 0
    metrics_right: int = 0
    benchmarks_right: int = 0
    models_right: int = 0
    baselines_right: int = 0

    def add(self, other: Score) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def precision(self) -> float:
        return self.matched / self.proposed if self.proposed else 1.0

    @property
    def recall(self) -> float:
        return self.matched / self.labelled if self.labelled else 1.0

    @property
    def protocol(self) -> float:
        return self.protocols_right / self.protocols if self.protocols else 1.0

    @property
    def direction(self) -> float:
        return self.directions_right / self.directions if self.directions else 1.0

    @property
    def values(self) -> float:
        return self.values_found / self.labelled if self.labelled else 1.0

    @property
    def metrics(self) -> float:
        return self.metrics_right / self.values_found if self.values_found else 1.0

    @property
    def benchmarks(self) -> float:
        return self.benchmarks_right / self.values_found if self.values_found else 1.0

    @property
    def models(self) -> float:
        return self.models_right / self.values_found if self.values_found else 1.0

    @property
    def baselines(self) -> float:
        return self.baselines_right / self.values_found if self.values_found else 1.0


def fold(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", (text or "").casefold()).split())


def words_match(label: str, proposal: str) -> bool:
    """Equal after folding, or one containing the other as whole words."""
    a, b = fold(label), fold(proposal)
    if not a or not b:
        return a == b
    return a == b or f" {a} " in f" {b} " or f" {b} " in f" {a} "


def same_measure(label: str, proposal: str) -> bool:
    """``words_match`` on the measures' names as the results table groups them: a measure
    and its abbreviation are one ("WER", "word error rate (WER)")."""
    return words_match(comparable(label), comparable(proposal))


def same_value(label: float, proposal: float) -> bool:
    return math.isclose(label, proposal, rel_tol=1e-6, abs_tol=1e-9)


def same_baseline(label: dict, draft: ResultDraft) -> bool:
    """The figure compared against and its name, both as labelled (none is none)."""
    value = label.get("baseline_value")
    if (value is None) != (draft.baseline_value is None):
        return False
    if value is not None and not same_value(value, draft.baseline_value):
        return False
    return words_match(label.get("baseline_name") or "", draft.baseline_name)


def score_claim(item: dict, drafts: list[ResultDraft], misses: list[str] | None = None) -> Score:
    labels = item.get("results", [])
    score = Score(claims=1, proposed=len(drafts), labelled=len(labels))
    free = list(drafts)
    by_value = list(drafts)
    for label in labels:
        triple = next(
            (
                d
                for d in free
                if same_value(label["value"], d.value)
                and same_measure(label.get("metric", ""), d.metric)
                and words_match(label.get("benchmark", ""), d.benchmark)
            ),
            None,
        )
        if triple is not None:
            free.remove(triple)
            score.matched += 1
        elif misses is not None:
            misses.append(
                f"  missed {label['value_text']!r} {label.get('metric')!r} "
                f"{label.get('benchmark')!r} in {item['text'][:100]!r}"
            )
        valued = triple or next((d for d in by_value if same_value(label["value"], d.value)), None)
        alike = [d for d in by_value if same_value(label["value"], d.value)]
        if alike:
            score.values_found += 1
            score.metrics_right += any(
                same_measure(label.get("metric", ""), d.metric) for d in alike
            )
            score.benchmarks_right += any(
                words_match(label.get("benchmark", ""), d.benchmark) for d in alike
            )
            score.models_right += any(words_match(label.get("model", ""), d.model) for d in alike)
            score.baselines_right += any(same_baseline(label, d) for d in alike)
        if label.get("protocol"):
            score.protocols += 1
            right = valued is not None and words_match(
                normalise_protocol(label["protocol"]), normalise_protocol(valued.protocol)
            )
            score.protocols_right += right
            if not right and misses is not None:
                got = valued.protocol if valued else None
                misses.append(f"  protocol {label['protocol']!r} got {got!r}")
        if label.get("direction"):
            score.directions += 1
            right = valued is not None and valued.direction == label["direction"]
            score.directions_right += right
            if not right and misses is not None:
                got = valued.direction if valued else None
                misses.append(
                    f"  direction of {label.get('metric')!r}: {label['direction']} got {got}"
                )
    if misses is not None:
        for d in free:
            misses.append(
                f"  extra {d.words.get('value')!r} metric={d.metric!r} "
                f"benchmark={d.benchmark!r} in {item['text'][:100]!r}"
            )
    return score


def load(paths: list[Path]) -> list[dict]:
    items = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("//"):
                items.append(json.loads(line))
    return items


def evaluate(
    items: list[dict],
    misses: list[str] | None = None,
    propose: Callable[[dict], list[ResultDraft]] = lambda item: results_in(item["text"]),
) -> dict[str, Score]:
    """Scores per field, with "all" for the whole half, of what ``propose`` gives each
    labelled claim (the rules, by default)."""
    scores: dict[str, Score] = defaultdict(Score)
    for item in items:
        claim = score_claim(item, propose(item), misses)
        scores[item.get("field", "")].add(claim)
        scores["all"].add(claim)
    return dict(scores)


def table(title: str, scores: dict[str, Score]) -> str:
    rows = [
        f"{title}: {'field':<18} claims  prec recall  protocol  direction    value metric bench"
        "  model  base"
    ]
    for name in sorted(scores, key=lambda n: (n == "all", n)):
        s = scores[name]
        rows.append(
            f"{'':<{len(title) + 2}}{name:<18} {s.claims:>6} {s.precision:>5.2f} {s.recall:>6.2f}"
            f"  {s.protocol:>5.2f} of {s.protocols:<3} {s.direction:>5.2f} of {s.directions:<4}"
            f"  {s.values:>5.2f} {s.metrics:>6.2f} {s.benchmarks:>5.2f}"
            f"  {s.models:>5.2f} {s.baselines:>5.2f}"
        )
    return "\n".join(rows)


def second_reading(items: list[dict], path: Path = SECOND_READING) -> dict[str, Score]:
    """The second reader's rows scored as proposals against the first labels."""
    rows = {claim["id"]: claim["results"] for claim in load([path])}

    def read(item: dict) -> list[ResultDraft]:
        return [
            ResultDraft(
                value=row["value"],
                unit=row.get("unit") or "",
                metric=row.get("metric") or "",
                benchmark=row.get("benchmark") or "",
                protocol=row.get("protocol") or "",
                model=row.get("model") or "",
                baseline_value=row.get("baseline_value"),
                baseline_name=row.get("baseline_name") or "",
                direction=row.get("direction") or "",
                words={"value": row.get("value_text", "")},
            )
            for row in rows[item["id"]]
        ]

    return evaluate(items, propose=read)


def named_directions(items: list[dict]) -> tuple[int, int]:
    """(right, of): ``metric_direction`` on the labelled measures' own names and units, the
    direction rules apart from finding the measure."""
    labels = [
        label
        for item in items
        for label in item.get("results", [])
        if label.get("metric") and label.get("direction")
    ]
    right = sum(
        metric_direction(label["metric"], label.get("unit") or "") == label["direction"]
        for label in labels
    )
    return right, len(labels)


def meets_targets(score: Score) -> bool:
    return (
        score.precision >= TARGETS["precision"]
        and score.recall >= TARGETS["recall"]
        and score.protocol >= TARGETS["protocol"]
        and score.direction >= TARGETS["direction"]
    )


def main(argv: list[str]) -> int:
    if "--agreement" in argv:
        print(table("second reader", second_reading(load([DEV]))))
        return 0
    misses: list[str] | None = [] if "-v" in argv else None
    dev_sets = [(title, path) for title, path in DEV_SETS if path.exists()]
    for title, path in dev_sets:
        # An unread set is scored, never listed: its misses stay unread.
        listed = None if title.startswith("unread") else misses
        print(table(title, evaluate(load([path]), listed)))
    print("directions of the labelled measures' own names:")
    for title, path in dev_sets:
        right, of = named_directions(load([path]))
        print(f"  {title:<6} {right / of if of else 1.0:.2f} of {of}")
    if misses:
        print("\n".join(misses))
    if "--dev" in argv:
        return 0
    heldout_paths = sorted(HELDOUT.glob("*.jsonl")) if HELDOUT.is_dir() else []
    if not heldout_paths:
        print("heldout: no labelled claims yet")
        return 1
    heldout = evaluate(load(heldout_paths))
    print(table("heldout", heldout))
    return 0 if all(meets_targets(s) for s in heldout.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
