"""Marking a claim of a revision while another editor approves that revision: the approval
replaces the revision's rows, and the mark ends in a clear 409 saying what to do next, on
the web and in the API, never a 500 (issue #27, item 3)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from entries.models import Claim, Entry, EntryStatus, Evidence
from entries.review.services import MarkConflict, claim_mark
from entries.review.workflow import entry_transition
from entries.writing.services import ClaimData, entry_update
from tests.factories import results_decided

S = EntryStatus
pytestmark = pytest.mark.django_db


def _pending_revision(make_entry, contributor, topic):
    """A published entry and a pending revision of it with one rewritten and one new claim."""
    entry = make_entry(S.PUBLISHED, claims=1)
    original = entry.claims.get()
    revision = entry_update(
        entry=entry, by=contributor, date=entry.date, headline="Rewritten", lead=entry.lead,
        topics=[topic],
        claims=[
            ClaimData(text="Rewritten: 2 points.", evidence=None, caveats=None, pk=original.pk),
            ClaimData(text="A new claim with 1 figure."),
        ],
    )  # fmt: skip
    entry_transition(entry=revision, to=S.PENDING, by=contributor)
    Claim.objects.filter(entry=revision).update(evidence=Evidence.SECONDARY)
    return entry, Entry.objects.get(pk=revision.pk)


def _approve(revision, by):
    results_decided(revision)
    return entry_transition(entry=revision, to=S.PUBLISHED, by=by, version=revision.version)


@pytest.mark.parametrize("which", [0, 1], ids=["rewritten claim", "new claim"])
def test_marking_a_claim_of_a_revision_just_approved_is_a_conflict(
    make_entry, contributor, topic, editor, other_editor, which
):
    entry, revision = _pending_revision(make_entry, contributor, topic)
    claim = list(revision.claims.order_by("position"))[which]  # what the marking editor saw
    _approve(revision, other_editor)
    before = list(entry.claims.values_list("pk", "evidence"))

    with pytest.raises(MarkConflict, match="approved or changed") as caught:
        claim_mark(claim=claim, by=editor, evidence=Evidence.EDITORIAL, caveats=[])

    assert caught.value.status_code == 409
    assert caught.value.next_url == entry.get_absolute_url()
    assert list(entry.claims.values_list("pk", "evidence")) == before


def test_web_mark_of_a_claim_the_approval_removed_is_a_404_not_a_500(
    make_entry, contributor, topic, editor, other_editor, client
):
    _, revision = _pending_revision(make_entry, contributor, topic)
    claim = revision.claims.order_by("position").first()  # rewritten: merged and removed
    _approve(revision, other_editor)
    client.force_login(editor)

    response = client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": "editorial"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 404


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_mark_waiting_on_an_approval_that_removes_the_revision_is_a_conflict(
    make_entry, contributor, topic, editor, other_editor
):
    _, revision = _pending_revision(make_entry, contributor, topic)
    claim = revision.claims.order_by("position").first()
    approving, release = threading.Event(), threading.Event()
    outcomes: list[object] = []

    def approve():
        try:
            with transaction.atomic():
                _approve(Entry.objects.get(pk=revision.pk), other_editor)
                approving.set()
                release.wait(timeout=10)  # hold the revision's row lock, uncommitted
        finally:
            connections.close_all()

    def mark():
        try:
            approving.wait(timeout=10)
            claim_mark(claim=claim, by=editor, evidence=Evidence.EDITORIAL, caveats=[])
            outcomes.append("marked")
        except Exception as exc:
            outcomes.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve), threading.Thread(target=mark)]
    for thread in threads:
        thread.start()
    approving.wait(timeout=10)
    time.sleep(0.5)  # the mark is now waiting for the revision's row lock
    release.set()
    for thread in threads:
        thread.join(timeout=30)

    assert len(outcomes) == 1
    assert isinstance(outcomes[0], MarkConflict)
