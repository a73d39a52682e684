"""Hostile input through the API: refused with a 4xx that says why, and nothing stored."""

from __future__ import annotations

from papers.models import Paper


def test_a_full_width_arxiv_id_is_refused_and_makes_no_paper(post_json, contributor_auth, db):
    data = {"arxiv_id": "\uff12\uff1601.04211", "title": "Full-width digits"}

    response = post_json("/api/papers/", data, **contributor_auth)

    assert 400 <= response.status_code < 500
    assert response.json()["detail"]
    assert not Paper.objects.exists()


def test_the_ascii_arxiv_id_is_accepted(post_json, contributor_auth, db):
    data = {"arxiv_id": "2601.04211", "title": "ASCII digits"}

    response = post_json("/api/papers/", data, **contributor_auth)

    assert response.status_code in (200, 201)
    assert Paper.objects.get().arxiv_id == "2601.04211"


def test_a_claim_over_the_cap_is_refused_by_the_api(post_json, contributor_auth, topic):
    data = {
        "date": "2026-10-01",
        "headline": "Long claim",
        "topics": [topic.slug],
        "claims": [{"text": "a" * 4001}],
    }

    response = post_json("/api/entries/", data, **contributor_auth)

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "claims.0.text"
