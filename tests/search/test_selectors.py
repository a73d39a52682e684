from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from entries.models import EntryStatus
from entries.writing.services import ClaimData, entry_create
from tests.factories import PaperFactory, make_concept
from wiki.services import concept_create

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="ranking and stemming need PostgreSQL"
)


def _entry(headline: str, claim: str = "A claim.", status=EntryStatus.PUBLISHED, lead=""):
    return entry_create(
        author=None,
        date=dt.date(2026, 9, 1),
        headline=headline,
        lead=lead,
        claims=[ClaimData(text=claim)],
        status=status,
    )


def _titles(response) -> list[str]:
    return [hit.title for hit in response.context["results"].hits]


def test_search_finds_each_kind(client, db):
    make_concept("Reward Modeling", summary="Scoring outputs.")
    PaperFactory(title="Rubric rewards for agents", abstract="We study rubric rewards.")
    _entry("Rubric rewards generalise", claim="Rubrics beat scalar rewards.")
    response = client.get("/search/", {"q": "rubric"})
    assert response.status_code == 200
    results = response.context["results"]
    assert results.counts == {"concepts": 0, "papers": 1, "entries": 1}
    assert sorted(_titles(response)) == ["Rubric rewards for agents", "Rubric rewards generalise"]


def test_search_matches_concept_body_and_entry_claims(client, db):
    make_concept("Process Supervision", body="Step labels are **expensive** to collect.")
    _entry("Something else", claim="The verifier is expensive to run.")
    response = client.get("/search/", {"q": "expensive"})
    assert sorted(_titles(response)) == ["Process Supervision", "Something else"]


def test_search_hides_unpublished_content(client, db, contributor):
    concept_create(title="Secret Draft Topic", body="hidden words", author=contributor)
    _entry("Hidden draft entry", claim="hidden words", status=EntryStatus.DRAFT)
    _entry("Hidden pending entry", claim="hidden words", status=EntryStatus.PENDING)
    response = client.get("/search/", {"q": "hidden"})
    assert _titles(response) == []


def test_search_kind_tab_limits_results(client, db):
    make_concept("Agents", summary="Agents act.")
    PaperFactory(title="Agents at scale")
    response = client.get("/search/", {"q": "agents", "kind": "papers"})
    assert _titles(response) == ["Agents at scale"]
    assert response.context["results"].counts["concepts"] == 1  # tabs still show counts


def test_exact_arxiv_id_opens_the_paper(client, db):
    PaperFactory(arxiv_id="2608.17528", title="The paper")
    for spelling in ["2608.17528", "arXiv:2608.17528v2", "https://arxiv.org/abs/2608.17528"]:
        response = client.get("/search/", {"q": spelling})
        assert (response.status_code, response["Location"]) == (302, "/papers/2608.17528/")


def test_unknown_arxiv_id_searches_normally(client, db):
    response = client.get("/search/", {"q": "2608.17528"})
    assert response.status_code == 200
    assert "Nothing matches" in response.content.decode()


def test_search_htmx_returns_only_the_results_fragment(client, db):
    make_concept("Reward Modeling")
    response = client.get("/search/", {"q": "reward"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="search-results"')
    assert "<html" not in body
    assert '<span class="hit-title"><mark>Reward</mark> Modeling</span>' in body


def test_search_snippets_mark_words_and_escape_text(client, db):
    PaperFactory(title="Safe", abstract="The <script>alert(1)</script> reward signal.")
    fragment = client.get("/search/", {"q": "reward"}, headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert "<mark>reward</mark>" in body.lower()
    # SQLite's snippet escapes the tag; PostgreSQL's parser drops it. Neither can run.
    assert "<script" not in body
    assert "alert(1)" in body


def test_search_with_empty_or_odd_input_never_fails(client, db):
    for q in ["", "   ", "&&", "'\"", "a" * 5000, "(((", "reward:*", "!!! ||| &&&"]:
        response = client.get("/search/", {"q": q, "kind": "bogus"})
        assert response.status_code == 200


def test_search_page_uses_a_bounded_number_of_queries(client, db, django_assert_max_num_queries):
    for i in range(30):
        make_concept(f"Reward topic {i}", summary="reward")
        PaperFactory(title=f"Reward paper {i}")
        _entry(f"Reward entry {i}", claim="reward")
    # Per kind: a capped count, the rank pool (at most two id queries) and the hits.
    with django_assert_max_num_queries(14):
        response = client.get("/search/", {"q": "reward"})
    assert len(response.context["results"].hits) == 30  # 10 of each kind


@postgres_only
def test_title_match_ranks_above_body_match(client, db):
    make_concept("Mentions Elsewhere", body="This body talks about distillation at length.")
    make_concept("Distillation", body="Nothing more.")
    response = client.get("/search/", {"q": "distillation", "kind": "concepts"})
    assert _titles(response) == ["Distillation", "Mentions Elsewhere"]


@postgres_only
def test_stemmed_forms_match(client, db):
    make_concept("Knowledge Distillation", summary="Students imitate teachers.")
    PaperFactory(title="On distilled students", abstract="We distill.")
    response = client.get("/search/", {"q": "distilling"})
    assert sorted(_titles(response)) == ["Knowledge Distillation", "On distilled students"]


@postgres_only
def test_edits_refresh_the_search_index(client, db, editor):
    from wiki.services import revision_create

    concept = make_concept("Planning", body="old words")
    revision_create(
        concept=concept,
        author=editor,
        title="Planning",
        summary=concept.summary,
        body="fresh vocabulary",
        base_revision=concept.current_revision,
    )
    assert _titles(client.get("/search/", {"q": "vocabulary"})) == ["Planning"]
    assert _titles(client.get("/search/", {"q": "old"})) == []


@postgres_only
def test_paper_vectors_follow_every_write(client, db):
    from papers.models import Paper

    paper = PaperFactory(title="Plain title", abstract="nothing")
    Paper.objects.filter(pk=paper.pk).update(abstract="mentions quokkas")  # no save() hooks
    assert _titles(client.get("/search/", {"q": "quokka", "kind": "papers"})) == ["Plain title"]


@postgres_only
def test_paper_title_match_ranks_above_abstract_match(client, db):
    PaperFactory(title="Something else", abstract="A long abstract about curriculum design.")
    PaperFactory(title="Curriculum learning", abstract="Short.")
    response = client.get("/search/", {"q": "curriculum", "kind": "papers"})
    assert _titles(response) == ["Curriculum learning", "Something else"]
