"""One suggester for the importer, the review pages, the audit and the API: the engine's."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import Evidence
from entries.review.suggestions import claim_suggestions, text_suggestions
from entries.writing.services import ClaimData, entry_update
from entries.writing.submission import Submission, entry_submit
from papers.models import ReadLevel
from tests.factories import ClaimFactory, PaperFactory


def test_no_figure_by_the_shape_of_a_result_not_any_digit():
    names = {s.value for s in text_suggestions("Across Llama3 and Qwen2.5, pass@1 improves.")}
    assert "no figure stated" in names
    assert "no figure stated" not in {
        s.value for s in text_suggestions("It uses one fifth of the memory.")
    }


def test_reasons_quote_the_trigger_words():
    (suggestion,) = [
        s for s in text_suggestions("Reportedly it wins 3 of 4.") if s.kind == "evidence"
    ]
    assert (suggestion.value, suggestion.label) == (Evidence.SECONDARY, "secondary")
    assert "“Reportedly it wins 3 of 4.”" in suggestion.reason


def test_never_suggests_full_text_even_when_the_text_says_read_in_full():
    suggested = text_suggestions("We read the full paper: it gains 3%.")
    assert Evidence.FULL_TEXT not in {s.value for s in suggested}


@pytest.mark.django_db
def test_claim_citing_an_abstract_only_paper_is_suggested_abstract_only():
    paper = PaperFactory(read_level=ReadLevel.ABSTRACT_ONLY)
    claim = ClaimFactory(paper=paper, text="It gains 3% on the hard split.")
    (suggestion,) = claim_suggestions(claim)
    assert (suggestion.kind, suggestion.value) == ("evidence", Evidence.ABSTRACT_ONLY)


@pytest.mark.django_db
def test_marks_from_the_text_keep_their_reason_and_no_editor(editor, topic):
    words = ClaimData(
        text="The paper was not read.",
        evidence=Evidence.ABSTRACT_ONLY,
        caveats=["no figure stated"],
        from_text=True,
        evidence_reason="says only the abstract was read: “The paper was not read.”",
        caveat_reasons={"no figure stated": "says so: “…”", "model not named": "dropped"},
    )
    submission = Submission(
        date=dt.date(2026, 5, 1), headline="H", lead="", topics=[topic], claims=[words]
    )
    entry = entry_submit(by=editor, submission=submission).entry
    claim = entry.claims.get()
    assert (claim.evidence, claim.marked_by_id) == (Evidence.ABSTRACT_ONLY, None)
    assert claim.caveat_reasons == {"no figure stated": "says so: “…”"}

    # An editor's edit that changes the level replaces the note's reason.
    edited = ClaimData(text=claim.text, evidence=Evidence.EDITORIAL, caveats=[], pk=claim.pk)
    entry_update(
        entry=entry, by=editor, date=entry.date, headline="H", lead="", topics=[topic],
        claims=[edited],
    )  # fmt: skip
    claim.refresh_from_db()
    assert (claim.evidence, claim.marked_by_id, claim.evidence_reason) == (
        Evidence.EDITORIAL,
        editor.pk,
        "",
    )


@pytest.mark.django_db
def test_claim_citing_a_paper_read_in_full_is_suggested_full_text():
    paper = PaperFactory(read_level=ReadLevel.FULL_TEXT)
    claim = ClaimFactory(paper=paper, text="It gains 3% on the hard split.")

    (suggestion,) = claim_suggestions(claim)

    assert (suggestion.kind, suggestion.value, suggestion.label) == (
        "evidence",
        Evidence.FULL_TEXT,
        "full text",
    )
    assert suggestion.reason == "the cited paper's read level is full text"


@pytest.mark.django_db
def test_words_of_full_reading_are_suggested_only_for_a_paper_read_in_full():
    read = ClaimFactory(
        paper=PaperFactory(read_level=ReadLevel.FULL_TEXT), text="The full paper shows 3% more."
    )
    unread = ClaimFactory(
        paper=PaperFactory(read_level=ReadLevel.METADATA_ONLY),
        text="The full paper shows 3% more.",
    )

    assert [s.value for s in claim_suggestions(read) if s.kind == "evidence"] == [
        Evidence.FULL_TEXT
    ]
    assert [s.value for s in claim_suggestions(unread) if s.kind == "evidence"] == []
