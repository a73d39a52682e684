from __future__ import annotations

import pytest

from tests.results.conftest import write_entry
from tests.results.test_views import COLUMNS, publish

pytestmark = pytest.mark.django_db


def test_api_lists_results_with_the_table_columns(
    client, contributor, editor, concept, mmlu, paper
):
    publish(
        write_entry(
            author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
        ),
        editor,
    )

    data = client.get(f"/api/results/?concept={concept.slug}&benchmark=mmlu").json()

    assert data["count"] == 1
    row = data["results"][0]
    assert list(row) == ["id", *COLUMNS.split(",")]
    assert (row["value"], row["paper"], row["direction"]) == (
        58.2,
        "2601.00001",
        "higher is better",
    )


def test_api_filters_results_by_evidence(client, contributor, editor, concept, mmlu):
    publish(
        write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."]),
        editor,
    )

    data = client.get("/api/results/?evidence=abstract_only").json()

    assert data["count"] == 0


def test_api_refuses_a_bad_date_with_422(client, db):
    assert client.get("/api/results/?date_from=soon").status_code == 422


def test_api_unknown_concept_is_404(client, db):
    assert client.get("/api/results/?concept=nothing-here").status_code == 404


def test_api_benchmarks_by_slug_or_alias(client, mmlu):
    listed = client.get("/api/benchmarks/").json()
    one = client.get("/api/benchmarks/mmlu-5shot/").json()

    assert [b["name"] for b in listed["results"]] == ["MMLU"]
    assert (one["slug"], one["direction"], one["aliases"]) == ("mmlu", "higher", ["mmlu-5shot"])


def test_openapi_schema_documents_results(client, db):
    paths = client.get("/api/openapi.json").json()["paths"]

    assert {"/api/v1/benchmarks/", "/api/v1/benchmarks/{slug}/", "/api/v1/results/"} <= set(paths)
