"""A person's private Atom feed of what changed on what they watch (the last 30 days).

The same items as /watching/, each with its evidence labels in words; links absolute
(``root``: ``SITE_URL`` or the requesting host). Made per request, never shared.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from core.feeds import StyledAtom1Feed
from core.http import absolute_links
from core.math import math_as_tex
from watching.models import WatchingProfile
from watching.selectors import Change, changes, watches_of

FEED_DAYS = 30
FEED_LENGTH = 50


class WatchingFeed(Feed):
    feed_type = StyledAtom1Feed

    def __init__(self, root: str, profile: WatchingProfile) -> None:
        super().__init__()
        self.root, self.profile = root, profile

    def title(self) -> str:
        return f"Watched by {self.profile.user.get_username()} · Research Wiki"

    def subtitle(self) -> str:
        return (
            "What changed on the concepts, benchmarks and papers you watch, every claim with "
            "its evidence. This address is private: anyone who has it can read the feed."
        )

    def link(self) -> str:
        return self.root + reverse("watching:page")

    def feed_url(self) -> str:
        return self.root + reverse("watching:feed", args=[self.profile.feed_token])

    def items(self) -> list[Change]:
        since = timezone.now() - dt.timedelta(days=FEED_DAYS)
        return changes(watches_of(self.profile.user), since=since)[:FEED_LENGTH]

    def item_title(self, change: Change) -> str:
        return f"{change.verb}: {change.title}"

    def item_description(self, change: Change) -> str:
        html = render_to_string("watching/feed_item.html", {"change": change})
        return absolute_links(math_as_tex(html), self.root)

    def item_link(self, change: Change) -> str:
        return self.root + change.url

    def item_guid(self, change: Change) -> str:
        return f"{self.root}/watching/#{change.key}"

    def item_pubdate(self, change: Change) -> dt.datetime:
        return change.when

    def item_categories(self, change: Change) -> list[str]:
        return [title for title, _ in change.because]
