"""Hostile text reaches the engine through imports, forms and the API: every one is read
(its bounded part), nothing fails, and nothing of it is dropped from the claim."""

from __future__ import annotations

import pytest

from evidence import analyse_entry, claim_findings, suggestions_for
from evidence.sentences import MAX_READ, bounded, is_prose

HOSTILE = {
    "empty": "",
    "whitespace": " \n\t ",
    "a megabyte of digits": "7" * 1_000_000,
    "a megabyte of numbers": "12.5 " * 200_000,
    "ten thousand nested brackets": "(" * 10_000 + "x" + ")" * 10_000,
    "mixed scripts": "Модель 模型 نموذج 3.5% καλύτερο " * 2_000,
    "cue words without end": "we read the full paper only the abstract per the blog " * 5_000,
    "control characters": "\x00\x1b[31m read the full paper \u202e\ufeff",
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_text_is_read_without_failing(text):
    draft = claim_findings(text)
    assert draft.text == text  # the claim keeps every character; the rules read a part
    assert draft.evidence in {"unmarked", "full_text", "abstract_only", "secondary", "editorial"}
    suggestions_for(text)
    analysis = analyse_entry([text, "A plain finding follows."], known_papers=[])
    assert "".join(d.text for d in analysis.claims).count("A plain finding follows.") == 1


def test_the_rules_read_a_bounded_part_of_any_text():
    assert len(bounded("x " * 1_000_000)) == MAX_READ
    assert bounded("a" * 100 + " read the paper") == "a" * 30 + " read the paper"


def test_numbers_and_other_scripts_carry_no_cue_but_prose_does():
    assert not is_prose("12.5 13.1 (14.2) [15]")
    assert not is_prose("Модель 模型 نموذج")
    assert is_prose("Only the abstract was available, in Модель's listing.")


def test_a_cue_in_a_long_runaway_paragraph_is_still_read_at_its_start():
    text = "Only the abstract was available. " + "The effect held. " * 20_000
    assert claim_findings(text).evidence == "abstract_only"
