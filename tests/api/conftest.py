from __future__ import annotations

import json

import pytest

from api.services import token_create, token_revoke
from tests.factories import PaperFactory


@pytest.fixture
def token_for():
    """``token_for(user)``: a fresh API token's secret for ``user``."""

    def make(user, name: str = "pipeline") -> str:
        return token_create(user=user, name=name)[1]

    return make


@pytest.fixture
def auth(token_for):
    """``auth(user)``: the header a test client request needs to act as ``user``."""

    def headers(user) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Bearer {token_for(user)}"}

    return headers


@pytest.fixture
def editor_auth(auth, editor):
    return auth(editor)


@pytest.fixture
def contributor_auth(auth, contributor):
    return auth(contributor)


@pytest.fixture
def revoked_auth(contributor):
    token, secret = token_create(user=contributor, name="old pipeline")
    token_revoke(token=token, by=contributor)
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def charlie_auth(charlie):
    """A token of a user with no role. Such tokens cannot be made on the tokens page; one
    may remain from when the user had a role."""
    from api.models import ApiToken
    from api.services import DISPLAY_PREFIX_LENGTH, TOKEN_PREFIX, token_digest

    secret = TOKEN_PREFIX + "charlie-has-no-role-any-more"
    ApiToken.objects.create(
        user=charlie,
        name="left over",
        key_prefix=secret[:DISPLAY_PREFIX_LENGTH],
        secret_hash=token_digest(secret),
    )
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


@pytest.fixture
def post_json(client):
    def post(url: str, data, method: str = "post", **headers):
        send = getattr(client, method)
        return send(url, json.dumps(data), content_type="application/json", **headers)

    return post


@pytest.fixture
def paper(topic):
    paper = PaperFactory(arxiv_id="2608.17528", title="Rubrics Without Checkers")
    paper.topics.add(topic)
    return paper
