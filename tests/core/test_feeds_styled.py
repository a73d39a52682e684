"""Feeds opened in a browser are a readable page; to a feed reader they are the same Atom."""

from __future__ import annotations

import feedparser
import pytest

from entries.models import EntryStatus
from tests.factories import EntryFactory, PaperFactory, make_concept

FEEDS = ["/feeds/entries/", "/feeds/papers/", "/topics/reward-modeling/feed/"]


@pytest.fixture
def library(db):
    topic = make_concept("Reward Modeling")
    EntryFactory(status=EntryStatus.PUBLISHED, headline="Rubrics beat scalar rewards").topics.add(
        topic
    )
    PaperFactory(title="Scaling Reward Models").topics.add(topic)


@pytest.mark.parametrize("path", FEEDS)
def test_feed_names_its_stylesheet_and_stays_atom(client, library, path):
    response = client.get(path)

    body = response.content.decode()
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    assert body.startswith(
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<?xml-stylesheet type="text/css" href="/static/feeds/atom.css"?><feed '
    )
    parsed = feedparser.parse(body)
    assert parsed.bozo == 0
    assert parsed.version == "atom10"
    assert len(parsed.entries) == 1


def test_feed_stylesheet_is_served(client, library):
    response = client.get("/static/feeds/atom.css")

    assert response.status_code == 200
    assert b"This is a feed." in b"".join(response.streaming_content)
