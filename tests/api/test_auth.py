"""Tokens: stored hashed, acting as their owner, refused once revoked; no CSRF with them."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client

from api.models import ApiToken
from api.services import TokenError, token_authenticate, token_create, token_revoke


def test_token_is_stored_only_as_its_hash(contributor):
    token, secret = token_create(user=contributor, name="notes pipeline")

    stored = ApiToken.objects.get(pk=token.pk)
    assert stored.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in {stored.secret_hash, stored.key_prefix, stored.name}
    assert secret.startswith(stored.key_prefix)
    assert len(secret) > 40


def test_token_authenticates_its_owner_and_records_use(contributor):
    token, secret = token_create(user=contributor, name="notes pipeline")

    assert token_authenticate(secret) == contributor
    token.refresh_from_db()
    assert token.last_used is not None


def test_token_unknown_or_revoked_authenticates_nobody(contributor):
    token, secret = token_create(user=contributor, name="notes pipeline")
    token_revoke(token=token, by=contributor)

    assert token_authenticate(secret) is None
    assert token_authenticate(secret[:-1] + "x") is None
    assert token_authenticate("not a token") is None


def test_token_of_inactive_user_authenticates_nobody(contributor):
    _, secret = token_create(user=contributor, name="notes pipeline")
    contributor.is_active = False
    contributor.save()

    assert token_authenticate(secret) is None


def test_token_create_refused_without_a_role(charlie):
    with pytest.raises(TokenError):
        token_create(user=charlie, name="pipeline")


def test_token_revoke_refused_for_another_users_token(contributor, other_contributor):
    token, _ = token_create(user=contributor, name="notes pipeline")

    with pytest.raises(TokenError):
        token_revoke(token=token, by=other_contributor)


@pytest.mark.parametrize("path", ["/api/me/", "/api/entries/"])
def test_api_revoked_token_gets_401(client, revoked_auth, path):
    response = client.get(path, **revoked_auth)

    assert response.status_code == 401
    assert response.json()["detail"] == "This API token is unknown or has been revoked."
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    "header", ["Bearer rw_nonsense", "Token abc", "Bearer", "Basic dXNlcjpwYXNz"]
)
def test_api_bad_authorization_header_gets_401(client, db, header):
    response = client.get("/api/papers/", HTTP_AUTHORIZATION=header)

    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/json")


def test_api_anonymous_may_read_but_not_write(client, db, post_json):
    assert client.get("/api/papers/").status_code == 200

    response = post_json("/api/papers/", {"arxiv_id": "2608.17528"})

    assert response.status_code == 401
    assert "Authorization: Bearer" in response.json()["detail"]


def test_api_me_describes_the_token_owner(client, contributor_auth, editor_auth):
    assert client.get("/api/me/", **contributor_auth).json() == {
        "username": "cora",
        "can_contribute": True,
        "is_editor": False,
    }
    assert client.get("/api/me/", **editor_auth).json() == {
        "username": "erin",
        "can_contribute": True,
        "is_editor": True,
    }


def test_api_me_anonymous_gets_401(client, db):
    assert client.get("/api/me/").status_code == 401


def test_api_token_request_needs_no_csrf_token(contributor_auth, topic):
    client = Client(enforce_csrf_checks=True)

    response = client.post(
        "/api/entries/",
        {"date": "2026-10-01", "headline": "No CSRF needed", "topics": ["reward-modeling"]},
        content_type="application/json",
        **contributor_auth,
    )

    assert response.status_code == 201


def test_api_ignores_the_browser_session(contributor_client, post_json, contributor, make_entry):
    """A logged-in browser without a token is anonymous to the API: a cross-site form can
    neither write nor read drafts with the visitor's cookies."""
    draft = make_entry(author=contributor)

    assert post_json("/api/papers/", {"arxiv_id": "2608.17528"}).status_code == 401
    assert contributor_client.get(f"/api/entries/{draft.pk}/").status_code == 404


def test_api_require_login_to_read_setting_closes_reads(client, db, settings, contributor_auth):
    settings.WIKI_REQUIRE_LOGIN_TO_READ = True

    assert client.get("/api/papers/").status_code == 401
    assert client.get("/api/papers/", **contributor_auth).status_code == 200
