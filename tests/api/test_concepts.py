"""/api/concepts/: the wiki's concepts, each with its current body."""

from __future__ import annotations

from tests.factories import make_concept
from wiki.models import Concept, ConceptAlias


def test_concept_list_a_to_z_with_counts(client, topic, paper):
    make_concept("Agentic Reinforcement Learning")

    response = client.get("/api/concepts/")

    assert response.status_code == 200
    results = response.json()["results"]
    assert [c["slug"] for c in results] == ["agentic-reinforcement-learning", "reward-modeling"]
    assert results[1]["paper_count"] == 1
    assert results[1]["page_url"] == "/wiki/reward-modeling/"


def test_concept_list_search(client, topic):
    make_concept("Agentic Reinforcement Learning")

    response = client.get("/api/concepts/?q=agentic")

    assert [c["slug"] for c in response.json()["results"]] == ["agentic-reinforcement-learning"]


def test_concept_list_queries_are_bounded(client, db, django_assert_max_num_queries):
    for i in range(30):
        make_concept(f"Concept {i}")

    with django_assert_max_num_queries(3):  # with the cache versions
        response = client.get("/api/concepts/?limit=100")

    assert response.json()["count"] == 30


def test_concept_detail_includes_the_current_body(client, topic):
    response = client.get("/api/concepts/reward-modeling/")

    data = response.json()
    assert response.status_code == 200
    assert data["body"] == "Models of what people prefer."
    assert data["html"] == "<p>Models of what people prefer.</p>"
    assert data["revision"]["number"] == 1


def test_concept_detail_by_alias(client, topic):
    ConceptAlias.objects.create(concept=topic, name="Reward Models", slug="reward-models")

    response = client.get("/api/concepts/reward-models/")

    assert response.json()["slug"] == "reward-modeling"
    assert response.json()["aliases"] == ["Reward Models"]


def test_concept_detail_unknown_gets_404(client, db):
    response = client.get("/api/concepts/nothing-here/")

    assert response.status_code == 404
    assert response.json() == {"detail": "No concept has that slug.", "errors": []}


def test_concept_without_approved_revision_hidden_from_anonymous(client, editor_auth, db):
    Concept.objects.create(title="Waiting", slug="waiting")

    assert client.get("/api/concepts/waiting/").status_code == 404
    assert client.get("/api/concepts/waiting/", **editor_auth).json()["body"] is None
