"""What the home page shows: the latest published entries, active topics, and each
person's own work waiting (their drafts; for editors the review queue)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Max, Prefetch, Q

from entries.models import Claim, Entry, EntryStatus
from wiki.models import Concept
from wiki.roles import can_contribute, is_editor
from wiki.services import revisions_pending

LATEST = 12
ACTIVE_TOPICS = 8


@dataclass
class HomePage:
    entries: list[Entry]
    active_topics: list[Concept]
    review_waiting: int | None = None
    my_entries: list[Entry] = field(default_factory=list)


def home_page(user: AbstractBaseUser | AnonymousUser) -> HomePage:
    entries = list(
        Entry.objects.published()
        .select_related("author")
        .prefetch_related(
            "topics",
            Prefetch("claims", queryset=Claim.objects.only("id", "entry_id", "evidence")),
        )
        .order_by("-date", "-id")[:LATEST]
    )
    active = list(
        Concept.objects.published()
        .annotate(last_entry=Max("entries__date", filter=Q(entries__status=EntryStatus.PUBLISHED)))
        .filter(last_entry__isnull=False)
        .order_by("-last_entry", "title")[:ACTIVE_TOPICS]
    )
    page = HomePage(entries=entries, active_topics=active)
    if is_editor(user):
        page.review_waiting = Entry.objects.pending().count() + revisions_pending().count()
    if can_contribute(user):
        page.my_entries = list(
            Entry.objects.filter(
                author=user, status__in=[EntryStatus.DRAFT, EntryStatus.CHANGES_REQUESTED]
            ).order_by("-updated")[:10]
        )
    return page
