"""Through the API, as through the pages: a published entry changes only by review, a mark
on a published claim leaves a trace, an approval names what it read."""

from __future__ import annotations

from entries.models import MARK_CHANGED, Claim, Entry, EntryStatus, Evidence
from tests.factories import ClaimFactory, PaperFactory, results_decided

S = EntryStatus


def _entry(post_json, headers, **fields) -> dict:
    body = {
        "date": "2026-10-02",
        "headline": "From the pipeline",
        "status": "pending",
        "external_id": "pipe-7",
        "claims": [{"text": "Accuracy improves by 3 points.", "paper": "2608.17528"}],
    } | fields
    return post_json("/api/entries/", body, **headers)


def _approve(post_json, pk: int, headers, **extra):
    results_decided(pk)  # its figures are proposed as results: decided, as an editor would
    return post_json(f"/api/entries/{pk}/transitions/", {"to": "published", **extra}, **headers)


def _mark(post_json, claim_id: int, headers, **data):
    return post_json(f"/api/claims/{claim_id}/evidence/", data, method="put", **headers)


def test_resubmitting_a_published_entry_makes_a_revision(
    post_json, client, contributor_auth, editor_auth, auth, other_editor, paper
):
    created = _entry(post_json, contributor_auth).json()
    _mark(post_json, created["claims"][0]["id"], editor_auth, evidence="secondary")
    _approve(post_json, created["id"], editor_auth, version=created["version"] + 1)

    again = _entry(post_json, contributor_auth, headline="Rewritten at the source", lead="New.")

    published = Entry.objects.get(pk=created["id"])
    revision = published.revisions.get()
    assert again.status_code == 200
    assert again.json()["id"] == revision.pk and again.json()["revision_of"] == published.pk
    assert (published.status, published.headline) == (S.PUBLISHED, "From the pipeline")
    assert published.claims.get().evidence == Evidence.SECONDARY
    assert revision.status == S.PENDING


def test_editor_who_resubmitted_a_contributors_entry_cannot_approve_it(
    post_json, contributor_auth, editor_auth, auth, other_editor, paper
):
    created = _entry(post_json, contributor_auth).json()
    rewritten = _entry(post_json, editor_auth, headline="The editor's words").json()
    _mark(post_json, rewritten["claims"][0]["id"], editor_auth, evidence="secondary")
    version = Entry.objects.get(pk=created["id"]).version

    refused = _approve(post_json, created["id"], editor_auth, version=version)
    approved = _approve(post_json, created["id"], auth(other_editor), version=version)

    assert refused.status_code == 403
    assert "four-eyes" in refused.json()["detail"]
    assert approved.status_code == 200 and approved.json()["status"] == "published"


def test_mark_on_a_published_claim_is_logged_in_its_history(
    post_json, client, make_entry, editor, editor_auth
):
    entry = make_entry(S.PUBLISHED, claims=1)
    claim = entry.claims.get()

    response = _mark(post_json, claim.pk, editor_auth, evidence="editorial")

    history = client.get(f"/api/entries/{entry.pk}/").json()["history"]
    event = history[-1]
    assert response.status_code == 200
    assert response.json()["entry_version"] == 2
    assert (event["action"], event["actor"]) == (MARK_CHANGED, editor.username)
    assert event["detail"]["evidence"] == {"from": "full_text", "to": "editorial"}
    assert event["detail"]["claim"] == claim.pk


def test_approval_of_text_changed_since_it_was_read_gets_409(
    post_json, contributor_auth, editor_auth, paper
):
    created = _entry(post_json, contributor_auth).json()
    marked = _mark(post_json, created["claims"][0]["id"], editor_auth, evidence="secondary")
    seen = marked.json()["entry_version"]
    _entry(post_json, contributor_auth, headline="Changed after it was read")

    stale = _approve(post_json, created["id"], editor_auth, version=seen)
    unnamed = _approve(post_json, created["id"], editor_auth)

    entry = Entry.objects.get(pk=created["id"])
    assert stale.status_code == 409
    assert "changed while you had it open" in stale.json()["detail"]
    assert unnamed.status_code == 400
    assert entry.status == S.PENDING
    assert _approve(post_json, entry.pk, editor_auth, version=entry.version).status_code == 200


def test_mark_naming_an_old_version_gets_409(post_json, contributor_auth, editor_auth, paper):
    created = _entry(post_json, contributor_auth).json()
    _entry(post_json, contributor_auth, headline="Changed after it was read")

    response = _mark(
        post_json, created["claims"][0]["id"], editor_auth, evidence="secondary",
        version=created["version"],
    )  # fmt: skip

    assert response.status_code == 409
    assert Claim.objects.get(pk=created["claims"][0]["id"]).evidence == Evidence.UNMARKED


def test_full_text_on_an_abstract_only_paper_needs_a_reason(post_json, make_entry, editor_auth):
    abstract_paper = PaperFactory(read_level="abstract_only")
    claim = ClaimFactory(entry=make_entry(S.PENDING, claims=0), paper=abstract_paper)

    refused = _mark(post_json, claim.pk, editor_auth, evidence="full_text")
    accepted = _mark(
        post_json, claim.pk, editor_auth, evidence="full_text", reason="Read the full PDF."
    )

    assert refused.status_code == 400
    assert "say where its full text was read" in refused.json()["detail"]
    assert accepted.status_code == 200
    assert accepted.json()["evidence_reason"] == "Read the full PDF."


def test_decision_comments_are_only_for_author_and_editors(
    post_json, client, make_entry, auth, editor_auth, contributor, other_contributor
):
    entry = make_entry(S.PENDING)
    _approve(post_json, entry.pk, editor_auth, version=entry.version, comment="Between us.")

    def comments(headers) -> list[str]:
        history = client.get(f"/api/entries/{entry.pk}/", **headers).json()["history"]
        return [e["comment"] for e in history if e["comment"]]

    assert comments({}) == []
    assert comments(auth(other_contributor)) == []
    assert comments(auth(contributor)) == ["Between us."]
    assert comments(editor_auth) == ["Between us."]
