"""Site search at any size: counts are exact up to a cap and marked beyond it; words in
most rows rank the newest matches, title matches first, in a fixed number of queries."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection

from entries.models import EntryStatus
from entries.writing.services import ClaimData, entry_create
from tests.factories import PaperFactory, make_concept

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="ranking and the two plans need PostgreSQL"
)


def _entry(headline: str, claim: str = "A claim.", date=dt.date(2026, 9, 1)):
    return entry_create(
        author=None,
        date=date,
        headline=headline,
        lead="",
        claims=[ClaimData(text=claim)],
        status=EntryStatus.PUBLISHED,
    )


def _titles(response) -> list[str]:
    return [hit.title for hit in response.context["results"].hits]


@pytest.fixture
def gradient_papers():
    """Eight papers with the word in the abstract (newest last), two in the title."""
    day = dt.date(2025, 1, 1)
    for n in range(8):
        PaperFactory(
            title=f"Study {n}",
            abstract="A gradient method.",
            published=day + dt.timedelta(days=10 * n),
        )
    PaperFactory(title="Gradient notes", abstract="Short.", published=day - dt.timedelta(days=1))
    PaperFactory(title="More gradient notes", abstract="Short.", published=day)


@pytest.fixture(params=["common", "rare"])
def plan(request, monkeypatch):
    """Words in more than COUNT_CAP of the newest rows are common: make the cap tiny or
    the sample of newest rows too small to hold any match."""
    if request.param == "common":
        monkeypatch.setattr("search.selectors.COUNT_CAP", 1)
    else:
        monkeypatch.setattr("core.fulltext.SAMPLE_SIZE", 1)
        monkeypatch.setattr("search.selectors.COUNT_CAP", 100)
    return request.param


def test_counts_are_exact_up_to_the_cap_then_marked(client, db, monkeypatch):
    monkeypatch.setattr("search.selectors.COUNT_CAP", 3)
    for n in range(5):
        PaperFactory(title=f"Rubric paper {n}")
    make_concept("Rubric Design")
    make_concept("Rubric Scoring")
    _entry("Rubrics help", claim="Rubric scores agree.")

    response = client.get("/search/", {"q": "rubric"})
    results = response.context["results"]

    assert results.counts == {"concepts": 2, "papers": 3, "entries": 1}
    assert results.more == {"papers"}
    assert results.count_labels == ["2 concepts", "3+ papers", "1 entry"]
    assert "2 concepts · 3+ papers · 1 entry" in response.content.decode()


@postgres_only
def test_both_plans_rank_title_matches_first_then_the_newest(client, gradient_papers, plan):
    response = client.get("/search/", {"q": "gradient", "kind": "papers"})

    assert _titles(response) == [
        "More gradient notes",  # title matches first, the newer of two equal ones first
        "Gradient notes",
        *(f"Study {n}" for n in range(7, -1, -1)),
    ]
    results = response.context["results"]
    if plan == "common":
        assert (results.counts["papers"], results.more) == (1, {"papers"})
    else:
        assert (results.counts["papers"], results.more) == (10, set())


@postgres_only
def test_common_words_rank_the_newest_matches(client, gradient_papers, monkeypatch):
    # A library too large to rank every match: only the newest RANK_POOL are ranked.
    monkeypatch.setattr("search.selectors.COUNT_CAP", 1)
    monkeypatch.setattr("search.selectors.RANK_POOL", 4)

    response = client.get("/search/", {"q": "gradient", "kind": "papers"})

    assert _titles(response) == ["Study 7", "Study 6", "Study 5", "Study 4"]
    assert response.context["results"].count_labels[1] == "1+ papers"


@postgres_only
def test_many_old_matches_rank_the_newest_of_them(client, gradient_papers, monkeypatch):
    # Few matches among the newest rows but more than COUNT_CAP in all: the GIN index
    # finds them, the count is marked, and the newest RANK_POOL are ranked.
    monkeypatch.setattr("core.fulltext.SAMPLE_SIZE", 1)
    monkeypatch.setattr("search.selectors.COUNT_CAP", 5)
    monkeypatch.setattr("search.selectors.RANK_POOL", 6)

    response = client.get("/search/", {"q": "gradient", "kind": "papers"})

    assert _titles(response) == [f"Study {n}" for n in range(7, 1, -1)]
    assert response.context["results"].count_labels[1] == "5+ papers"


@postgres_only
def test_common_words_take_two_queries_per_kind(
    client, gradient_papers, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr("search.selectors.COUNT_CAP", 1)
    make_concept("Gradient Methods")
    make_concept("Gradient Flow")
    _entry("Gradients explode", claim="The gradient grows.")
    _entry("Gradients vanish", claim="The gradient shrinks.")

    # Two a kind, and the cache versions' one read.
    with django_assert_max_num_queries(6 + 1):
        response = client.get("/search/", {"q": "gradient"})

    assert response.context["results"].more == {"concepts", "papers", "entries"}
    assert len(response.context["results"].hits) == 2 + 10 + 2


@postgres_only
def test_rare_words_take_three_queries_per_kind(
    client, gradient_papers, django_assert_max_num_queries
):
    make_concept("Gradient Methods")
    _entry("Gradients explode", claim="The gradient grows.")

    # The sample of the newest rows, the GIN index's matches, the ranked hits, a kind; and
    # the cache versions' one read.
    with django_assert_max_num_queries(9 + 1):
        response = client.get("/search/", {"q": "gradient"})

    assert response.context["results"].counts == {"concepts": 1, "papers": 10, "entries": 1}
    assert response.context["results"].more == set()


@postgres_only
def test_concept_snippet_comes_from_deep_in_a_long_body(client, db):
    make_concept("Marsupials", body="Filler words here. " * 2000 + "The quokka smiles.")

    response = client.get("/search/", {"q": "quokka"}, headers={"HX-Request": "true"})

    assert "<mark>quokka</mark>" in response.content.decode()
