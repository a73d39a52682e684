"""The papers list's shared fragments (count, chart, filter form, topics) and the topic
page's chart are kept under the library version: a mark, an entry edited or a concept's
text edited leaves them cached (their queries skipped); a paper added or edited, a
paper's topics, a topic renamed show on the next request."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from entries.models import EntryStatus, Evidence
from entries.writing.services import ClaimData, entry_update
from papers.services import paper_create, paper_update
from tests.factories import (
    ClaimFactory,
    EntryFactory,
    PaperFactory,
    concept_form_data,
    make_concept,
)

pytestmark = pytest.mark.django_db

YEAR = {"published_after": "2026-01-01", "published_before": "2026-12-31"}


@pytest.fixture(autouse=True)
def _page_cache_off(settings):
    """Whole pages are cached under the content version: without them, the fragments are
    what a request after a write can reuse."""
    settings.PAGE_CACHE_ENABLED = False


@pytest.fixture
def library(contributor):
    topic = make_concept("Reward Modeling", body="Models of what people prefer.")
    papers = [
        PaperFactory(published=day, title=f"Reward paper {n}")
        for n, day in enumerate((dt.date(2026, 1, 5), dt.date(2026, 1, 28), dt.date(2026, 3, 2)))
    ]
    for paper in papers:
        paper.topics.add(topic)
    entry = EntryFactory(status=EntryStatus.PUBLISHED, author=contributor)
    entry.topics.add(topic)
    claim = ClaimFactory(entry=entry, paper=papers[0], evidence=Evidence.ABSTRACT_ONLY)
    draft = EntryFactory(status=EntryStatus.DRAFT, author=contributor)
    return topic, papers, claim, draft


def _list(topic, **more) -> str:
    return "/papers/?" + "&".join(
        f"{k}={v}" for k, v in {"topic": topic.slug, **YEAR, **more}.items()
    )


def _sql(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries]


def _shared_parts_read(sqls: list[str]) -> list[str]:
    """The queries of the list's shared fragments: the capped count, the chart's month
    counts (or its newest date and GROUP BY), the topics the filter offers."""
    return [
        sql
        for sql in sqls
        if sql.startswith("SELECT COUNT(*)")
        or ("GROUP BY" in sql and "entries_claim" not in sql)  # not the rows' claim counts
        or ('FROM "wiki_concept"' in sql and "papers_paper_topics" not in sql)
        or sql.startswith('SELECT "papers_paper"."published" FROM')
        or 'FROM "papers_monthcount"' in sql
    ]


def _mark(editor, claim):
    client = Client()
    client.force_login(editor)
    response = client.post(f"/claims/{claim.pk}/mark/", {"evidence": Evidence.SECONDARY})
    assert response.status_code == 302
    claim.refresh_from_db()
    assert claim.evidence == Evidence.SECONDARY


def _edit_entry(contributor, draft, topic, papers):
    entry_update(
        entry=draft,
        by=contributor,
        date=dt.date(2026, 10, 1),
        headline="A draft, rewritten",
        lead="Another lead.",
        topics=[topic],
        claims=[ClaimData(text="Scores rise by 2 points.", paper=papers[1])],
    )


def _edit_concept_body(editor, topic):
    client = Client()
    client.force_login(editor)
    topic.refresh_from_db()
    data = concept_form_data(topic, body="Models of what people prefer, learned.")
    assert client.post(f"/wiki/{topic.slug}/edit/", data).status_code == 302


@pytest.mark.parametrize("write", ["mark", "entry", "concept-body"])
def test_the_list_s_shared_parts_outlive_a_write_elsewhere(
    client, library, editor, contributor, write, django_assert_max_num_queries
):
    topic, papers, claim, draft = library
    with CaptureQueriesContext(connection) as cold:
        first = client.get(_list(topic)).content.decode()
    assert len(_shared_parts_read(_sql(cold))) >= 3  # what a cold list reads

    if write == "mark":
        _mark(editor, claim)
    elif write == "entry":
        _edit_entry(contributor, draft, topic, papers)
    else:
        _edit_concept_body(editor, topic)

    # The versions, the page of rows, their topics.
    with django_assert_max_num_queries(3) as queries:
        html = client.get(_list(topic)).content.decode()
    assert _shared_parts_read(_sql(queries)) == []
    assert "<strong>3</strong> papers" in html
    assert 'data-bars="3"' in html and 'data-bars="3"' in first
    assert ">Reward Modeling</option>" in html


def test_the_rows_still_follow_a_mark(client, library, editor, contributor):
    topic, papers, claim, _ = library
    entry = claim.entry
    assert "1 claim<" in client.get(_list(topic)).content.decode()

    ClaimFactory(entry=entry, paper=papers[0])  # a claim added to the published entry

    assert "2 claims<" in client.get(_list(topic)).content.decode()


def test_a_search_s_shared_parts_outlive_a_mark(
    client, library, editor, django_assert_max_num_queries
):
    _, _, claim, _ = library
    client.get("/papers/?q=reward+paper")

    _mark(editor, claim)

    with django_assert_max_num_queries(3) as queries:
        html = client.get("/papers/?q=reward+paper").content.decode()
    assert _shared_parts_read(_sql(queries)) == []
    assert "<strong>3</strong> papers" in html


def test_a_paper_added_shows_in_the_count_and_chart(client, library):
    topic, *_ = library
    assert 'data-bars="3"' in client.get(_list(topic)).content.decode()  # January to March

    paper = paper_create(fields={"title": "Reward in May", "published": dt.date(2026, 5, 4)})
    paper.topics.add(topic)

    html = client.get(_list(topic)).content.decode()
    assert "<strong>4</strong> papers" in html
    assert 'data-bars="5"' in html  # January to May
    assert "published_after=2026-05-01&amp;published_before=2026-05-31" in html


def test_a_paper_edited_shows_in_the_count_and_chart(client, library):
    topic, papers, *_ = library
    client.get(_list(topic))

    paper_update(paper=papers[2], fields={"published": dt.date(2025, 3, 2)}, topics=[topic])

    html = client.get(_list(topic)).content.decode()
    assert "<strong>2</strong> papers" in html
    assert 'data-bars="1"' in html  # January alone


def test_a_paper_s_topics_changed_show_in_the_count(client, library, editor):
    topic, papers, *_ = library
    client.get(_list(topic))
    client.force_login(editor)

    response = client.post(f"/papers/{papers[1].url_key}/topics/", {"topics": []})

    assert response.status_code == 302
    assert "<strong>2</strong> papers" in client.get(_list(topic)).content.decode()


def test_a_topic_renamed_shows_in_the_form_and_the_chips(client, library, editor):
    topic, *_ = library
    client.get(_list(topic))
    editor_client = Client()
    editor_client.force_login(editor)

    data = concept_form_data(topic, title="Reward Models")
    assert editor_client.post(f"/wiki/{topic.slug}/edit/", data).status_code == 302

    html = client.get(_list(topic)).content.decode()
    assert ">Reward Models</option>" in html and ">Reward Modeling</option>" not in html
    assert "Topic: Reward Models <" in html
    assert 'title="Papers on Reward Models"' in html


def test_the_topic_page_s_chart_outlives_a_mark_and_follows_a_paper(
    client, library, editor, django_assert_max_num_queries
):
    topic, _, claim, _ = library
    path = f"/topics/{topic.slug}/"
    assert 'data-bars="3"' in client.get(path).content.decode()

    _mark(editor, claim)

    with CaptureQueriesContext(connection) as queries:
        html = client.get(path).content.decode()
    months = [s for s in _sql(queries) if "GROUP BY" in s and '"papers_paper"."published"' in s]
    assert not months
    assert "secondary" in html  # the evidence mix follows the mark

    PaperFactory(published=dt.date(2026, 4, 1)).topics.add(topic)

    assert 'data-bars="4"' in client.get(path).content.decode()
