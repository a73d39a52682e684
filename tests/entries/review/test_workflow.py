from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.db import connection, connections

from entries.models import Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.review.workflow import (
    TransitionConflict,
    TransitionNotAllowed,
    TransitionRefused,
    entry_transition,
)
from entries.writing.services import ClaimData, entry_update
from tests.factories import UserFactory, results_decided

S = EntryStatus
ROLES = ["author", "editor_author", "other_contributor", "editor", "charlie", "anonymous"]
ALLOWED = {
    (S.DRAFT, S.PENDING, "author"),
    (S.DRAFT, S.PENDING, "editor_author"),
    (S.CHANGES_REQUESTED, S.PENDING, "author"),
    (S.CHANGES_REQUESTED, S.PENDING, "editor_author"),
    (S.PENDING, S.PUBLISHED, "editor"),
    (S.PENDING, S.CHANGES_REQUESTED, "editor"),
    (S.PENDING, S.REJECTED, "editor"),
}
TRIPLES = [(state, to, role) for state in S.values for to in S.values for role in ROLES]


def _actor_and_author(role, contributor, other_contributor, editor, charlie):
    if role == "editor_author":
        return editor, editor
    actor = {
        "author": contributor,
        "other_contributor": other_contributor,
        "editor": editor,
        "charlie": charlie,
        "anonymous": None,
    }[role]
    return actor, contributor


@pytest.mark.parametrize(("state", "to", "role"), TRIPLES)
def test_transition_every_state_action_role(
    client, make_entry, contributor, other_contributor, editor, charlie, state, to, role
):
    actor, author = _actor_and_author(role, contributor, other_contributor, editor, charlie)
    entry = make_entry(state, author=author)
    events_before = EntryEvent.objects.filter(entry=entry).count()
    if actor is not None:
        client.force_login(actor)

    response = client.post(
        f"/entries/{entry.pk}/transition/",
        {
            "to": to,
            "comment": "Checked against the paper.",
            "seen_status": state,
            "seen_version": entry.version,
        },
    )

    entry.refresh_from_db()
    events = EntryEvent.objects.filter(entry=entry)
    if (state, to, role) in ALLOWED:
        assert response.status_code == 302
        assert entry.status == to
        assert events.count() == events_before + 1
        event = events.last()
        assert (event.actor, event.from_status, event.to_status) == (actor, state, to)
        assert event.comment == "Checked against the paper."
    else:
        if role == "anonymous":
            assert response.status_code == 302
            assert response["Location"].startswith("/accounts/login/")
        else:
            assert response.status_code in (400, 403)
        assert entry.status == state
        assert events.count() == events_before


def test_approve_refused_while_a_claim_is_unmarked(make_entry, editor):
    entry = make_entry(S.PENDING, claims=2)
    Claim.objects.filter(pk=entry.claims.first().pk).update(evidence=Evidence.UNMARKED)

    with pytest.raises(TransitionRefused, match="1 claim is still unmarked"):
        entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version)

    entry.refresh_from_db()
    assert entry.status == S.PENDING
    assert not EntryEvent.objects.filter(entry=entry, to_status=S.PUBLISHED).exists()


def test_approve_with_unmarked_claim_is_a_form_error_in_the_page(client, make_entry, editor):
    entry = make_entry(S.PENDING, marked=False)
    client.force_login(editor)

    response = client.post(
        f"/entries/{entry.pk}/transition/", {"to": S.PUBLISHED, "seen_version": entry.version}
    )

    assert response.status_code == 400
    assert "2 claims are still unmarked" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == S.PENDING


@pytest.mark.parametrize("to", [S.CHANGES_REQUESTED, S.REJECTED])
def test_decision_without_comment_refused(make_entry, editor, to):
    entry = make_entry(S.PENDING)

    with pytest.raises(TransitionRefused, match="comment is required"):
        entry_transition(entry=entry, to=to, by=editor, comment="   ")

    entry.refresh_from_db()
    assert entry.status == S.PENDING


def test_four_eyes_rule_blocks_own_approval(make_entry, editor):
    entry = make_entry(S.PENDING, author=editor)

    with pytest.raises(TransitionNotAllowed, match="four-eyes"):
        entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version)


def test_four_eyes_setting_off_allows_own_approval(make_entry, editor, settings):
    settings.WIKI_FOUR_EYES = False
    entry = make_entry(S.PENDING, author=editor)

    result = entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version)

    assert result.status == S.PUBLISHED
    assert result.published_at is not None


def test_superuser_may_review(make_entry, superuser):
    entry = make_entry(S.PENDING)

    assert (
        entry_transition(entry=entry, to=S.PUBLISHED, by=superuser, version=entry.version).status
        == S.PUBLISHED
    )


def test_anonymous_refused_by_service(make_entry):
    entry = make_entry(S.PENDING)

    with pytest.raises(TransitionNotAllowed):
        entry_transition(entry=entry, to=S.PUBLISHED, by=AnonymousUser(), version=entry.version)


