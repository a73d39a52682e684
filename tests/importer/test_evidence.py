"""The importer reads evidence from the notes' own words (issue: claims of the right size,
the right paper, marks from explicit words with their reasons, suggestions for the rest)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from entries.models import Claim, Entry, EntryStatus, Evidence
from entries.review.suggestions import claim_suggestions
from evidence import split_sentences
from importer.load import NoteSource, notes_import
from papers.models import Paper, ReadLevel

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "importer" / "samples").glob("*.txt")) + sorted(
    (ROOT / "tests" / "importer" / "samples").glob("*")
)
SEEDS = ROOT.parent / "shared" / "seeds"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not present")

NOT_READ = ("was not read", "not read", "only the abstract", "abstract is the only")


def _import(*paths: Path, **kwargs):
    kwargs.setdefault("author", None)
    report = notes_import(
        sources=[NoteSource(name=p.name, data=p.read_bytes()) for p in paths], **kwargs
    )
    assert report.ok, [f.progress() for f in report.files]
    return report


def _sentences(claim: Claim) -> int:
    return len(split_sentences(claim.text.split("**\n\n", 1)[-1]))


def _snapshot() -> list[tuple]:
    return list(
        Claim.objects.order_by("entry_id", "position").values_list(
            "entry_id", "text", "paper_id", "evidence", "evidence_reason", "caveat_reasons"
        )
    )


def _entry_says_not_read(claim: Claim) -> bool:
    texts = [c.text.lower() for c in claim.entry.claims.all()]
    return any(phrase in text for text in texts for phrase in NOT_READ)


def _assert_never_full_text_where_not_read() -> None:
    claims = Claim.objects.select_related("paper", "entry").prefetch_related(
        "caveats", "entry__claims"
    )
    for claim in claims:
        suggested = {s.value for s in claim_suggestions(claim)}
        assert Evidence.FULL_TEXT not in suggested
        if _entry_says_not_read(claim):
            assert claim.evidence != Evidence.FULL_TEXT


# --- The project's own sample notes ---------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_claims_have_at_most_three_sentences(path):
    _import(path)
    assert Claim.objects.exists()
    assert all(_sentences(c) <= 3 for c in Claim.objects.all())


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_never_full_text_where_the_paper_was_not_read(path):
    _import(path)
    _assert_never_full_text_where_not_read()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_marks_from_text_keep_their_words_and_no_editor(path, editor):
    _import(path, author=editor)
    marked = Claim.objects.exclude(evidence=Evidence.UNMARKED)
    assert not marked.filter(evidence_reason="").exists()
    assert not marked.exclude(marked_by=None).exists()
    for claim in Claim.objects.prefetch_related("caveats"):
        assert set(claim.caveat_reasons) == {c.name for c in claim.caveats.all()}


def test_sample_feed_summaries_are_secondary_naming_the_digest():
    _import(ROOT / "importer" / "samples" / "verifier_free_rewards_feed.txt")
    by_shape = Claim.objects.filter(evidence_level="page")
    assert {c.evidence for c in by_shape} == {Evidence.SECONDARY}
    assert {c.evidence_reason for c in by_shape} == {
        "the feed's first line names a digest, not the authors: “Demo Digest”"
    }
    # An item whose own words name what it went by keeps their level, and says so.
    (own,) = Claim.objects.exclude(evidence_level="page")
    assert (own.evidence, own.evidence_level) == (Evidence.ABSTRACT_ONLY, "claim")
    assert "no figure in the abstract" in own.evidence_reason


def test_a_feed_items_own_words_outrank_the_feeds_shape(tmp_path):
    path = tmp_path / "feed.txt"
    path.write_text(
        "Field Notes Digest\nSoil ecology\n3 articles\n"
        "Kaur et al. report that earthworm invasions cut leaf-litter depth across the plots.\n"
        "2 Mar 2026We read this one end to end: Osei et al. find nitrogen mineralisation "
        "rose by 18% under warming.\n"
        "1 Mar 2026Only the abstract was public; Lind et al. say fungal networks shrank.\n"
        "28 Feb 2026\n",
        encoding="utf-8",
    )
    _import(path)
    marks = {c.text: (c.evidence, c.evidence_level) for c in Claim.objects.all()}
    kaur, osei = (
        marks.pop(next(t for t in marks if "Kaur" in t)),
        marks.pop(next(t for t in marks if "Osei" in t)),
    )
    assert kaur == (Evidence.SECONDARY, "page")
    assert osei == (Evidence.FULL_TEXT, "claim")
    assert {evidence for evidence, _level in marks.values()} == {Evidence.ABSTRACT_ONLY}


def test_a_section_scope_reaches_its_claims_and_stays_in_the_lead(tmp_path):
    path = _note(
        tmp_path,
        "Everything in this section comes from abstracts only.\n\n"
        "DepthSort orders tool tasks by depth and trains on the shallow ones first.\n\n"
        "We did read the full DepthSort paper for its appendix: the curriculum adds 4.1 "
        "points on ToolBench.",
    )
    _import(path)
    claims = list(Claim.objects.order_by("position"))
    assert [(c.evidence, c.evidence_level) for c in claims] == [
        (Evidence.ABSTRACT_ONLY, "section"),
        (Evidence.FULL_TEXT, "claim"),
    ]
    assert "the section says" in claims[0].evidence_reason
    assert "comes from abstracts only" in claims[0].entry.lead


def _note(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "reading.txt"
    path.write_text(
        "Careful Reading\n\nDefinition\n\nA page about reading papers.\n\n"
        f"State of the Art (2026-05-01)\n\n{body}\n\n"
        "Key Papers\n\n• Sorting Tasks by Depth: A Curriculum for Tool Agents (arXiv:2602.01234) "
        "— DepthSort, Example Lab, 2026-02-27\n"
    )
    return path


def test_read_level_is_raised_from_metadata_only_and_never_lowered(tmp_path, editor):
    Paper.objects.create(arxiv_id="2602.01234", title="x", read_level=ReadLevel.FULL_TEXT)
    path = _note(tmp_path, "DepthSort orders tasks by depth. The paper was not read.")
    _import(path)
    assert Paper.objects.get(arxiv_id="2602.01234").read_level == ReadLevel.FULL_TEXT

    Paper.objects.filter(arxiv_id="2602.01234").update(read_level=ReadLevel.METADATA_ONLY)
    path.write_text(path.read_text().replace("by depth.", "by their depth."))
    _import(path)
    assert Paper.objects.get(arxiv_id="2602.01234").read_level == ReadLevel.ABSTRACT_ONLY


def test_claim_cites_the_paper_by_its_short_name_and_not_one_named_later(tmp_path):
    path = _note(
        tmp_path,
        "DepthSort orders tasks by depth. Early Wins for Agents (2601.04321) disagrees.",
    )
    _import(path)
    first, second = Claim.objects.order_by("position").select_related("paper")
    assert first.paper.arxiv_id == "2602.01234"
    assert second.paper.arxiv_id == "2601.04321"


def test_implied_reading_is_a_suggestion_not_a_mark(tmp_path):
    _import(_note(tmp_path, "DepthSort, from the same snapshot, orders tasks by depth."))
    claim = Claim.objects.select_related("paper").get()
    assert claim.evidence == Evidence.UNMARKED
    suggestion = next(s for s in claim_suggestions(claim) if s.kind == "evidence")
    assert (suggestion.value, "same snapshot" in suggestion.reason) == (
        Evidence.ABSTRACT_ONLY,
        True,
    )


# --- Re-import -------------------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_reimport_of_the_same_file_changes_nothing(path):
    _import(path)
    before = _snapshot()
    report = _import(path)
    assert _snapshot() == before
    assert report.totals["claims"].changed == 0


def test_reimport_keeps_an_editors_mark_on_an_unchanged_claim(tmp_path, editor):
    path = _note(
        tmp_path, "DepthSort orders tasks by depth.\n\nThe gain is 12 points on one split."
    )
    _import(path)
    claim = Claim.objects.get(position=0)
    Claim.objects.filter(pk=claim.pk).update(
        evidence=Evidence.EDITORIAL, marked_by=editor, evidence_reason=""
    )
    path.write_text(path.read_text().replace("12 points", "13 points"))
    _import(path)
    kept = Claim.objects.get(pk=claim.pk)
    assert (kept.evidence, kept.marked_by_id) == (Evidence.EDITORIAL, editor.pk)


def test_reimport_over_published_entry_gives_a_revision_with_marks_from_the_text(tmp_path):
    path = _note(tmp_path, "DepthSort orders tasks by depth.")
    _import(path, status=EntryStatus.PUBLISHED)
    published = Entry.objects.get()
    path.write_text(path.read_text().replace("by depth.", "by depth. The paper was not read."))
    report = _import(path)

    assert report.revisions == 1
    assert list(published.claims.values_list("evidence", flat=True)) == [Evidence.UNMARKED]
    revision = published.revisions.get()
    assert revision.status == EntryStatus.PENDING
    assert {(c.evidence, c.marked_by_id) for c in revision.claims.all()} == {
        (Evidence.ABSTRACT_ONLY, None)
    }
    assert all(c.evidence_reason for c in revision.claims.all())


# --- The seed pages --------------------------------------------------------------------


@pytest.fixture
def seeds():
    concept = next(SEEDS.glob("000_*.txt"))
    feed = next(SEEDS.glob("003_*.txt"))
    return _import(concept, feed)


@needs_seeds
def test_seed_concept_claims_have_at_most_three_sentences(seeds):
    claims = Claim.objects.filter(entry__topics__title="Agentic Reinforcement Learning")
    assert claims.count() > 58
    assert max(_sentences(c) for c in claims) <= 3


@needs_seeds
@pytest.mark.parametrize("date", [dt.date(2026, 10, 4), dt.date(2026, 9, 28)])
def test_seed_sections_are_abstract_only_from_the_notes_words(seeds, date):
    claims = Claim.objects.filter(
        entry__date=date, entry__topics__title="Agentic Reinforcement Learning"
    )
    assert claims.count() >= 5
    assert {(c.evidence, c.marked_by_id) for c in claims} == {(Evidence.ABSTRACT_ONLY, None)}
    assert all("“" in c.evidence_reason for c in claims)


@needs_seeds
def test_seed_feed_summaries_are_secondary(seeds):
    claims = Claim.objects.exclude(entry__topics__title="Agentic Reinforcement Learning")
    assert claims.count() >= 22
    assert {c.evidence for c in claims} == {Evidence.SECONDARY}


@needs_seeds
def test_seed_rethinking_opd_two_is_not_cited_as_ida_opd(seeds):
    rethinking = Claim.objects.filter(text__contains="Rethinking On-Policy Distillation")
    assert rethinking.exists()
    assert not rethinking.filter(paper__arxiv_id="2608.29846").exists()
    assert rethinking.filter(paper__title__startswith="Rethinking On-Policy").exists()


@needs_seeds
def test_seed_never_full_text_where_the_paper_was_not_read(seeds):
    _assert_never_full_text_where_not_read()


@needs_seeds
def test_seed_abstract_only_papers_get_that_read_level(seeds):
    papers = Paper.objects.filter(read_level=ReadLevel.ABSTRACT_ONLY)
    assert papers.exists()
    assert not Paper.objects.filter(read_level=ReadLevel.FULL_TEXT).exists()


@needs_seeds
def test_seed_reimport_changes_nothing(seeds):
    before = _snapshot()
    concept = next(SEEDS.glob("000_*.txt"))
    feed = next(SEEDS.glob("003_*.txt"))
    _import(concept, feed)
    assert _snapshot() == before


def test_hostile_paragraphs_never_fail_an_import_and_are_kept_whole(tmp_path):
    # Each within the importer's 4,000 characters a claim (a longer one is refused by name).
    digits = "7" * 3_900
    brackets = "(" * 1_900 + "x" + ")" * 1_900
    path = _note(tmp_path, f"{digits}\n\n{brackets}\n\nМодель 模型 نموذج showed 3.5% more.")
    _import(path)
    texts = [c.text for c in Claim.objects.order_by("position")]
    assert digits in texts
    assert brackets in texts
    assert texts[-1] == "Модель 模型 نموذج showed 3.5% more."


def test_a_sub_heading_that_names_the_source_marks_the_claims_under_it(tmp_path):
    body = (
        "DepthSort orders tasks by depth, with 12 points more success.\n\n"
        "Conference abstracts\n\n"
        "A depth-first order lifts success by 9 points on the hardest split.\n\n"
        "Random order does no worse on the easy split, at 61%.\n\n"
        "Our take\n\n"
        "Depth is a stand-in for the number of tool calls, at 3 calls a task.\n\n"
        "Held with a caveat\n\n"
        "One benchmark was used, with 40 tasks and a 7% gain."
    )
    _import(_note(tmp_path, body))

    marks = [(c.evidence, c.evidence_level) for c in Claim.objects.order_by("position")]
    reasons = [c.evidence_reason for c in Claim.objects.order_by("position")]

    assert marks == [
        (Evidence.UNMARKED, ""),
        (Evidence.ABSTRACT_ONLY, "section"),  # every claim under the heading, not the first only
        (Evidence.ABSTRACT_ONLY, "section"),
        (Evidence.EDITORIAL, "section"),
        (Evidence.UNMARKED, ""),  # a heading that names a topic says nothing of the reading
    ]
    assert "“Conference abstracts”" in reasons[1] and "“Our take”" in reasons[3]
