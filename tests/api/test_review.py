"""Review through the API: transitions and evidence marks, by the workflow's own rules."""

from __future__ import annotations

import pytest

from entries.models import Claim, Entry, EntryStatus, Evidence

S = EntryStatus


def transition(post_json, entry, to, headers, **extra):
    if to == "published":  # an approval names the version read: the current one, here
        extra.setdefault("version", Entry.objects.get(pk=entry.pk).version)
    return post_json(f"/api/entries/{entry.pk}/transitions/", {"to": to, **extra}, **headers)


def test_transition_author_submits_own_draft(post_json, make_entry, contributor_auth):
    entry = make_entry(S.DRAFT)

    response = transition(post_json, entry, "pending", contributor_auth)

    entry.refresh_from_db()
    assert response.status_code == 200
    assert entry.status == S.PENDING
    assert response.json()["history"][-1]["action"] == "submitted"


def test_transition_editor_approves_a_marked_entry(post_json, make_entry, editor_auth):
    entry = make_entry(S.PENDING, marked=True)

    response = transition(post_json, entry, "published", editor_auth, comment="Fine.")

    entry.refresh_from_db()
    assert response.status_code == 200
    assert (entry.status, response.json()["status"]) == (S.PUBLISHED, "published")


def test_transition_contributor_cannot_approve(post_json, make_entry, contributor_auth):
    entry = make_entry(S.PENDING, marked=True)

    response = transition(post_json, entry, "published", contributor_auth)

    entry.refresh_from_db()
    assert response.status_code == 403
    assert response.json()["detail"] == "Only an editor may review entries."
    assert entry.status == S.PENDING


def test_transition_approve_with_unmarked_claims_gets_400(post_json, make_entry, editor_auth):
    entry = make_entry(S.PENDING, claims=2, marked=False)

    response = transition(post_json, entry, "published", editor_auth)

    assert response.status_code == 400
    assert "2 claims are still unmarked" in response.json()["detail"]


def test_transition_reject_needs_a_comment(post_json, make_entry, editor_auth):
    entry = make_entry(S.PENDING)

    assert transition(post_json, entry, "rejected", editor_auth).status_code == 400
    response = transition(post_json, entry, "rejected", editor_auth, comment="Off topic.")
    assert response.status_code == 200
    assert response.json()["history"][-1]["comment"] == "Off topic."


def test_transition_stale_expected_status_gets_409(post_json, make_entry, editor_auth):
    entry = make_entry(S.PENDING)

    response = transition(
        post_json, entry, "changes_requested", editor_auth, comment="More.", expected="draft"
    )

    assert response.status_code == 409
    assert response.json()["detail"].startswith("Somebody else was faster")


def test_transition_four_eyes_rule(post_json, make_entry, editor, editor_auth):
    entry = make_entry(S.PENDING, author=editor, marked=True)

    response = transition(post_json, entry, "published", editor_auth)

    assert response.status_code == 403
    assert "four-eyes" in response.json()["detail"]


def test_transition_anonymous_and_revoked_get_401(post_json, make_entry, revoked_auth):
    entry = make_entry(S.PENDING)

    assert transition(post_json, entry, "rejected", {}, comment="x").status_code == 401
    assert transition(post_json, entry, "rejected", revoked_auth, comment="x").status_code == 401


def test_transition_on_an_entry_out_of_sight_gets_404(post_json, make_entry, auth,
                                                      other_contributor):  # fmt: skip
    entry = make_entry(S.DRAFT)

    response = transition(post_json, entry, "pending", auth(other_contributor))

    assert response.status_code == 404


@pytest.fixture
def claim(make_entry):
    return make_entry(S.PENDING, claims=1, marked=False).claims.get()


def mark(post_json, claim, headers, **data):
    return post_json(f"/api/claims/{claim.pk}/evidence/", data, method="put", **headers)


def test_claim_mark_by_editor(post_json, claim, editor, editor_auth):
    response = mark(
        post_json, claim, editor_auth,
        evidence="abstract_only", caveats=["no figure stated", "no-variance-reported"],
    )  # fmt: skip

    claim.refresh_from_db()
    assert response.status_code == 200
    assert (claim.evidence, claim.marked_by) == (Evidence.ABSTRACT_ONLY, editor)
    assert response.json()["caveats"] == ["no figure stated", "no variance reported"]


def test_claim_mark_by_contributor_gets_403(post_json, claim, contributor_auth):
    response = mark(post_json, claim, contributor_auth, evidence="full_text")

    claim.refresh_from_db()
    assert response.status_code == 403
    assert claim.evidence == Evidence.UNMARKED


def test_claim_mark_anonymous_and_revoked_get_401(post_json, claim, revoked_auth):
    assert mark(post_json, claim, {}, evidence="full_text").status_code == 401
    assert mark(post_json, claim, revoked_auth, evidence="full_text").status_code == 401


def test_claim_mark_unknown_caveat_gets_422(post_json, claim, editor_auth):
    response = mark(post_json, claim, editor_auth, evidence="full_text", caveats=["made up"])

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "caveats.0"


def test_claim_mark_bad_evidence_gets_422(post_json, claim, editor_auth):
    response = mark(post_json, claim, editor_auth, evidence="hearsay")

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "evidence"


def test_claim_mark_unknown_claim_gets_404(post_json, db, editor_auth):
    response = post_json("/api/claims/999/evidence/", {"evidence": "full_text"}, method="put",
                         **editor_auth)  # fmt: skip

    assert response.status_code == 404


def test_review_journey_from_pipeline_to_published(post_json, client, auth, contributor,
                                                   editor, paper):  # fmt: skip
    """A contributor's pipeline submits; an editor marks every claim and approves."""
    pipeline, reviewer = auth(contributor), auth(editor)
    created = post_json("/api/entries/", {
        "date": "2026-10-02", "headline": "One claim", "status": "pending",
        "claims": [{"text": "It works.", "paper": "2608.17528"}],
    }, **pipeline).json()  # fmt: skip

    for claim in created["claims"]:
        mark(post_json, Claim(pk=claim["id"]), reviewer, evidence="full_text")
    approved = transition(post_json, Claim.objects.get().entry, "published", reviewer)

    assert approved.json()["status"] == "published"
    assert client.get(f"/api/entries/{created['id']}/").status_code == 200
