from __future__ import annotations

import json

import pytest

from api.services import token_create, token_revoke
from entries.models import EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept


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
def topic(db):
    return make_concept("Reward Modeling", body="Models of what people prefer.")


@pytest.fixture
def paper(topic):
    paper = PaperFactory(arxiv_id="2608.17528", title="Rubrics Without Checkers")
    paper.topics.add(topic)
    return paper


@pytest.fixture
def make_entry(contributor, topic):
    """An entry in a given state, on ``topic``, with ``claims`` claims."""

    def make(status=EntryStatus.DRAFT, *, author=None, claims=1, marked=False, **kwargs):
        entry = EntryFactory(status=status, author=author or contributor, **kwargs)
        entry.topics.add(topic)
        for i in range(claims):
            ClaimFactory(
                entry=entry,
                position=i,
                evidence=Evidence.FULL_TEXT if marked else Evidence.UNMARKED,
            )
        return entry

    return make
