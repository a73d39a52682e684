"""The account page where people make and revoke their API tokens."""

from __future__ import annotations

import re

import pytest

from api.models import ApiToken
from api.services import token_authenticate, token_create


def test_token_page_lists_own_tokens_only(client, contributor, other_contributor):
    token_create(user=contributor, name="notes pipeline")
    token_create(user=other_contributor, name="colin's script")
    client.force_login(contributor)

    response = client.get("/api/tokens/")

    assert response.status_code == 200
    assert [t.name for t in response.context["tokens"]] == ["notes pipeline"]
    assert "colin" not in response.content.decode()
    assert response["Cache-Control"].startswith("max-age=0")


def test_token_page_creates_a_token_and_shows_it_once(client, editor):
    client.force_login(editor)

    response = client.post("/api/tokens/", {"name": "notes pipeline"})

    html = response.content.decode()
    secret = re.search(r'value="(rw_[^"]+)"', html).group(1)
    assert response.status_code == 200
    assert token_authenticate(secret) == editor
    assert "shown this once" in html
    assert secret not in client.get("/api/tokens/").content.decode()


def test_token_page_needs_a_name(client, contributor):
    client.force_login(contributor)

    response = client.post("/api/tokens/", {"name": "  "})

    assert response.status_code == 400
    assert ApiToken.objects.count() == 0


def test_token_page_revokes_a_token(client, contributor):
    token, secret = token_create(user=contributor, name="notes pipeline")
    client.force_login(contributor)

    response = client.post(f"/api/tokens/{token.pk}/revoke/", follow=True)

    token.refresh_from_db()
    assert token.revoked_at is not None
    assert token_authenticate(secret) is None
    assert "Revoked “notes pipeline”" in response.content.decode()


def test_token_page_cannot_revoke_another_users_token(client, contributor, other_contributor):
    token, _ = token_create(user=other_contributor, name="colin's script")
    client.force_login(contributor)

    response = client.post(f"/api/tokens/{token.pk}/revoke/")

    token.refresh_from_db()
    assert response.status_code == 404
    assert token.revoked_at is None


def test_token_page_refuses_charlie(client, charlie):
    client.force_login(charlie)

    assert client.get("/api/tokens/").status_code == 403
    assert client.post("/api/tokens/", {"name": "x"}).status_code == 403


def test_token_page_sends_anonymous_to_login(client, db):
    response = client.get("/api/tokens/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("method", ["get", "post"])
def test_token_revoke_only_by_post(client, contributor, method):
    token, _ = token_create(user=contributor, name="notes pipeline")
    client.force_login(contributor)

    response = getattr(client, method)(f"/api/tokens/{token.pk}/revoke/")

    assert response.status_code == (405 if method == "get" else 302)
