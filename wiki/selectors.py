"""Reads for the wiki pages: each function returns what one page shows in a fixed number of
queries, however many entries, links or revisions there are."""

from __future__ import annotations

from django.core.paginator import Page, Paginator
from django.db.models import (
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Coalesce, Lower

from accounts.roles import User, can_contribute, is_editor
from entries.models import Entry, EntryStatus
from papers.models import Paper
from wiki.models import Concept, ConceptAlias, Revision, RevisionStatus
from wiki.staleness import with_staleness


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
        # Accents and case ignored: "Godel" finds "Gödel" (core.accents).
        aliases = ConceptAlias.objects.filter(name__unaccent__icontains=query).values("concept_id")
        concepts = concepts.filter(
            Q(title__unaccent__icontains=query)
            | Q(summary__unaccent__icontains=query)
            | Q(pk__in=aliases)
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


def history_page(concept: Concept, user: User, page_number: str | None) -> Page:
    revisions = (
        revisions_visible(concept, user)
        .select_related("author")
        .annotate(base_size=F("base_revision__size"))
        .defer("body", "html", "toc", "summary")
        .order_by("-number")
    )
    return Paginator(revisions, 50).get_page(page_number)


def revisions_pending() -> QuerySet[Revision]:
    """Concept revisions waiting for an editor, oldest first (the review queue lists them).

    Everything ``wiki/_pending_revision.html`` shows comes with this one query.
    """
    return (
        Revision.objects.filter(status=RevisionStatus.PENDING)
        .select_related("concept", "author", "base_revision", "concept__current_revision")
        .order_by("created", "id")
    )
