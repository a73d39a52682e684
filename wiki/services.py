"""Writes to concepts: every multi-step change goes through these functions."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils.text import slugify

from wiki.markdown import render_markdown
from wiki.models import Concept, Revision, RevisionStatus
from wiki.roles import is_editor


class ConceptError(ValueError):
    """A write that cannot be done, with a message for the user."""


def unique_slug(title: str) -> str:
    base = slugify(title)[:190] or "concept"
    slug, n = base, 2
    while Concept.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@transaction.atomic
def concept_create(
    *,
    title: str,
    summary: str = "",
    body: str = "",
    author: AbstractBaseUser | None,
    edit_summary: str = "Created the page",
    publish: bool | None = None,
) -> Concept:
    """Create a concept with its first revision.

    ``publish`` defaults to the author's role: an editor's page is live at once, a
    contributor's waits in the review queue (the concept exists but readers do not see it).
    """
    title = title.strip()
    if Concept.objects.filter(title__iexact=title).exists():
        raise ConceptError(f"A concept titled “{title}” already exists.")
    concept = Concept.objects.create(title=title, slug=unique_slug(title), summary=summary)
    revision_create(
        concept=concept,
        author=author,
        title=title,
        summary=summary,
        body=body,
        edit_summary=edit_summary,
        base_revision=None,
        publish=publish,
    )
    concept.refresh_from_db()
    return concept


@transaction.atomic
def revision_create(
    *,
    concept: Concept,
    author: AbstractBaseUser | None,
    title: str,
    summary: str,
    body: str,
    edit_summary: str = "",
    base_revision: Revision | None,
    publish: bool | None = None,
) -> Revision:
    """Add the next numbered revision, rendering its Markdown once.

    The concept row is locked so two saves at once get distinct, consecutive numbers.
    """
    locked = Concept.objects.select_for_update().get(pk=concept.pk)
    number = (locked.revisions.aggregate(n=Max("number"))["n"] or 0) + 1
    if publish is None:
        publish = author is None or is_editor(author)
    rendered = render_markdown(body, with_toc=True)
    revision = Revision.objects.create(
        concept=locked,
        number=number,
        title=title.strip(),
        summary=summary,
        body=body,
        html=rendered.html,
        edit_summary=edit_summary,
        author=author,
        base_revision=base_revision,
        status=RevisionStatus.PUBLISHED if publish else RevisionStatus.PENDING,
    )
    if publish:
        _publish(locked, revision)
    return revision


def _publish(concept: Concept, revision: Revision) -> None:
    concept.current_revision = revision
    concept.title = revision.title
    concept.summary = revision.summary
    concept.save(update_fields=["current_revision", "title", "summary", "updated"])


def revisions_pending() -> QuerySet[Revision]:
    """Concept revisions waiting for an editor, oldest first (the review queue lists them)."""
    return (
        Revision.objects.filter(status=RevisionStatus.PENDING)
        .select_related("concept", "author", "base_revision")
        .order_by("created", "id")
    )
