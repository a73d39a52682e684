"""Review of concept revisions: their states declared on the one review mechanism
(``core.review``), as the entries' and the results' are.

A contributor's edit is a *pending* revision; a reviewer (``wiki.review_revision``)
publishes it (merging it onto newer text when the page moved on) or rejects it. Published
and rejected revisions never move again. While the four-eyes rule is on, no reviewer
approves text they wrote: the pending revision's author, nor, for a revision saved as a
merge, the author of the text it was merged with.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from core.markdown import render_markdown
from core.review import EDITOR, Transition, Workflow, four_eyes_forbids
from wiki.concept_links import revision_links
from wiki.merge import EditConflict
from wiki.models import Concept, Revision, RevisionStatus
from wiki.services import (
    ConceptError,
    links_refresh_wanted,
    merge_edit,
    revision_create,
    revision_publish,
    revision_texts,
)

__all__ = ["TRANSITIONS", "EditConflict", "revision_approve", "revision_reject"]


# A revision's states, declared on the one review mechanism (core.review).
TRANSITIONS = Workflow(
    Transition(
        RevisionStatus.PENDING,
        RevisionStatus.PUBLISHED,
        EDITOR,
        "approved",
        "Approve",
        permission="wiki.review_revision",
    ),
    Transition(
        RevisionStatus.PENDING,
        RevisionStatus.REJECTED,
        EDITOR,
        "rejected",
        "Reject",
        permission="wiki.review_revision",
    ),
)


def revision_writers(revision: Revision) -> set[int]:
    """Everyone whose words the pending revision holds: its author, and when it was saved
    as a three-way merge, the author of the revision it was merged with."""
    writers = {revision.author_id}
    if revision.merged and revision.base_revision_id is not None:
        writers.add(revision.base_revision.author_id)
    return {pk for pk in writers if pk is not None}


def may_approve(revision: Revision, by: AbstractBaseUser) -> bool:
    """Whether the four-eyes rule lets ``by`` approve ``revision``."""
    return not four_eyes_forbids(by, lambda: revision_writers(revision))


def _locked_for(revision: Revision, *, to: str, by: AbstractBaseUser) -> Revision:
    """The revision, locked, once the table allows ``by`` to move it to ``to``."""
    if to not in TRANSITIONS.targets:
        raise ConceptError(f"“{to}” is not a revision status.")
    locked = Revision.objects.select_for_update().get(pk=revision.pk)
    transition = TRANSITIONS.move(locked.status, to)
    if transition is None:
        if locked.status != RevisionStatus.PENDING:
            raise ConceptError(
                f"Somebody else was faster: revision {locked.number} is already {locked.status}."
            )
        raise ConceptError(f"A {locked.status} revision cannot become {to}.")
    if not (by.is_authenticated and by.has_perm(transition.permission)):
        raise PermissionDenied("Only editors review concept revisions.")
    return locked


@transaction.atomic
def revision_approve(*, revision: Revision, by: AbstractBaseUser) -> Revision:
    """Publish a pending revision. Returns the revision readers now see.

    If the page was published meanwhile, the pending text is merged onto the current one and
    the merge is saved as a new published revision (the pending one stays as it was written);
    overlapping edits raise :class:`EditConflict` and nothing changes.
    """
    revision = _locked_for(revision, to=RevisionStatus.PUBLISHED, by=by)
    if not may_approve(revision, by):
        raise PermissionDenied(
            "You wrote this text: another editor must approve it (the four-eyes rule)."
        )
    concept = Concept.objects.select_for_update().get(pk=revision.concept_id)
    current = concept.current_revision
    revision.status = RevisionStatus.PUBLISHED
    revision.reviewed_by = by
    revision.reviewed_at = timezone.now()
    needs_merge = current is not None and revision.base_revision_id != current.pk
    if needs_merge:  # raises before anything is written
        merged, links = merge_edit(
            revision.base_revision,
            concept,
            mine=revision_texts(revision),
            links=revision_links(revision),
        )
    revision.save(update_fields=["status", "reviewed_by", "reviewed_at"])
    if needs_merge:
        published = revision_create(
            concept=concept,
            author=revision.author,
            title=merged.title,
            summary=merged.summary,
            body=merged.body,
            edit_summary=f"Revision {revision.number} approved and merged with revision "
            f"{current.number}",
            base_revision=current,
            publish=True,
            links=links,
        )
        Revision.objects.filter(pk=published.pk).update(merged=True)
        published.merged = True
        return published
    # Re-render on publishing: pages created since it was written turn its red links blue.
    rendered = render_markdown(revision.body, with_toc=True)
    revision.html, revision.toc = rendered.html, rendered.toc
    revision.save(update_fields=["html", "toc"])
    revision_publish(concept, revision, rendered)
    if current is None:  # a contributor's new page goes live: links to it may be waiting
        links_refresh_wanted([revision.title])
    return revision


@transaction.atomic
def revision_reject(*, revision: Revision, by: AbstractBaseUser, comment: str = "") -> Revision:
    """Turn a pending revision down; readers never see it."""
    revision = _locked_for(revision, to=RevisionStatus.REJECTED, by=by)
    revision.status = RevisionStatus.REJECTED
    revision.reviewed_by = by
    revision.reviewed_at = timezone.now()
    revision.review_comment = comment.strip()
    revision.save(update_fields=["status", "reviewed_by", "reviewed_at", "review_comment"])
    concept = Concept.objects.get(pk=revision.concept_id)
    if concept.current_revision_id is None:
        # A proposed page turned down: links to its title stop saying "proposed".
        links_refresh_wanted([revision.title])
    return revision
