"""Schemathesis generates requests from the OpenAPI schema and checks every answer against
it: no server error, only documented status codes and content types, bodies that match
their schemas."""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


# About 25 s for every operation at 25 examples; API_SCHEMA_EXAMPLES=200 for a longer hunt.
EXAMPLES = int(os.environ.get("API_SCHEMA_EXAMPLES", "25"))

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)


@pytest.fixture
def library(editor, contributor):
    """Something for the generated requests to find: a concept, papers, entries."""
    concept = make_concept("Reward Modeling", body="Models of what people prefer.")
    paper = PaperFactory(arxiv_id="2608.17528")
    paper.topics.add(concept)
    for status in ("draft", "pending", "published"):
        entry = EntryFactory(author=contributor, status=status)
        entry.topics.add(concept)
        ClaimFactory(entry=entry, paper=paper)


@pytest.fixture
def _wsgi_keeps_test_connection():
    """Schemathesis calls the WSGI application directly; like Django's test client, keep
    its end-of-request hook from closing the connection that holds the test transaction."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def editor_token(editor, token_for) -> str:
    return token_for(editor)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_as_its_schema_says(case, library, editor_token, _wsgi_keeps_test_connection):
    case.call_and_validate(headers={"Authorization": f"Bearer {editor_token}"}, checks=CHECKS)
