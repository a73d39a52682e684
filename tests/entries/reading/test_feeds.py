"""The Atom feeds: a topic's narrowed by evidence or caveat, the site's new entries and new
papers; every link absolute, every feed parsed by a real feed reader (feedparser)."""

from __future__ import annotations

import datetime as dt
import re

import feedparser
import pytest
from django.utils import timezone

from entries.models import Caveat, EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

pytestmark = pytest.mark.django_db

HREF = re.compile(r'(?:href|src)="([^"]*)"')


def _entry(topic, headline: str, claims: list[tuple[str, str, list[str]]], **kwargs):
    """A published entry on ``topic`` with claims (text, evidence, caveat slugs)."""
    entry = EntryFactory(
        status=EntryStatus.PUBLISHED,
        headline=headline,
        lead="See [[Reward Modeling]].",
        lead_html='<p>See <a href="/wiki/reward-modeling/">Reward Modeling</a>.</p>',
        **kwargs,
    )
    entry.topics.add(topic)
    for position, (text, evidence, caveats) in enumerate(claims):
        claim = ClaimFactory(entry=entry, position=position, text=text, evidence=evidence)
        claim.caveats.set(Caveat.objects.filter(slug__in=caveats))
    return entry


@pytest.fixture
def topic_entries(topic):
    paper = PaperFactory(arxiv_id="2306.13649", authors="Rishabh Agarwal, A B, C D")
    mixed = _entry(
        topic,
        "Mixed evidence",
        [
            ("Read in full: 3 points.", Evidence.FULL_TEXT, []),
            ("From the abstract only.", Evidence.ABSTRACT_ONLY, ["no-figure-stated"]),
        ],
        date=dt.date(2026, 3, 1),
    )
    mixed.claims.filter(position=1).update(paper=paper)
    full = _entry(topic, "Full text only", [("All read.", Evidence.FULL_TEXT, [])])
    abstract = _entry(topic, "Abstract only", [("Abstract says so.", Evidence.ABSTRACT_ONLY, [])])
    return {"mixed": mixed, "full": full, "abstract": abstract}


def _claims_of(feed_entry) -> list[str]:
    return re.findall(r"<li><p>(.*?)</p>", feed_entry.summary)


def test_topic_feed_filtered_by_evidence_holds_only_matching_claims_with_absolute_links(
    client, topic, topic_entries, settings, django_assert_max_num_queries
):
    settings.SITE_URL = "https://wiki.example.org"

    with django_assert_max_num_queries(8):
        response = client.get(f"/topics/{topic.slug}/feed/?evidence=abstract_only")
    feed = feedparser.parse(response.content)

    assert response.status_code == 200
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title == "Reward Modeling · abstract only · Research Wiki"
    assert (
        feed.feed.link == "https://wiki.example.org/topics/reward-modeling/?evidence=abstract_only"
    )
    assert sorted(e.title for e in feed.entries) == ["Abstract only", "Mixed evidence"]
    by_title = {e.title: e for e in feed.entries}
    assert _claims_of(by_title["Mixed evidence"]) == ["From the abstract only."]
    assert _claims_of(by_title["Abstract only"]) == ["Abstract says so."]
    for entry in feed.entries:
        assert entry.link.startswith("https://wiki.example.org/entries/")
        links = HREF.findall(entry.summary)
        assert links and all(link.startswith("https://wiki.example.org/") for link in links)
    summary = by_title["Mixed evidence"].summary
    assert 'href="https://wiki.example.org/papers/2306.13649/"' in summary
    assert ">Agarwal et al. 2026</a>" in summary


def test_topic_feed_filtered_by_caveat_uses_the_request_host_without_site_url(
    client, topic, topic_entries, settings
):
    settings.SITE_URL = ""

    feed = feedparser.parse(
        client.get(f"/topics/{topic.slug}/feed/?caveat=no-figure-stated").content
    )

    assert [e.title for e in feed.entries] == ["Mixed evidence"]
    assert _claims_of(feed.entries[0]) == ["From the abstract only."]
    assert all(
        link.startswith("http://testserver/") for link in HREF.findall(feed.entries[0].summary)
    )


def test_topic_feed_unfiltered_lists_every_claim(client, topic, topic_entries):
    feed = feedparser.parse(client.get(f"/topics/{topic.slug}/feed/").content)

    by_title = {e.title: e for e in feed.entries}
    assert len(feed.entries) == 3
    assert len(_claims_of(by_title["Mixed evidence"])) == 2


@pytest.mark.parametrize("query", ["evidence=nonsense", "caveat=no-such-caveat"])
def test_topic_feed_with_an_unknown_filter_is_400(client, topic, query):
    response = client.get(f"/topics/{topic.slug}/feed/?{query}")

    assert response.status_code == 400
    assert "is not" in response.content.decode()


def test_filtered_feeds_are_cached_apart(client, topic, topic_entries):
    everything = client.get(f"/topics/{topic.slug}/feed/").content
    narrowed = client.get(f"/topics/{topic.slug}/feed/?evidence=full_text").content

    assert len(feedparser.parse(everything).entries) == 3
    assert len(feedparser.parse(narrowed).entries) == 2


def test_site_feed_of_new_entries_newest_published_first(
    client, topic, contributor, settings, django_assert_max_num_queries
):
    settings.SITE_URL = "https://wiki.example.org"
    now = timezone.now()
    older = _entry(topic, "Published first", [("One.", Evidence.FULL_TEXT, [])])
    newer = _entry(topic, "Published later", [("Two.", Evidence.SECONDARY, [])])
    type(older).objects.filter(pk=older.pk).update(published_at=now - dt.timedelta(days=2))
    type(newer).objects.filter(pk=newer.pk).update(published_at=now - dt.timedelta(days=1))
    EntryFactory(status=EntryStatus.PENDING, headline="Not yet")

    with django_assert_max_num_queries(8):
        response = client.get("/feeds/entries/")
    feed = feedparser.parse(response.content)

    assert not feed.bozo
    assert feed.feed.title == "New entries · Research Wiki"
    assert [e.title for e in feed.entries] == ["Published later", "Published first"]
    assert feed.entries[0].link == f"https://wiki.example.org/entries/{newer.pk}/"
    assert all(
        link.startswith("https://wiki.example.org/")
        for link in HREF.findall(feed.entries[0].summary)
    )


def test_site_feed_of_papers_added_newest_first(client, settings, django_assert_max_num_queries):
    settings.SITE_URL = "https://wiki.example.org"
    topic = make_concept("Reward Modeling")
    first = PaperFactory(title="Added first")
    second = PaperFactory(title="Added second", arxiv_id="2306.13649")
    second.topics.add(topic)
    PaperFactory.create_batch(3)
    type(first).objects.filter(pk=first.pk).update(added=timezone.now() - dt.timedelta(days=9))

    with django_assert_max_num_queries(4):
        response = client.get("/feeds/papers/")
    feed = feedparser.parse(response.content)

    assert not feed.bozo
    assert feed.feed.title == "Papers added · Research Wiki"
    assert [e.title for e in feed.entries][-1] == "Added first"
    entry = next(e for e in feed.entries if e.title == "Added second")
    assert entry.link == "https://wiki.example.org/papers/2306.13649/"
    assert [t.term for t in entry.tags] == ["Reward Modeling"]
    assert "https://wiki.example.org/papers/?topic=reward-modeling" in entry.summary


def test_every_page_names_the_site_feeds(client):
    html = client.get("/").content.decode()

    assert '<link rel="alternate" type="application/atom+xml"' in html
    assert 'href="/feeds/entries/"' in html and 'href="/feeds/papers/"' in html
