from __future__ import annotations

import json
from pathlib import Path

import pytest

from evidence import (
    KnownPaper,
    analyse_entry,
    cited_paper,
    claims_from_paragraph,
    marks_for,
    split_sentences,
    states_a_figure,
    suggestions_for,
)
from evidence.sentences import _fast_sentences, _syntok_sentences

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _values(findings):
    return {f.value for f in findings}


def test_split_sentences_keeps_abbreviations_versions_and_ids():
    text = (
        "Liu et al. compare e.g. GRPO and PPO on Terminal-Bench v2.1 and report 3.5 points "
        "(arXiv:2601.04211v2). It is approx. 3x faster. See Sec. 4.2 for details."
    )
    assert len(split_sentences(text)) == 3


def test_split_sentences_keeps_an_episode_or_issue_number_with_its_name():
    text = "RCEM podcast ep. 84 - collars may raise ICP. Drug bulletin iss. 3 agrees."
    assert split_sentences(text) == [
        "RCEM podcast ep. 84 - collars may raise ICP.",
        "Drug bulletin iss. 3 agrees.",
    ]


def test_split_sentences_keeps_quotes_inside_their_sentence():
    text = 'The abstract says it "does not necessarily play a central role". Nothing else.'
    assert split_sentences(text) == [
        'The abstract says it "does not necessarily play a central role".',
        "Nothing else.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Dr.Smith read it",  # a stop before a letter, even without a space
        "First part; second part",
        "Gains (on two tasks) hold",
        "Is it read?",
        "Read in full！",
        "全文を読んだ。要旨のみ",
        "Line one\nline two",
        "Abstract only. Full text next",
    ],
)
def test_a_text_where_a_sentence_may_end_goes_to_the_segmenter(text):
    assert _fast_sentences(text) is None


def test_a_text_read_as_one_sentence_is_what_the_segmenter_reads():
    # Most claims are one sentence: they are not given to the segmenter, and its answer on
    # each of them would have been the same (every labelled text, its clauses, ends cut).
    texts = set()
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        if "heldout" in path.parts:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("//"):
                text = json.loads(line).get("text", "")
                texts.update({text, *text.split("; "), *text.split(". "), text[:40]})
    fast = {text: _fast_sentences(text) for text in texts}
    assert sum(answer is not None for answer in fast.values()) > len(texts) / 3
    assert {t: a for t, a in fast.items() if a is not None} == {
        t: _syntok_sentences(t) for t, a in fast.items() if a is not None
    }


def test_claims_qualifier_stays_with_its_finding():
    text = "The method reaches 61% on the audit. Held with a stated gap: no variance is reported."
    assert len(claims_from_paragraph(text)) == 1


def test_claims_judgement_is_its_own_claim():
    text = (
        "The sampler cuts rollout cost by a third. Why it belongs here: every result on this "
        "page pays the rollout tax."
    )
    assert len(claims_from_paragraph(text)) == 2


def test_claims_have_at_most_three_sentences():
    text = " ".join(f"This adds point {n}." for n in range(9))
    assert all(len(split_sentences(c)) <= 3 for c in claims_from_paragraph(text))


def test_claims_bullet_and_table_rows_stay_whole():
    assert len(claims_from_paragraph("• One thing. Another thing. A third. A fourth.")) == 1
    assert claims_from_paragraph("Metric\tValue\nAccuracy\t0.8") == [
        "Metric\tValue",
        "Accuracy\t0.8",
    ]


def test_citation_by_arxiv_id_drops_version():
    assert cited_paper("See arXiv:2608.17528v2 for the details.", []) == "arXiv:2608.17528"


def test_citation_by_title_is_case_and_punctuation_tolerant():
    papers = [KnownPaper("opd2", "Rethinking On-Policy Distillation II: One Training Example")]
    assert (
        cited_paper("rethinking on-policy distillation ii — one training example shows", papers)
        == "opd2"
    )


def test_citation_first_named_paper_wins():
    papers = [
        KnownPaper("a", "Sorting Tasks by Depth", "2602.01234"),
        KnownPaper("b", "Early Wins for Agents", "2601.04321"),
    ]
    assert cited_paper("Early Wins for Agents improves on 2602.01234.", papers) == "b"


def test_citation_paper_named_later_in_the_paragraph_is_not_cited():
    papers = [KnownPaper("later", "A Paper Named Later On", "2605.01111")]
    analysis = analyse_entry(
        ["A method trains faster. It keeps the old loss. A Paper Named Later On disagrees."],
        known_papers=papers,
    )
    assert analysis.claims[0].paper_key is None


def test_citation_claim_naming_no_paper_cites_none():
    assert cited_paper("The gain shrinks for larger agents.", []) is None


def test_marks_abstract_only_from_explicit_words():
    assert _values(marks_for("The paper was not read; the abstract is the only text.")) == {
        "abstract_only"
    }


def test_marks_negation_is_not_abstract_only():
    assert _values(marks_for("Beyond the abstract, we read the full paper.")) == {"full_text"}
    # Reading the appendix is reading the paper's body: past the abstract, into the paper.
    assert _values(marks_for("Not only the abstract: the appendix was read too.")) == {"full_text"}
    assert _values(marks_for("Haven't read beyond the abstract.")) == {"abstract_only"}


