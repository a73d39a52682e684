"""/api/entries/: writing entries (idempotently, by external id), reading and listing them."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import Claim, Entry, EntryEvent, EntryStatus, Evidence
from tests.factories import make_concept

S = EntryStatus


@pytest.fixture
def submission(paper):
    """What the notes pipeline sends for one entry."""
    return {
        "date": "2026-10-01",
        "headline": "Rubric rewards without a checker",
        "lead": "A paper proposes **rubric** rewards.",
        "topics": ["reward-modeling"],
        "claims": [
            {"text": "Rubric rewards match checker rewards.", "paper": "arXiv:2608.17528v1"},
            {"text": "No variance is reported.", "quote": "We report a single run."},
        ],
        "status": "pending",
        "external_id": "notes/2026-10-01/rubrics",
    }


def test_entry_create_as_draft(post_json, contributor_auth, submission, paper):
    response = post_json("/api/entries/", {**submission, "status": "draft"}, **contributor_auth)

    data = response.json()
    assert response.status_code == 201
    assert (data["status"], data["author"], data["topics"]) == (
        "draft",
        "cora",
        ["reward-modeling"],
    )
    assert [c["text"] for c in data["claims"]] == [c["text"] for c in submission["claims"]]
    assert data["claims"][0]["paper"]["id"] == paper.pk
    assert data["lead_html"] == "<p>A paper proposes <strong>rubric</strong> rewards.</p>"
    assert [t["to"] for t in data["transitions"]] == ["pending"]


def test_entry_create_submitted_for_review(post_json, contributor_auth, submission):
    response = post_json("/api/entries/", submission, **contributor_auth)

    entry = Entry.objects.get()
    assert response.status_code == 201
    assert entry.status == S.PENDING
    assert list(entry.events.values_list("action", flat=True)) == ["created", "submitted"]
    assert [e["action"] for e in response.json()["history"]] == ["created", "submitted"]
    assert entry.claims.filter(evidence=Evidence.UNMARKED).count() == 2


def test_entry_replayed_submission_creates_one_entry(post_json, contributor_auth, submission):
    first = post_json("/api/entries/", submission, **contributor_auth)
    second = post_json("/api/entries/", submission, **contributor_auth)
    third = post_json("/api/entries/", submission, **contributor_auth)

    assert (first.status_code, second.status_code, third.status_code) == (201, 200, 200)
    assert Entry.objects.count() == 1
    assert Claim.objects.count() == 2
    assert EntryEvent.objects.count() == 2  # created, submitted: a replay logs nothing
    assert first.json()["claims"] == third.json()["claims"]


def test_entry_resubmission_updates_the_pending_entry(post_json, contributor_auth, submission,
                                                       editor):  # fmt: skip
    post_json("/api/entries/", submission, **contributor_auth)
    kept = Claim.objects.get(position=0)
    kept.evidence = Evidence.FULL_TEXT  # an editor marked it meanwhile
    kept.save()
    changed = {
        **submission,
        "headline": "Rubric rewards, revisited",
        "claims": [submission["claims"][0], {"text": "A new claim with 3 numbers."}],
    }

    response = post_json("/api/entries/", changed, **contributor_auth)

    entry = Entry.objects.get()
    assert response.status_code == 200
    assert (entry.headline, entry.status) == ("Rubric rewards, revisited", S.PENDING)
    assert list(entry.claims.values_list("text", "evidence")) == [
        ("Rubric rewards match checker rewards.", Evidence.FULL_TEXT),
        ("A new claim with 3 numbers.", Evidence.UNMARKED),
    ]
    assert entry.events.last().action == "updated by resubmission"


def test_entry_resubmission_of_a_draft_can_submit_it(post_json, contributor_auth, submission):
    post_json("/api/entries/", {**submission, "status": "draft"}, **contributor_auth)

    response = post_json("/api/entries/", {**submission, "lead": "Better."}, **contributor_auth)

    entry = Entry.objects.get()
    assert response.status_code == 200
    assert (entry.status, entry.lead) == (S.PENDING, "Better.")
    assert list(entry.events.values_list("action", flat=True)) == ["created", "edited", "submitted"]


def test_entry_resubmission_after_rejection_gets_409(post_json, contributor_auth, submission):
    post_json("/api/entries/", submission, **contributor_auth)
    Entry.objects.update(status=S.REJECTED)

    response = post_json("/api/entries/", {**submission, "headline": "Changed"}, **contributor_auth)

    assert response.status_code == 409
    assert "was rejected" in response.json()["detail"]
    assert Entry.objects.get().headline == "Rubric rewards without a checker"


def test_entry_resubmission_of_a_published_entry_becomes_a_revision_for_review(
    client, post_json, contributor_auth, submission
):
    post_json("/api/entries/", submission, **contributor_auth)
    Entry.objects.update(status=S.PUBLISHED)
    published = Entry.objects.get()

    response = post_json("/api/entries/", {**submission, "headline": "Changed"}, **contributor_auth)

    published.refresh_from_db()
    revision = published.revisions.get()
    assert response.status_code == 200
    assert response.json()["id"] == revision.pk
    assert (published.status, published.headline) == (
        S.PUBLISHED,
        "Rubric rewards without a checker",
    )
    assert (revision.status, revision.headline) == (S.PENDING, "Changed")
    assert "Changed" not in client.get(published.get_absolute_url()).content.decode()


def test_entry_external_id_of_another_author_gets_409(post_json, auth, contributor,
                                                      other_contributor, submission):  # fmt: skip
    post_json("/api/entries/", submission, **auth(contributor))

    response = post_json("/api/entries/", submission, **auth(other_contributor))

    assert response.status_code == 409
    assert Entry.objects.get().author == contributor


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"topics": ["nope"]}, "topics.0"),
        ({"claims": [{"text": "x", "paper": "2699.99999"}]}, "claims.0.paper"),
        ({"claims": [{"text": " "}]}, "claims.0.text"),
        ({"headline": ""}, "headline"),
        ({"date": "1 October"}, "date"),
        ({"status": "published"}, "status"),
        ({"external_id": ""}, "external_id"),
        ({"claims": [{"text": "x"}] * 201}, "claims"),
    ],
)
def test_entry_create_invalid_gets_422_naming_the_field(post_json, contributor_auth, submission,
                                                        change, field):  # fmt: skip
    response = post_json("/api/entries/", {**submission, **change}, **contributor_auth)

    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert Entry.objects.count() == 0


def test_entry_create_anonymous_gets_401(post_json, submission):
    assert post_json("/api/entries/", submission).status_code == 401


def test_entry_create_revoked_token_gets_401(post_json, revoked_auth, submission):
    assert post_json("/api/entries/", submission, **revoked_auth).status_code == 401


def test_entry_create_without_a_role_gets_403(post_json, charlie_auth, submission):
    response = post_json("/api/entries/", submission, **charlie_auth)

    assert response.status_code == 403
    assert Entry.objects.count() == 0


def test_entry_create_by_editor(post_json, editor_auth, submission):
    response = post_json("/api/entries/", submission, **editor_auth)

    assert response.status_code == 201
    assert response.json()["transitions"] == []  # the four-eyes rule: not their own


# Reading ------------------------------------------------------------------------------


@pytest.fixture
def entries(make_entry, contributor, other_contributor):
    return {
        "published": make_entry(S.PUBLISHED, date=dt.date(2026, 9, 1)),
        "mine_draft": make_entry(S.DRAFT, date=dt.date(2026, 9, 2)),
        "mine_pending": make_entry(S.PENDING, date=dt.date(2026, 9, 3)),
        "theirs_pending": make_entry(S.PENDING, author=other_contributor, date=dt.date(2026, 9, 4)),
    }


def listed(client, entries, query="", **headers) -> list[str]:
    response = client.get(f"/api/entries/{query}", **headers)
    assert response.status_code == 200
    names = {e.pk: name for name, e in entries.items()}
    return [names[e["id"]] for e in response.json()["results"]]


def test_entry_list_anonymous_sees_published_only(client, entries):
    assert listed(client, entries) == ["published"]
    assert listed(client, entries, "?status=pending") == []


def test_entry_list_contributor_sees_own_unpublished(client, entries, contributor_auth):
    assert listed(client, entries, **contributor_auth) == [
        "mine_pending",
        "mine_draft",
        "published",
    ]
    assert listed(client, entries, "?status=pending", **contributor_auth) == ["mine_pending"]


def test_entry_list_editor_sees_everything(client, entries, editor_auth):
    assert listed(client, entries, "?status=pending", **editor_auth) == [
        "theirs_pending", "mine_pending",
    ]  # fmt: skip
    assert listed(client, entries, "?mine=true", **editor_auth) == []


def test_entry_list_filters_by_topic_and_date(client, entries, editor_auth):
    elsewhere = make_concept("Agentic Reinforcement Learning")
    entries["theirs_pending"].topics.set([elsewhere])

    by_topic = "?topic=agentic-reinforcement-learning"
    assert listed(client, entries, by_topic, **editor_auth) == ["theirs_pending"]
    between = "?date_after=2026-09-02&date_before=2026-09-03"
    assert listed(client, entries, between, **editor_auth) == ["mine_pending", "mine_draft"]


def test_entry_list_queries_are_bounded(client, make_entry, editor_auth,
                                        django_assert_max_num_queries):  # fmt: skip
    for _ in range(15):
        make_entry(S.PUBLISHED, claims=3)
    client.get("/api/me/", **editor_auth)  # the token's last_used is fresh now

    with django_assert_max_num_queries(9):
        response = client.get("/api/entries/?limit=100", **editor_auth)

    assert len(response.json()["results"]) == 15


def test_entry_detail_visibility(client, entries, auth, contributor, other_contributor, editor,
                                 charlie_auth):  # fmt: skip
    draft = entries["mine_draft"].pk

    assert client.get(f"/api/entries/{entries['published'].pk}/").status_code == 200
    assert client.get(f"/api/entries/{draft}/").status_code == 404
    assert client.get(f"/api/entries/{draft}/", **charlie_auth).status_code == 404
    assert client.get(f"/api/entries/{draft}/", **auth(other_contributor)).status_code == 404
    assert client.get(f"/api/entries/{draft}/", **auth(contributor)).status_code == 200
    assert client.get(f"/api/entries/{draft}/", **auth(editor)).status_code == 200


def test_entry_detail_unknown_gets_404(client, db):
    response = client.get("/api/entries/123456/")

    assert response.status_code == 404
    assert response.json()["detail"] == "No entry has that id."
