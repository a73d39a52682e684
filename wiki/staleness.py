"""Staleness: papers that arrived under a topic after its latest "State of the Art" entry.

A paper counts when its publication date is strictly after the date of the concept's
newest published entry (one dated the same day was there to be read). The link opens the
papers list filtered to exactly those papers.

Beside it, the latest entry's re-review date (``Entry.review_by``, set by an editor): on
and after it the entry is due for re-review (``rereview_notice``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from entries.models import Entry, EntryStatus
from papers.models import Paper
from wiki.models import Concept


@dataclass(frozen=True)
class Staleness:
    newer: int
    since: dt.date
    slug: str

    @property
    def url(self) -> str:
        after = self.since + dt.timedelta(days=1)  # the papers filter's bounds are inclusive
        return "/papers/?" + urlencode({"topic": self.slug, "published_after": after.isoformat()})

    @property
    def label(self) -> str:
        papers = "paper" if self.newer == 1 else "papers"
        return f"{self.newer} newer {papers} since the last update on {self.since.isoformat()}"


@dataclass(frozen=True)
class RereviewNotice:
    """What a concept or topic page says of its latest State of the Art entry's
    re-review date."""

    pk: int
    headline: str
    review_by: dt.date
    due: bool

    def get_absolute_url(self) -> str:
        return reverse("entries:detail", kwargs={"pk": self.pk})


def rereview_notice(entry: Entry | None, today: dt.date) -> RereviewNotice | None:
    """The notice for a page whose latest State of the Art entry is ``entry`` (loaded with
    ``review_by``): None when it has no date."""
    if entry is None or entry.review_by is None:
        return None
    return RereviewNotice(entry.pk, entry.headline, entry.review_by, entry.rereview_due(today))


def _newer_papers(concept_id, since) -> QuerySet:
    return Paper.topics.through.objects.filter(concept_id=concept_id, paper__published__gt=since)


def concept_staleness(concept: Concept, last_update: dt.date | None) -> Staleness | None:
    """The notice for one concept whose newest published entry is dated ``last_update``."""
    if last_update is None:
        return None
    newer = _newer_papers(concept.pk, last_update).count()
    return Staleness(newer, last_update, concept.slug) if newer else None


def with_staleness(concepts: QuerySet[Concept]) -> QuerySet[Concept]:
    """Annotate ``last_update`` and ``newer_papers`` on every concept, in the same query."""
    latest = (
        Entry.topics.through.objects.filter(
            concept_id=OuterRef("pk"), entry__status=EntryStatus.PUBLISHED
        )
        .order_by("-entry__date")
        .values("entry__date")[:1]
    )
    newer = (
        _newer_papers(OuterRef("pk"), OuterRef("last_update"))
        .values("concept_id")
        .annotate(n=Count("*"))
        .values("n")
    )
    return concepts.annotate(last_update=Subquery(latest)).annotate(
        newer_papers=Coalesce(Subquery(newer, output_field=IntegerField()), 0)
    )


def staleness_of(concept: Concept) -> Staleness | None:
    """From the annotations of ``with_staleness``."""
    if not getattr(concept, "newer_papers", 0) or concept.last_update is None:
        return None
    return Staleness(concept.newer_papers, concept.last_update, concept.slug)
