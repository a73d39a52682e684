"""The papers list's shared fragments (count, chart, filter form) follow every change of
the library: each is kept per library version and filter, never past a write to it."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection

from entries.models import EntryStatus
from papers.filters import paper_text_filter
from papers.services import paper_create, paper_update
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.models import Concept

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _page_cache_off(settings):
    """Whole pages are cached too: without them, only the fragments are left to test."""
    settings.PAGE_CACHE_ENABLED = False


@pytest.fixture
def topic():
    concept = make_concept("Reward Modeling")
    for day in (dt.date(2026, 1, 5), dt.date(2026, 1, 28), dt.date(2026, 3, 2)):
        PaperFactory(published=day).topics.add(concept)
    return concept


def _count(client, **params) -> int:
    return client.get("/papers/", params).context["page"].paginator.count


def _chart(html: str) -> str:
    start = html.index('class="chart chart-months"')
    return html[start : html.index("</figure>", start)]


def test_count_follows_a_paper_added_to_the_filter(client, topic):
    assert _count(client, topic=topic.slug) == 3
    assert _count(client, topic=topic.slug) == 3  # from the cache

    PaperFactory(published=dt.date(2026, 2, 1)).topics.add(topic)

    assert _count(client, topic=topic.slug) == 4


def test_count_follows_a_paper_edited_out_of_the_filter(client, topic):
    assert _count(client, topic=topic.slug, published_after="2026-02-01") == 1

    paper = topic.papers.get(published=dt.date(2026, 3, 2))
    paper_update(paper=paper, fields={"published": dt.date(2025, 3, 2)}, topics=[topic])

    assert _count(client, topic=topic.slug, published_after="2026-02-01") == 0


def test_count_is_the_same_whatever_the_sort_and_page_size(client, topic):
    assert _count(client, topic=topic.slug, sort="title") == 3
    assert _count(client, topic=topic.slug, per_page=1, page=2) == 3


def test_chart_follows_an_edited_publication_date(client, topic):
    chart = _chart(client.get("/papers/", {"topic": topic.slug}).content.decode())
    assert 'data-bars="3"' in chart  # January to March

    paper = topic.papers.get(published=dt.date(2026, 3, 2))
    paper_update(paper=paper, fields={"published": dt.date(2026, 5, 2)}, topics=[topic])

    chart = _chart(client.get("/papers/", {"topic": topic.slug}).content.decode())
    assert 'data-bars="5"' in chart  # January to May
    assert "published_after=2026-05-01&amp;published_before=2026-05-31" in chart


def test_chart_links_keep_each_request_s_own_sort(client, topic):
    oldest = _chart(
        client.get("/papers/", {"topic": topic.slug, "sort": "oldest"}).content.decode()
    )
    newest = _chart(client.get("/papers/", {"topic": topic.slug}).content.decode())

    assert "sort=oldest" in oldest
    assert "sort=" not in newest


def test_filter_form_follows_a_renamed_topic(client, topic):
    assert ">Reward Modeling</option>" in client.get("/papers/").content.decode()

    Concept.objects.filter(pk=topic.pk).update(title="Reward Models")

    html = client.get("/papers/").content.decode()
    assert ">Reward Models</option>" in html
    assert ">Reward Modeling</option>" not in html


def test_filter_form_errors_follow_the_library(client, topic):
    html = client.get("/papers/", {"topic": "process-supervision"}).content.decode()
    assert "Select a valid choice" in html

    make_concept("Process Supervision")

    html = client.get("/papers/", {"topic": "process-supervision"}).content.decode()
    assert "Select a valid choice" not in html
    assert '<option value="process-supervision" selected>' in html


def test_filter_form_shows_each_request_s_values(client, topic):
    client.get("/papers/", {"q": "reward"})

    html = client.get("/papers/", {"q": "rewards "}).content.decode()

    assert re.search(r'<input type="search" name="q" value="rewards "', html)


def test_filter_form_offers_a_new_organisation(client, topic):
    assert '<option value="Anthropic">' not in client.get("/papers/").content.decode()

    paper_create(fields={"title": "Constitutional AI", "organisation": "Anthropic"})

    assert '<option value="Anthropic">' in client.get("/papers/").content.decode()


def test_rows_follow_a_claim_published(client, topic):
    paper = topic.papers.get(published=dt.date(2026, 3, 2))
    entry = EntryFactory(status=EntryStatus.DRAFT)
    ClaimFactory(entry=entry, paper=paper)
    assert "1 claim<" not in client.get("/papers/", {"topic": topic.slug}).content.decode()

    entry.status = EntryStatus.PUBLISHED
    entry.save()

    assert "1 claim<" in client.get("/papers/", {"topic": topic.slug}).content.decode()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="one plan on SQLite")
def test_how_common_a_search_is_is_judged_again_after_a_write(monkeypatch):
    monkeypatch.setattr("core.fulltext.COMMON_MATCHES", 0)
    assert paper_text_filter("quokka").common is False
    assert paper_text_filter("quokka").common is False  # from the cache

    PaperFactory(title="The quokka smiles")

    assert paper_text_filter("quokka").common is True


def test_chosen_topics_follow_a_rename_and_a_deletion(client, topic):
    assert (
        "Topic: Reward Modeling" in client.get("/papers/", {"topic": topic.slug}).content.decode()
    )

    Concept.objects.filter(pk=topic.pk).update(title="Reward Models")

    response = client.get("/papers/", {"topic": topic.slug})
    assert "Topic: Reward Models <" in response.content.decode()
    assert response.context["page"].paginator.count == 3

    topic.papers.clear()
    Concept.objects.filter(pk=topic.pk).delete()

    response = client.get("/papers/", {"topic": topic.slug})
    assert "Select a valid choice" in response.content.decode()
