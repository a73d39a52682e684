from __future__ import annotations

from pathlib import Path

import pytest

from evidence import KnownPaper, analyse_entry, split_sentences
from importer.parse import parse_note

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
SAMPLES = [
    ROOT / "importer" / "samples" / "environment_synthesis.txt",
    ROOT / "tests" / "importer" / "samples" / "tool_use_curriculum.txt",
]


def _known(note) -> list[KnownPaper]:
    known = [KnownPaper(k.arxiv_id or k.title, k.title, k.arxiv_id) for k in note.key_papers]
    ids = {k.arxiv_id for k in known}
    known += [KnownPaper(i, t, i) for i, t in note.papers.items() if i not in ids]
    return known


def _paragraphs(entry) -> list[str]:
    return [c.text.split("**\n\n", 1)[-1] for c in entry.claims]


def _analyse(path: Path, date: str | None = None):
    note = parse_note(text=path.read_text(encoding="utf-8"), name=path.name)
    kind = "digest" if note.kind == "topic feed" else "notes"
    known = _known(note) if kind == "notes" else []
    return [
        analyse_entry(_paragraphs(e), known_papers=known, source_kind=kind)
        for e in note.entries
        if date is None or str(e.date) == date
    ]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_notes_claims_have_at_most_three_sentences(path):
    for analysis in _analyse(path):
        for claim in analysis.claims:
            assert len(split_sentences(claim.text)) <= 3


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_notes_never_full_text(path):
    assert all(c.evidence != "full_text" for a in _analyse(path) for c in a.claims)


def test_sample_feed_claims_are_secondary_unless_their_own_words_say_more():
    path = ROOT / "importer" / "samples" / "verifier_free_rewards_feed.txt"
    claims = [c for a in _analyse(path) for c in a.claims]
    by_shape = [c for c in claims if c.evidence_level == "page"]
    assert {c.evidence for c in by_shape} == {"secondary"}
    # The one item naming the abstract as what it went by keeps its own words' level.
    own = [c for c in claims if c.evidence_level == "claim"]
    assert [(c.evidence, "in the abstract" in c.text) for c in own] == [("abstract_only", True)]
    assert len(by_shape) == len(claims) - 1


needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not present")


@needs_seeds
@pytest.mark.parametrize("date", ["2026-10-04", "2026-09-28"])
def test_seed_sections_are_abstract_only_from_their_own_words(date):
    (concept,) = sorted(SEEDS.glob("000_*.txt"))
    claims = [c for a in _analyse(concept, date) for c in a.claims]
    assert claims
    assert {c.evidence for c in claims} == {"abstract_only"}
    assert all(len(split_sentences(c.text)) <= 3 for c in claims)


@needs_seeds
def test_seed_rethinking_opd_two_is_not_cited_as_ida_opd():
    (concept,) = sorted(SEEDS.glob("000_*.txt"))
    claims = [c for a in _analyse(concept) for c in a.claims]
    rethinking = [c for c in claims if c.text.startswith("Rethinking On-Policy Distillation")]
    assert rethinking
    assert all(c.paper_key != "2608.29846" for c in rethinking)


@needs_seeds
def test_seed_feed_summaries_are_secondary():
    (feed,) = sorted(SEEDS.glob("003_*.txt"))
    assert {c.evidence for a in _analyse(feed) for c in a.claims} == {"secondary"}