def test_stale_state_answers_somebody_else_was_faster(make_entry, editor, other_editor):
    entry = make_entry(S.PENDING)
    stale = Entry.objects.get(pk=entry.pk)
    entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version)

    with pytest.raises(TransitionConflict, match="Somebody else was faster"):
        entry_transition(entry=stale, to=S.REJECTED, by=other_editor, comment="No.")

    assert EntryEvent.objects.filter(entry=entry, from_status=S.PENDING).count() == 1


def test_stale_form_answers_409_not_500(client, make_entry, editor, other_editor):
    entry = make_entry(S.PENDING)
    entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version)
    client.force_login(other_editor)

    response = client.post(
        f"/entries/{entry.pk}/transition/",
        {"to": S.PUBLISHED, "seen_status": S.PENDING, "seen_version": entry.version},
    )

    assert response.status_code == 409
    assert "Somebody else was faster" in response.content.decode()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_two_editors_approving_at_once_make_one_transition(make_entry, editor, other_editor):
    entry = make_entry(S.PENDING)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def approve(user):
        try:
            mine = Entry.objects.get(pk=entry.pk)
            barrier.wait(timeout=10)
            entry_transition(entry=mine, to=S.PUBLISHED, by=user, version=mine.version)
            outcomes.append("approved")
        except TransitionConflict as exc:
            outcomes.append(str(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve, args=(u,)) for u in (editor, other_editor)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(o[:25] for o in outcomes) == ["Somebody else was faster:", "approved"]
    assert EntryEvent.objects.filter(entry=entry, to_status=S.PUBLISHED).count() == 1
    assert Entry.objects.get(pk=entry.pk).status == S.PUBLISHED


def test_decision_emails_the_author(
    make_entry, editor, contributor, django_capture_on_commit_callbacks
):
    entry = make_entry(S.PENDING)

    with django_capture_on_commit_callbacks(execute=True):
        entry_transition(
            entry=entry, to=S.CHANGES_REQUESTED, by=editor, comment="Name the benchmark."
        )

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [contributor.email]
    assert message.subject == f"Changes requested: {entry.headline}"
    assert "Name the benchmark." in message.body
    assert f"/entries/{entry.pk}/" in message.body


def test_submitting_sends_no_email(make_entry, contributor, django_capture_on_commit_callbacks):
    entry = make_entry(S.DRAFT)

    with django_capture_on_commit_callbacks(execute=True):
        entry_transition(entry=entry, to=S.PENDING, by=contributor)

    assert mail.outbox == []


def _claims_of(entry):
    return [
        ClaimData(text=c.text, paper=c.paper, quote=c.quote, evidence=None, caveats=None, pk=c.pk)
        for c in entry.claims.all()
    ]


def test_editing_published_entry_creates_revision_and_keeps_published_text(
    make_entry, contributor, editor, topic
):
    entry = make_entry(S.PUBLISHED, claims=2)
    claims = _claims_of(entry)
    claims[1] = ClaimData(
        text="Rewritten: gains of 2 points.", evidence=None, caveats=None, pk=claims[1].pk
    )
    claims.append(ClaimData(text="A new claim with 1 figure."))

    revision = entry_update(
        entry=entry, by=contributor, date=entry.date, headline="New headline",
        lead=entry.lead, topics=[topic], claims=claims,
    )  # fmt: skip

    entry.refresh_from_db()
    assert (revision.revision_of, revision.status, revision.author) == (entry, S.DRAFT, contributor)
    assert entry.headline != "New headline"
    assert entry.claims.count() == 2
    kept, rewritten, new = revision.claims.all()
    assert kept.evidence == Evidence.FULL_TEXT  # unchanged text keeps its mark
    assert rewritten.evidence == Evidence.UNMARKED  # rewritten text must be marked again
    assert new.origin is None

    entry_transition(entry=revision, to=S.PENDING, by=contributor)
    Claim.objects.filter(entry=revision).update(evidence=Evidence.SECONDARY)
    results_decided(revision)
    result = entry_transition(
        entry=Entry.objects.get(pk=revision.pk),
        to=S.PUBLISHED,
        by=editor,
        version=Entry.objects.get(pk=revision.pk).version,
    )

    assert result.pk == entry.pk
    assert not Entry.objects.filter(pk=revision.pk).exists()
    entry.refresh_from_db()
    assert entry.headline == "New headline"
    assert [c.text for c in entry.claims.all()] == [
        kept.text,
        "Rewritten: gains of 2 points.",
        "A new claim with 1 figure.",
    ]
    assert list(entry.events.values_list("action", flat=True))[-2:] == [
        "revision submitted",
        "revision approved",
    ]


def test_second_revision_refused_while_one_is_open(make_entry, contributor, other_contributor):
    from entries.writing.services import EntryError

    editor_two = UserFactory(username="ed2", role="Editor")
    entry = make_entry(S.PUBLISHED)
    fields = dict(date=entry.date, headline="H", lead="", topics=[], claims=[])
    entry_update(entry=entry, by=contributor, **fields)

    with pytest.raises(EntryError, match="revision in progress"):
        entry_update(entry=entry, by=editor_two, **fields)