def test_marks_full_text_only_when_the_paper_itself_was_read():
    assert "full_text" not in _values(marks_for("The paper reports 3 points more."))
    assert "full_text" not in _values(marks_for("I haven't read the full paper yet."))
    assert _values(marks_for("I haven't read the full paper yet.")) == {"abstract_only"}
    assert _values(marks_for("The full paper shows 3 points more.")) == {"full_text"}
    assert "full_text" not in _values(suggestions_for("The paper was read in full."))


def test_marks_secondary_for_digest_and_reportedly():
    assert _values(marks_for("It reportedly works.")) == {"secondary"}


def test_marks_editorial_from_the_wiki_reading():
    assert _values(marks_for("The pairing is this wiki's reading, labelled as such.")) == {
        "editorial"
    }


def test_marks_implied_words_are_only_suggestions():
    text = "Nothing read states what the score measures."
    assert _values(marks_for(text)) == set()
    assert "abstract_only" in _values(suggestions_for(text))


def test_suggestions_paper_read_level_abstract_only():
    found = suggestions_for("It gains 4 points.", paper_read_level="abstract_only")
    assert _values(found) == {"abstract_only"}


def test_figures_shape_not_digits():
    assert not states_a_figure("Across Llama3 and Qwen2.5, from 1.5B to 30B-A3B, pass@1.")
    assert not states_a_figure("A 16-dimensional benchmark with batch sizes above 64.")
    assert not states_a_figure("Five frozen reasoners on three benchmarks, L0–L4, GPT-4o.")
    assert states_a_figure("It needs one fifth of the memory.")
    assert states_a_figure("Wins in 28 of 36 settings.")
    assert states_a_figure("Cost halves, and speed doubled.")
    assert states_a_figure("NL2RepoBench 52.5% → 58.5% with 1.85× speed-ups.")


def test_a_hyphenated_amount_of_change_is_a_figure_and_a_hyphenated_setting_is_not():
    assert states_a_figure("Mobile units gave a 30-minute reduction in door-to-needle time.")
    assert states_a_figure("Home dialysis: a 10-mmHg drop in systolic pressure.")
    assert states_a_figure("Early mobilisation meant a 3-day decrease in length of stay.")
    assert not states_a_figure("Patients did a 5-minute warm-up before the test.")
    assert not states_a_figure("Outcomes were counted over a 30-day period.")
    assert not states_a_figure("It brings a 5-shot improvement over the baseline.")


@pytest.mark.parametrize(
    "text",
    [
        "Encapsulation raises mobility above 10⁵ cm² V⁻¹ s⁻¹ at room temperature.",
        "Effect sizes were almost three times those of the replications.",
        "None of 32 independent studies supports it.",
        "Today roughly a 1-in-1000-year event.",
        "Fox density stable at about 18 per km².",
        "Incidence reached 12 per 100,000 in the winter.",
    ],
)
def test_figures_in_other_fields_shapes(text):
    assert states_a_figure(text)


@pytest.mark.parametrize(
    "text", ["A 100-year flood plain map.", "We used 64 per GPU.", "The 10 samples were frozen."]
)
def test_names_and_settings_are_no_figures(text):
    assert not states_a_figure(text)


def test_figures_explicit_no_figure_is_a_mark():
    marks = marks_for("The abstract carries no numbers, though it trains a 70B model.")
    assert "no figure stated" in _values(marks)


def test_caveats_from_wording():
    text = (
        "The four maths benchmarks are unnamed, the model is not named, no seed count is "
        "given, every gain is a relative gain only, they describe no baseline, and "
        "contamination is not checked."
    )
    assert _values(marks_for(text)) >= {
        "benchmark not named",
        "model not named",
        "no variance reported",
        "relative gains only",
        "no baseline named",
        "contamination not checked",
    }


def test_probe_listing_only_with_figure_in_words():
    text = (
        "Only the arXiv listing could be read: it says the new sampler cuts rollout cost by "
        "roughly a third on an unspecified suite."
    )
    values = _values(marks_for(text)) | _values(suggestions_for(text, evidence="abstract_only"))
    assert values == {"abstract_only", "benchmark not named"}


def test_scope_statement_about_one_named_paper_applies_to_it_only():
    papers = [
        KnownPaper("a", "Sorting Tasks by Depth", "2602.01234"),
        KnownPaper("b", "Early Wins for Agents", "2601.04321"),
    ]
    analysis = analyse_entry(
        [
            "Sorting Tasks by Depth reports 12 points more success.",
            "Early Wins for Agents finds most of the gain early.",
            "Early Wins for Agents was not read beyond its abstract.",
        ],
        known_papers=papers,
    )
    assert [c.evidence for c in analysis.claims] == ["unmarked", "abstract_only", "abstract_only"]
    assert analysis.abstract_only_papers == {"b"}


def test_scope_statement_about_the_paper_covers_a_one_paper_entry():
    analysis = analyse_entry(
        ["The study varies rollout policy.", "The paper was not read; arXiv was blocked."],
        known_papers=[],
    )
    assert [c.evidence for c in analysis.claims] == ["abstract_only", "abstract_only"]


def test_digest_claims_are_secondary():
    analysis = analyse_entry(
        ["Park et al. report faster learning."], known_papers=[], source_kind="digest"
    )
    assert analysis.claims[0].evidence == "secondary"
