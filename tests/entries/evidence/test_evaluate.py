from __future__ import annotations

import pytest

from entries.evidence.evaluate import DEFAULT, evaluate, load


def test_evaluate_labelled_set_stays_above_its_floors():
    report = evaluate(load(DEFAULT))
    assert report.evidence_agreement >= 0.95
    assert report.no_figure_agreement >= 0.95
    for counts in report.evidence.values():
        assert counts.precision >= 0.9
        assert counts.recall >= 0.85


def test_evaluate_heldout_set_stays_above_its_floors():
    report = evaluate(load(DEFAULT.with_name("heldout.jsonl")))
    assert report.evidence_agreement >= 0.85
    assert report.no_figure_agreement >= 0.85


@pytest.mark.parametrize(
    "name",
    [
        "probes.jsonl",
        "blind1.jsonl",
        "blind2.jsonl",
        "blind3.jsonl",
        "blind4.jsonl",
        "blind5.jsonl",
    ],
)
def test_evaluate_sets_labelled_by_other_readers_stay_above_their_floors(name):
    """Sets whose sentences were labelled without the rules at hand (each later used to
    widen them, by meaning): the agreement must not fall back below 0.95."""
    report = evaluate(load(DEFAULT.with_name(name)))
    assert report.evidence_agreement >= 0.95
    assert report.no_figure_agreement >= 0.95
