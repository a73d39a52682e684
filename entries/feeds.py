"""Atom feed of a topic's published entries."""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed

from entries.models import Entry
from entries.selectors import badge_summary, entries_published
from wiki.models import Concept

FEED_LENGTH = 30


class TopicFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, slug: str) -> Concept:
        return get_object_or_404(Concept.objects.published(), slug=slug)

    def title(self, topic: Concept) -> str:
        return f"{topic.title} · Research Wiki"

    def link(self, topic: Concept) -> str:
        return reverse("entries:topic", kwargs={"slug": topic.slug})

    def feed_url(self, topic: Concept) -> str:
        return reverse("entries:topic_feed", kwargs={"slug": topic.slug})

    def subtitle(self, topic: Concept) -> str:
        return topic.summary or f"Dated entries about {topic.title}."

    def items(self, topic: Concept) -> list[Entry]:
        return list(entries_published(topic=topic)[:FEED_LENGTH])

    def item_title(self, entry: Entry) -> str:
        return entry.headline

    def item_description(self, entry: Entry) -> str:
        claims = list(entry.claims.all())
        return render_to_string(
            "entries/feed_item.html",
            {"entry": entry, "claims": claims, "summary": badge_summary(claims)},
        )

    def item_link(self, entry: Entry) -> str:
        return entry.get_absolute_url()

    def item_pubdate(self, entry: Entry) -> dt.datetime:
        return entry.published_at or timezone.make_aware(
            dt.datetime.combine(entry.date, dt.time(12, 0))
        )

    def item_updateddate(self, entry: Entry) -> dt.datetime:
        return entry.updated

    def item_author_name(self, entry: Entry) -> str | None:
        return entry.author.get_username() if entry.author else None

    def item_categories(self, entry: Entry) -> list[str]:
        return [t.title for t in entry.topics.all()]
