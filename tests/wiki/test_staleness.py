from __future__ import annotations

import datetime as dt

import pytest

from entries.models import EntryStatus
from entries.writing.services import ClaimData, entry_create
from tests.factories import PaperFactory, make_concept
from wiki.selectors import concepts_for_index

ENTRY_DAY = dt.date(2026, 9, 30)


@pytest.fixture
def concept(db):
    concept = make_concept("Reward Modeling")
    entry_create(
        author=None,
        date=ENTRY_DAY,
        headline="State of the art",
        topics=[concept],
        claims=[ClaimData(text="A claim with 1 figure.")],
        status=EntryStatus.PUBLISHED,
    )
    return concept


def _papers(concept, *days: dt.date):
    for day in days:
        PaperFactory(published=day).topics.add(concept)


def test_papers_after_the_latest_entry_are_counted_on_the_concept_page(client, concept):
    _papers(concept, ENTRY_DAY + dt.timedelta(days=1), dt.date(2026, 11, 2))
    body = client.get("/wiki/reward-modeling/").content.decode()
    assert "2 newer papers" in body
    assert "since the last update on 2026-09-30" in body
    assert 'href="/papers/?topic=reward-modeling&amp;published_after=2026-10-01"' in body


def test_a_paper_dated_the_same_day_as_the_entry_does_not_count(client, concept):
    _papers(concept, ENTRY_DAY, ENTRY_DAY - dt.timedelta(days=1))
    assert client.get("/wiki/reward-modeling/").context["staleness"] is None
    _papers(concept, ENTRY_DAY + dt.timedelta(days=1))
    assert client.get("/wiki/reward-modeling/").context["staleness"].newer == 1


def test_papers_of_other_topics_and_undated_papers_do_not_count(client, concept):
    other = make_concept("Planning")
    _papers(other, dt.date(2026, 10, 5))
    PaperFactory(published=None).topics.add(concept)
    assert client.get("/wiki/reward-modeling/").context["staleness"] is None


def test_unpublished_entries_do_not_reset_the_clock(client, concept):
    entry_create(
        author=None,
        date=dt.date(2026, 11, 20),
        headline="Draft update",
        topics=[concept],
        status=EntryStatus.DRAFT,
    )
    _papers(concept, dt.date(2026, 10, 15))
    assert client.get("/wiki/reward-modeling/").context["staleness"].newer == 1


def test_concept_without_entries_shows_no_notice(client, db):
    concept = make_concept("Planning")
    _papers(concept, dt.date(2026, 10, 15))
    assert client.get("/wiki/planning/").context["staleness"] is None


def test_link_opens_the_papers_list_filtered_to_exactly_those(client, concept):
    _papers(concept, ENTRY_DAY, dt.date(2026, 10, 1), dt.date(2026, 10, 9))
    url = client.get("/wiki/reward-modeling/").context["staleness"].url
    response = client.get(url)
    assert [p.published for p in response.context["page"]] == [
        dt.date(2026, 10, 9),
        dt.date(2026, 10, 1),
    ]


def test_concept_index_shows_the_count_in_one_query(client, concept, django_assert_num_queries):
    _papers(concept, dt.date(2026, 10, 1))
    with django_assert_num_queries(1):
        concepts = list(concepts_for_index())
    assert [(c.title, c.newer_papers, c.last_update) for c in concepts] == [
        ("Reward Modeling", 1, ENTRY_DAY)
    ]
    body = client.get("/wiki/").content.decode()
    assert "1 newer paper since the last update on 2026-09-30" in body
