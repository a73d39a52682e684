"""Revisions, merging, review and links through the real services and database."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import make_concept
from wiki.merge import EditConflict
from wiki.models import ConceptLink, Revision, RevisionStatus, WantedLink
from wiki.selectors import revisions_pending
from wiki.services import (
    ConceptError,
    concept_create,
    concept_edit,
    revision_create,
    revision_revert,
)
from wiki.workflow import revision_approve, revision_reject

BASE = "Intro paragraph.\n\nMiddle paragraph.\n\nClosing paragraph.\n"


def edit(concept, author, body, base, title=None, summary=None):
    return revision_create(
        concept=concept,
        author=author,
        title=title or concept.title,
        summary=summary if summary is not None else concept.summary,
        body=body,
        edit_summary="edit",
        base_revision=base,
    )


@pytest.mark.django_db
def test_revision_create_numbers_and_publishes_editor_edits(editor):
    concept = make_concept("Merging", body=BASE, author=editor)

    revision = edit(concept, editor, BASE + "More.\n", concept.current_revision)

    concept.refresh_from_db()
    assert revision.number == 2
    assert revision.status == RevisionStatus.PUBLISHED
    assert concept.current_revision == revision
    assert revision.size == len(BASE + "More.\n")


@pytest.mark.django_db
def test_revision_create_two_users_editing_different_paragraphs_both_keep_their_edits(
    editor, other_editor
):
    concept = make_concept("Merging", body=BASE, author=editor)
    base = concept.current_revision

    edit(concept, editor, BASE.replace("Intro paragraph.", "Intro, rewritten by Erin."), base)
    merged = edit(
        concept, other_editor, BASE.replace("Closing paragraph.", "Closing, by Eddie."), base
    )

    concept.refresh_from_db()
    assert merged.merged is True
    assert concept.current_revision.body == (
        "Intro, rewritten by Erin.\n\nMiddle paragraph.\n\nClosing, by Eddie.\n"
    )
    assert merged.base_revision.number == 2


@pytest.mark.django_db
def test_revision_create_overlapping_edits_conflict_and_save_nothing(editor, other_editor):
    concept = make_concept("Merging", body=BASE, author=editor)
    base = concept.current_revision
    first = edit(concept, editor, BASE.replace("Middle paragraph.", "Middle by Erin."), base)
    mine = BASE.replace("Middle paragraph.", "Middle by Eddie.")

    with pytest.raises(EditConflict) as caught:
        edit(concept, other_editor, mine, base)

    concept.refresh_from_db()
    assert caught.value.fields == ["body"]
    assert caught.value.current == first
    assert caught.value.mine.body == mine
    assert concept.current_revision == first
    assert concept.revisions.count() == 2


@pytest.mark.django_db
def test_revision_create_title_changed_by_both_is_a_conflict(editor, other_editor):
    concept = make_concept("Merging", body=BASE, author=editor)
    base = concept.current_revision
    edit(concept, editor, BASE, base, title="Merging A")

    with pytest.raises(EditConflict) as caught:
        edit(concept, other_editor, BASE, base, title="Merging B")

    assert caught.value.fields == ["title"]


@pytest.mark.django_db
def test_revision_create_contributor_edit_stays_pending(editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)

    revision = edit(concept, contributor, BASE + "Added.\n", concept.current_revision)

    concept.refresh_from_db()
    assert revision.status == RevisionStatus.PENDING
    assert concept.current_revision.number == 1
    assert list(revisions_pending()) == [revision]


@pytest.mark.django_db
def test_revision_approve_publishes_pending_revision(editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    pending = edit(concept, contributor, BASE + "See [[Pending]].\n", concept.current_revision)

    published = revision_approve(revision=pending, by=editor)

    concept.refresh_from_db()
    assert published == pending
    assert concept.current_revision == pending
    pending.refresh_from_db()
    assert (pending.status, pending.reviewed_by) == (RevisionStatus.PUBLISHED, editor)
    assert list(revisions_pending()) == []


@pytest.mark.django_db
def test_revision_approve_merges_with_edits_published_meanwhile(editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    base = concept.current_revision
    pending = edit(concept, contributor, BASE.replace("Intro paragraph.", "Cora's intro."), base)
    edit(concept, editor, BASE.replace("Closing paragraph.", "Erin's close."), base)

    published = revision_approve(revision=pending, by=editor)

    concept.refresh_from_db()
    assert published.number == 4
    assert published.merged is True
    assert published.author == contributor
    assert concept.current_revision.body == "Cora's intro.\n\nMiddle paragraph.\n\nErin's close.\n"


@pytest.mark.django_db
def test_revision_approve_overlapping_pending_edit_conflicts_and_stays_pending(editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    base = concept.current_revision
    pending = edit(concept, contributor, BASE.replace("Middle paragraph.", "Cora."), base)
    edit(concept, editor, BASE.replace("Middle paragraph.", "Erin."), base)

    with pytest.raises(EditConflict):
        revision_approve(revision=pending, by=editor)

    pending.refresh_from_db()
    assert pending.status == RevisionStatus.PENDING


@pytest.mark.django_db
def test_revision_approve_requires_an_editor(editor, contributor, other_contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    pending = edit(concept, contributor, BASE + "x\n", concept.current_revision)

    with pytest.raises(PermissionDenied):
        revision_approve(revision=pending, by=other_contributor)


@pytest.mark.django_db
def test_revision_approve_twice_says_somebody_was_faster(editor, other_editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    pending = edit(concept, contributor, BASE + "x\n", concept.current_revision)
    revision_approve(revision=pending, by=editor)

    with pytest.raises(ConceptError, match="Somebody else was faster"):
        revision_approve(revision=pending, by=other_editor)


@pytest.mark.django_db
def test_revision_reject_keeps_readers_on_the_published_text(editor, contributor):
    concept = make_concept("Pending", body=BASE, author=editor)
    pending = edit(concept, contributor, "Vandalism.\n", concept.current_revision)

    revision_reject(revision=pending, by=editor, comment="Not an improvement.")

    concept.refresh_from_db()
    pending.refresh_from_db()
    assert pending.status == RevisionStatus.REJECTED
    assert pending.review_comment == "Not an improvement."
    assert concept.current_revision.number == 1


@pytest.mark.django_db
def test_revision_revert_restores_old_text_as_new_revision(editor):
    concept = make_concept("Revert", body=BASE, author=editor)
    edit(concept, editor, "Replaced.\n", concept.current_revision)

    revision = revision_revert(revision=concept.revisions.get(number=1), by=editor)

    concept.refresh_from_db()
    assert revision.number == 3
    assert revision.body == BASE
    assert revision.edit_summary == "Reverted to revision 1"
    assert concept.current_revision == revision


@pytest.mark.django_db
def test_revision_revert_by_charlie_is_refused(editor, charlie):
    concept = make_concept("Revert", body=BASE, author=editor)
    edit(concept, editor, "Replaced.\n", concept.current_revision)

    with pytest.raises(PermissionDenied):
        revision_revert(revision=concept.revisions.get(number=1), by=charlie)


@pytest.mark.django_db
def test_concept_edit_refuses_a_title_taken_by_another_concept(editor):
    make_concept("Taken")
    concept = make_concept("Free", body=BASE)

    with pytest.raises(ConceptError):
        concept_edit(
            concept=concept,
            author=editor,
            title="taken",
            summary="",
            body=BASE,
            edit_summary="",
            base_revision=concept.current_revision,
        )


@pytest.mark.django_db
def test_links_record_backlinks_and_wanted_pages(editor):
    target = make_concept("Target")
    source = make_concept("Source", body="[[Target]] and [[Not Yet]]", author=editor)

    assert list(ConceptLink.objects.values_list("source", "target")) == [(source.pk, target.pk)]
    assert list(WantedLink.objects.values_list("source", "title")) == [(source.pk, "not yet")]


@pytest.mark.django_db
def test_concept_create_turns_red_links_to_it_blue(editor):
    source = make_concept("Source", body="See [[Not Yet]].", author=editor)
    assert "wikilink-missing" in source.current_revision.html

    created = concept_create(title="Not yet", author=editor)

    source.refresh_from_db()
    html = Revision.objects.get(pk=source.current_revision_id).html
    assert "wikilink-missing" not in html
    assert f'href="{created.get_absolute_url()}"' in html
    assert list(WantedLink.objects.all()) == []
    assert ConceptLink.objects.filter(source=source, target=created).exists()


@pytest.mark.django_db
def test_revisions_pending_lists_oldest_first_in_one_query(
    editor, contributor, other_contributor, django_assert_num_queries
):
    concept = make_concept("Queue", body=BASE, author=editor)
    first = edit(concept, contributor, BASE + "a\n", concept.current_revision)
    second = edit(concept, other_contributor, BASE + "b\n", concept.current_revision)

    with django_assert_num_queries(1):
        pending = list(revisions_pending())
        _ = [(r.concept.title, r.author.username, r.base_revision.body) for r in pending]

    assert pending == [first, second]
