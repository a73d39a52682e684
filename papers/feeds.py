"""Atom feed of the papers newly added to the library, newest first.

Every link is absolute (``root``: ``settings.SITE_URL`` when set, else the requesting
host); a feed object is made per request.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.urls import reverse

from core.feeds import StyledAtom1Feed
from papers.models import Paper
from wiki.models import Concept

FEED_LENGTH = 30


class RecentPapersFeed(Feed):
    feed_type = StyledAtom1Feed

    def __init__(self, root: str) -> None:
        super().__init__()
        self.root = root

    def title(self) -> str:
        return "Papers added · Research Wiki"

    def subtitle(self) -> str:
        return "Papers as they join the library, with how much of each the wiki has read."

    # Atom requires an author for every entry: a paper without authors takes the feed's.
    author_name = "Research Wiki"

    def link(self) -> str:
        return f"{self.root}{reverse('papers:list')}?sort=added"

    def feed_url(self) -> str:
        return self.root + reverse("papers_feed")

    def items(self) -> list[Paper]:
        topics = Prefetch(
            "topics", queryset=Concept.objects.published().only("id", "title", "slug")
        )
        papers = Paper.objects.defer("search_vector").prefetch_related(topics)
        return list(papers.order_by("-added", "-id")[:FEED_LENGTH])

    def item_title(self, paper: Paper) -> str:
        return paper.title

    def item_description(self, paper: Paper) -> str:
        return render_to_string("papers/feed_item.html", {"paper": paper, "root": self.root})

    def item_link(self, paper: Paper) -> str:
        return self.root + paper.get_absolute_url()

    def item_pubdate(self, paper: Paper) -> dt.datetime:
        return paper.added

    def item_updateddate(self, paper: Paper) -> dt.datetime:
        return paper.updated

    def item_author_name(self, paper: Paper) -> str | None:
        return paper.short_authors or None

    def item_categories(self, paper: Paper) -> list[str]:
        return [t.title for t in paper.topics.all()]
