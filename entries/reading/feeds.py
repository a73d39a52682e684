"""Atom feeds of published entries: one per topic (optionally narrowed to claims of one
evidence level or caveat) and one of the whole site's newly published entries.

A feed is read away from the site, so every link in it is absolute: ``root`` is
``settings.SITE_URL`` when set, else the requesting host. A feed object is made per
request (it holds the request's root and filters), never shared between threads.

Filtered by ``?evidence=`` or ``?caveat=``, a topic feed holds the entries with at least
one matching claim, and lists only those claims under each.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.db.models import F, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from core.feeds import StyledAtom1Feed
from core.http import absolute_links
from core.math import math_as_tex
from entries.models import Claim, Entry, Evidence
from entries.reading.selectors import (
    badge_summary,
    caveat_vocabulary,
    entries_published,
    published_claims,
)
from wiki.models import Concept

FEED_LENGTH = 30


class FeedFilterError(ValueError):
    pass


def feed_filters(params) -> tuple[str, str]:
    """The ``evidence`` value and ``caveat`` slug asked for; FeedFilterError names one
    that does not exist."""
    evidence = params.get("evidence", "").strip()
    caveat = params.get("caveat", "").strip()
    if evidence and evidence not in Evidence.values:
        raise FeedFilterError(f"“{evidence[:40]}” is not an evidence level.")
    if caveat and caveat not in {c.slug for c in caveat_vocabulary()}:
        raise FeedFilterError(f"“{caveat[:40]}” is not a caveat.")
    return evidence, caveat


class _EntriesFeed(Feed):
    feed_type = StyledAtom1Feed

    def __init__(self, root: str, *, evidence: str = "", caveat: str = "") -> None:
        super().__init__()
        self.root, self.evidence, self.caveat = root, evidence, caveat

    def _matches(self, claim: Claim) -> bool:
        if self.evidence and claim.evidence != self.evidence:
            return False
        return not self.caveat or any(c.slug == self.caveat for c in claim.caveats.all())

    def item_title(self, entry: Entry) -> str:
        return entry.headline

    def item_description(self, entry: Entry) -> str:
        claims = [claim for claim in entry.claims.all() if self._matches(claim)]
        html = render_to_string(
            "entries/feed_item.html",
            {"entry": entry, "claims": claims, "summary": badge_summary(claims)},
        )
        # Few feed readers draw MathML: each formula goes out as its TeX source, in dollars.
        return absolute_links(math_as_tex(html), self.root)

    def item_link(self, entry: Entry) -> str:
        return self.root + entry.get_absolute_url()

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


class TopicFeed(_EntriesFeed):
    def get_object(self, request: HttpRequest, slug: str) -> Concept:
        return get_object_or_404(Concept.objects.published(), slug=slug)

    def _query(self) -> str:
        pairs = [(n, v) for n, v in (("evidence", self.evidence), ("caveat", self.caveat)) if v]
        return f"?{urlencode(pairs)}" if pairs else ""

    def title(self, topic: Concept) -> str:
        narrowed = [Evidence(self.evidence).label] if self.evidence else []
        narrowed += [c.name for c in caveat_vocabulary() if c.slug == self.caveat]
        return " · ".join([topic.title, *narrowed, "Research Wiki"])

    def link(self, topic: Concept) -> str:
        path = reverse("entries:topic", kwargs={"slug": topic.slug})
        return self.root + path + self._query()

    def feed_url(self, topic: Concept) -> str:
        path = reverse("entries:topic_feed", kwargs={"slug": topic.slug})
        return self.root + path + self._query()

    def subtitle(self, topic: Concept) -> str:
        return topic.summary or f"Dated entries about {topic.title}."

    def items(self, topic: Concept) -> list[Entry]:
        entries = entries_published(topic=topic)
        if self.evidence or self.caveat:
            matching = published_claims(topic=topic, evidence=self.evidence, caveat=self.caveat)
            entries = entries.filter(pk__in=matching.order_by().values("entry_id"))
        return list(entries[:FEED_LENGTH])


class RecentEntriesFeed(_EntriesFeed):
    """Entries in the order they were published (approved), newest first."""

    def title(self) -> str:
        return "New entries · Research Wiki"

    def subtitle(self) -> str:
        return "Dated entries as they are published, every claim with its evidence level."

    def link(self) -> str:
        return self.root + reverse("home")

    def feed_url(self) -> str:
        return self.root + reverse("entries_feed")

    def items(self) -> list[Entry]:
        entries: QuerySet[Entry] = entries_published().order_by(
            F("published_at").desc(nulls_last=True), "-date", "-id"
        )
        return list(entries[:FEED_LENGTH])
