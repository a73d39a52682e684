"""Errors are JSON everywhere under /api/, with the right status."""

from __future__ import annotations

import pytest

from tests.api.conftest import *  # noqa: F403


def test_api_body_over_the_limit_gets_413(client, settings, contributor_auth):
    settings.API_MAX_BODY_BYTES = 1000

    response = client.post(
        "/api/entries/", "x" * 1001, content_type="application/json", **contributor_auth
    )

    assert response.status_code == 413
    assert response.json() == {
        "detail": "The request body is larger than the limit of 1,000 bytes.",
        "errors": [],
    }


def test_api_default_body_limit_is_one_megabyte(client, contributor_auth):
    response = client.post(
        "/api/papers/", "x" * (1024 * 1024 + 1), content_type="application/json",
        **contributor_auth,
    )  # fmt: skip

    assert response.status_code == 413


def test_api_malformed_json_gets_400(client, contributor_auth):
    response = client.post(
        "/api/papers/", "{not json", content_type="application/json", **contributor_auth
    )

    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")


def test_api_unknown_address_gets_json_404(client, db):
    response = client.post("/api/nothing/here/")

    assert response.status_code == 404
    assert response.json() == {"detail": "No such API address: see /api/docs.", "errors": []}


def test_api_nul_in_text_gets_422(post_json, contributor_auth):
    response = post_json("/api/papers/", {"arxiv_id": "2608.17528", "title": "a\x00b"},
                         **contributor_auth)  # fmt: skip

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "title"


@pytest.mark.parametrize("address", ["/api/v1/openapi.json", "/api/openapi.json"])
def test_api_openapi_schema_lists_every_operation_under_v1(client, db, address):
    schema = client.get(address).json()

    operations = {(method.upper(), path) for path, ops in schema["paths"].items() for method in ops}
    assert operations == {
        ("GET", "/api/v1/papers/"),
        ("POST", "/api/v1/papers/"),
        ("GET", "/api/v1/papers/{key}/"),
        ("GET", "/api/v1/concepts/"),
        ("GET", "/api/v1/concepts/{slug}/"),
        ("GET", "/api/v1/entries/"),
        ("POST", "/api/v1/entries/"),
        ("GET", "/api/v1/entries/{entry_id}/"),
        ("POST", "/api/v1/entries/{entry_id}/transitions/"),
        ("PUT", "/api/v1/claims/{claim_id}/evidence/"),
        ("GET", "/api/v1/benchmarks/"),
        ("GET", "/api/v1/benchmarks/{slug}/"),
        ("GET", "/api/v1/results/"),
        ("GET", "/api/v1/caveats/"),
        ("GET", "/api/v1/me/"),
    }
    assert schema["components"]["securitySchemes"]["TokenAuth"]["scheme"] == "bearer"


def test_api_docs_page_uses_only_local_assets(client, db):
    response = client.get("/api/docs")

    html = response.content.decode()
    assert response.status_code == 200
    assert "/static/api/swagger-ui/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert "https://" not in html


def test_api_request_with_a_host_not_allowed_gets_json_400(client, db):
    """Refused before any view runs: the API still answers in its own error shape."""
    response = client.post(
        "/api/papers/", data="{}", content_type="application/json", HTTP_HOST="J"
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Bad request.", "errors": []}


def test_page_request_with_a_host_not_allowed_gets_a_page_400(client, db):
    response = client.get("/papers/", HTTP_HOST="J")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
