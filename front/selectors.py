"""Reads for the site pages that cross every kind: the home page (latest published
entries, active topics, each person's own work waiting) and recent changes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import CharField, F, Max, Prefetch, Q, QuerySet, Value

from accounts.roles import User, can_contribute, is_editor
from entries.models import Claim, Entry, EntryEvent, EntryStatus
from papers.models import Paper
from wiki.models import Concept, Revision, RevisionStatus
from wiki.selectors import revisions_pending

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


@dataclass
class Change:
    kind: str  # "revision", "entry" or "paper"
    created: datetime
    revision: Revision | None = None
    event: EntryEvent | None = None
    paper: Paper | None = None


def changes_page(
    user: User, *, username: str = "", kind: str = "", page_number: str | None = None
) -> Page:
    """Concept revisions, entry events and paper additions, newest first, in one list.

    A UNION of (kind, id, time) is paginated in the database; the page's rows are then
    fetched with one query per kind.
    """
    revisions = Revision.objects.all()
    events = EntryEvent.objects.all()
    papers = Paper.objects.all()
    if not user.has_perm("wiki.review_revision"):
        # Pending (and turned down) texts and titles are for those who review them.
        revisions = revisions.filter(status=RevisionStatus.PUBLISHED)
    if not is_editor(user):
        events = events.filter(entry__status=EntryStatus.PUBLISHED)
    if username:
        revisions = revisions.filter(author__username__iexact=username)
        events = events.filter(actor__username__iexact=username)
        papers = papers.filter(added_by__username__iexact=username)

    def keys(queryset: QuerySet, name: str, time: str = "created") -> QuerySet:
        return (
            queryset.order_by()
            .annotate(k=Value(name, output_field=CharField()), ref=F("pk"), at=F(time))
            .values_list("k", "ref", "at")
        )

    parts = []
    if kind in ("", "revision"):
        parts.append(keys(revisions, "revision"))
    if kind in ("", "entry"):
        parts.append(keys(events, "entry"))
    if kind in ("", "paper"):
        parts.append(keys(papers, "paper", time="added"))
    combined = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    page = Paginator(combined.order_by("-at", "-ref"), 50).get_page(page_number)
    rows = list(page.object_list)
    revision_ids = [ref for k, ref, _ in rows if k == "revision"]
    event_ids = [ref for k, ref, _ in rows if k == "entry"]
    by_revision = Revision.objects.select_related("concept", "author").annotate(
        base_size=F("base_revision__size")
    )
    by_revision = by_revision.defer("body", "html", "toc").in_bulk(revision_ids)
    by_event = (
        EntryEvent.objects.select_related("entry", "actor").in_bulk(event_ids) if event_ids else {}
    )
    paper_ids = [ref for k, ref, _ in rows if k == "paper"]
    by_paper = (
        Paper.objects.select_related("added_by")
        .only("title", "arxiv_id", "added", "added_by__username")
        .in_bulk(paper_ids)
        if paper_ids
        else {}
    )
    found = {"revision": by_revision, "entry": by_event, "paper": by_paper}
    field = {"revision": "revision", "entry": "event", "paper": "paper"}
    page.object_list = [
        Change(kind=k, created=at, **{field[k]: found[k][ref]})
        for k, ref, at in rows
        if ref in found[k]
    ]
    return page
