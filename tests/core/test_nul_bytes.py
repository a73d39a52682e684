"""NUL characters: no text on the wiki can hold one (PostgreSQL refuses them), so every
query parameter or form field carrying one is answered 400 with a message, on either
database."""

from __future__ import annotations

import pytest

from wiki.models import Concept

NUL_MESSAGE = "The request contains a NUL character (%00)"
SEARCHES = ["/wiki/?q=%00", "/entries/papers/?q=%00", "/papers/?q=%00", "/search/?q=%00"]


@pytest.mark.parametrize("address", SEARCHES)
def test_a_nul_in_a_search_is_a_400_with_a_message(client, world, address):
    response = client.get(address)

    assert response.status_code == 400
    assert NUL_MESSAGE in response.content.decode()


@pytest.mark.parametrize("query", ["q=a%00b", "page=%00", "topic=x&sort=%00", "%00=x"])
def test_a_nul_anywhere_in_the_query_is_refused(client, world, query):
    response = client.get(f"/papers/?{query}")

    assert response.status_code == 400
    assert response.templates[0].name == "request_refused.html"


def test_a_nul_in_a_form_field_saves_nothing(editor_client):
    response = editor_client.post(
        "/wiki/new/", {"title": "Nul\x00page", "summary": "s", "body": "text"}
    )

    assert response.status_code == 400
    assert NUL_MESSAGE in response.content.decode()
    assert not Concept.objects.exists()


def test_the_api_refuses_a_nul_as_a_field_error(client, db):
    response = client.get("/api/papers/?q=%00")

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "q"


def test_a_query_without_nul_still_answers(client, world):
    assert client.get("/papers/?q=reward").status_code == 200
