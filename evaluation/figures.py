"""Precision and recall of "no figure stated" on the labelled notes of other fields.

Each line of a field's file (``tests/fixtures/evidence/fields/<field>.jsonl``, and the
held-out half in ``tests/fixtures/evidence/heldout/``) has ``text`` and ``caveats``;
"no figure stated" among the caveats means the labeller found no figure in the text.
Only aggregate figures are printed, so the held-out half can be scored without being read.

    python -m evaluation.figures [dir ...] [-v]

``-v`` lists the texts decided wrongly (use it on the dev half only).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from evidence.caveats import NO_FIGURE
from evidence.figures import states_a_figure

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "evidence"
DEV = FIXTURES / "fields"
HELDOUT = FIXTURES / "heldout"
TARGET = 0.90


def score(path: Path, *, verbose: bool = False) -> tuple[int, int, int, int]:
    """(items, true positives, false positives, false negatives) of "no figure stated"."""
    items = tp = fp = fn = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("//"):
            continue
        item = json.loads(line)
        items += 1
        want = NO_FIGURE in item.get("caveats", [])
        got = not states_a_figure(item["text"])
        tp += want and got
        fp += got and not want
        fn += want and not got
        if verbose and want != got:
            print(f"  want {'none' if want else 'figure'}: {item['text']}")
    return items, tp, fp, fn


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    dirs = [Path(a) for a in argv if a != "-v"] or [DEV]
    ok = True
    for directory in dirs:
        print(f"{directory.name}: 'no figure stated'  {'field':<14} items  prec recall")
        for path in sorted(directory.glob("*.jsonl")):
            items, tp, fp, fn = score(path, verbose=verbose)
            precision = tp / (tp + fp) if tp + fp else 1.0
            recall = tp / (tp + fn) if tp + fn else 1.0
            ok = ok and precision >= TARGET and recall >= TARGET
            print(f"{'':<29}{path.stem:<14} {items:>5} {precision:>5.2f} {recall:>6.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
