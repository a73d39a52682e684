"""Reads for the wiki pages: each function returns what one page shows in a fixed number of
queries, however many entries, links or revisions there are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models import (
    CharField,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce, Lower
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from config.cache import cached_fragment
from entries.models import Entry, EntryEvent, EntryStatus
from entries.queries import PAPER_TEXT, claims_prefetch
from papers.models import Paper
from wiki.models import Concept, ConceptAlias, Revision, RevisionStatus
from wiki.roles import User, can_contribute, is_editor
from wiki.services import revisions_pending
from wiki.staleness import concept_staleness, with_staleness


def concepts_for_index(query: str = "") -> QuerySet[Concept]:
    """Published concepts A to Z with their published entries and papers counted."""
    entries = (
        Entry.topics.through.objects.filter(
            concept_id=OuterRef("pk"), entry__status=EntryStatus.PUBLISHED
        )
        .values("concept_id")
        .annotate(n=Count("*"))
        .values("n")
    )
    papers = (
        Paper.topics.through.objects.filter(concept_id=OuterRef("pk"))
        .values("concept_id")
        .annotate(n=Count("*"))
        .values("n")
    )
    concepts = Concept.objects.published()
    query = query.strip()
    if query:
        aliases = ConceptAlias.objects.filter(name__icontains=query).values("concept_id")
        concepts = concepts.filter(
            Q(title__icontains=query) | Q(summary__icontains=query) | Q(pk__in=aliases)
        )
    return with_staleness(
        concepts.annotate(
            entry_count=Coalesce(Subquery(entries, output_field=IntegerField()), 0),
            paper_count=Coalesce(Subquery(papers, output_field=IntegerField()), 0),
        )
        .only("title", "slug", "summary")
        .order_by(Lower("title"))
    )


def concept_by_slug(slug: str) -> tuple[Concept | None, Concept | None]:
    """(concept, None) for a concept's own slug, (None, concept) for an alias's slug."""
    concept = Concept.objects.select_related("current_revision__author").filter(slug=slug).first()
    if concept is not None:
        return concept, None
    alias = ConceptAlias.objects.select_related("concept").filter(slug=slug).first()
    return None, (alias.concept if alias else None)


def concept_visible(concept: Concept, user: User) -> bool:
    """Readers see published concepts; a new page waiting for review is shown only to
    editors and to the contributors who wrote it."""
    if concept.current_revision_id is not None:
        return True
    if is_editor(user):
        return True
    return user.is_authenticated and concept.revisions.filter(author=user).exists()


def revisions_visible(concept: Concept, user: User) -> QuerySet[Revision]:
    """Pending and rejected texts are for contributors and editors, never for readers."""
    revisions = concept.revisions.all()
    if not can_contribute(user):
        revisions = revisions.filter(status=RevisionStatus.PUBLISHED)
    return revisions


CONCEPT_PAGE_ENTRIES = 20


def concept_page(concept: Concept, user: User) -> dict[str, object]:
    """Everything the concept page shows besides the concept and its current revision."""
    # The newest sections only: a busy topic has thousands of entries, and the topic
    # feed pages through the rest.
    entries = list(
        Entry.objects.published()
        .filter(topics=concept)
        .order_by("-date", "-id")
        .only("date", "headline", "lead_html")[: CONCEPT_PAGE_ENTRIES + 1]
    )
    shown = entries[:CONCEPT_PAGE_ENTRIES]

    def sections() -> dict[str, object]:
        total = len(entries)
        if total > CONCEPT_PAGE_ENTRIES:
            total = Entry.objects.published().filter(topics=concept).count()
        prefetch_related_objects(shown, claims_prefetch())
        context = {"concept": concept, "entries": shown, "entries_earlier": total - len(shown)}
        return {"html": render_to_string("wiki/_concept_sections.html", context), "total": total}

    # Claims, marks and caveats are the same for every reader: rendered once per change.
    rendered = cached_fragment(f"concept-sections:{concept.pk}", sections)
    backlinks = (
        Concept.objects.published()
        .filter(links_out__target=concept)
        .only("title", "slug")
        .order_by(Lower("title"))
    )
    pending = revisions_pending().filter(concept=concept)
    pending_own = Revision.objects.none()
    if not is_editor(user):
        pending = Revision.objects.none()
        if user.is_authenticated:
            pending_own = Revision.objects.filter(
                concept=concept, status=RevisionStatus.PENDING, author=user
            )
    return {
        "entries": shown,
        "sections_html": mark_safe(rendered["html"]),
        "entries_total": rendered["total"],
        "staleness": concept_staleness(concept, shown[0].date if shown else None),
        "backlinks": list(backlinks),
        "related": list(concept.related.published().only("title", "slug").order_by(Lower("title"))),
        "key_papers": list(concept.key_papers.select_related("paper").defer(*PAPER_TEXT)),
        "aliases": list(concept.aliases.all()),
        "pending_revisions": list(pending),
        "own_pending": list(pending_own.only("number", "concept_id")),
    }


def history_page(concept: Concept, user: User, page_number: str | None) -> Page:
    revisions = (
        revisions_visible(concept, user)
        .select_related("author")
        .annotate(base_size=F("base_revision__size"))
        .defer("body", "html", "toc", "summary")
        .order_by("-number")
    )
    return Paginator(revisions, 50).get_page(page_number)


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
    if not can_contribute(user):
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
