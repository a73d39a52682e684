"""/api/papers/: the library list with the /papers/ filters, one paper, create-or-update."""

from __future__ import annotations

import datetime as dt

import pytest

from papers.models import Paper
from tests.factories import PaperFactory, make_concept


def ids(response) -> list[int]:
    return [p["id"] for p in response.json()["results"]]


@pytest.fixture
def shelf(topic):
    """Four papers that the filters tell apart."""
    other = make_concept("Agentic Reinforcement Learning")
    old = PaperFactory(title="Old abstract", published=dt.date(2025, 3, 1),
                       read_level="abstract_only", organisation="DeepLab")  # fmt: skip
    new = PaperFactory(title="New full text", published=dt.date(2026, 6, 1))
    agents = PaperFactory(title="Agents that plan", published=dt.date(2026, 2, 1))
    both = PaperFactory(title="Reward agents", published=dt.date(2026, 4, 1))
    old.topics.add(topic)
    new.topics.add(topic)
    agents.topics.add(other)
    both.topics.add(topic, other)
    return {"old": old, "new": new, "agents": agents, "both": both}


def test_paper_list_newest_first(client, shelf):
    response = client.get("/api/papers/")

    assert response.status_code == 200
    assert ids(response) == [shelf[k].pk for k in ("new", "both", "agents", "old")]
    assert response.json()["count"] == 4


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("topic=reward-modeling", ["new", "both", "old"]),
        ("topic=reward-modeling&topic=agentic-reinforcement-learning&match=all", ["both"]),
        ("published_after=2026-01-01&published_before=2026-04-30", ["both", "agents"]),
        ("read_level=abstract_only", ["old"]),
        ("organisation=deeplab", ["old"]),
        ("q=agents", ["both", "agents"]),
        ("q=agents&sort=title", ["agents", "both"]),
        ("sort=oldest", ["old", "agents", "both", "new"]),
    ],
)
def test_paper_list_filters_as_the_papers_page(client, shelf, query, expected):
    response = client.get(f"/api/papers/?{query}")

    assert response.status_code == 200
    assert ids(response) == [shelf[k].pk for k in expected]


def test_paper_list_bad_filter_gets_field_errors(client, shelf):
    response = client.get(
        "/api/papers/?topic=nope&published_after=2026-05-01&published_before=2026-01-01"
    )

    assert response.status_code == 422
    fields = {e["field"] for e in response.json()["errors"]}
    assert fields == {"topic", "published_before"}


def test_paper_list_pages_are_stable_and_capped(client, topic):
    for _ in range(7):
        PaperFactory(published=dt.date(2026, 1, 1))  # one date: the id breaks ties

    first = client.get("/api/papers/?limit=3").json()
    second = client.get("/api/papers/?limit=3&offset=3").json()
    last = client.get("/api/papers/?limit=3&offset=6").json()

    everything = [p["id"] for p in first["results"] + second["results"] + last["results"]]
    assert everything == sorted(everything, reverse=True)
    assert (first["next_offset"], second["next_offset"], last["next_offset"]) == (3, 6, None)
    assert client.get("/api/papers/?limit=101").status_code == 422


def test_paper_list_queries_are_bounded(client, shelf, django_assert_max_num_queries):
    for _ in range(20):
        PaperFactory().topics.add(shelf["old"].topics.first())

    with django_assert_max_num_queries(4):  # with the cache versions
        response = client.get("/api/papers/?limit=100")

    assert len(response.json()["results"]) == 24


@pytest.mark.parametrize("key", ["{pk}", "2608.17528", "2608.17528v2", "arXiv:2608.17528v3"])
def test_paper_detail_by_id_or_arxiv_id(client, paper, key):
    response = client.get(f"/api/papers/{key.format(pk=paper.pk)}/")

    assert response.status_code == 200
    assert response.json()["id"] == paper.pk
    assert response.json()["topics"] == ["reward-modeling"]


def test_paper_detail_old_style_arxiv_id(client, db):
    paper = PaperFactory(arxiv_id="hep-th/9901001")

    response = client.get("/api/papers/hep-th/9901001/")

    assert response.json()["id"] == paper.pk


@pytest.mark.parametrize("key", ["999999", "2699.99999", "not-an-id"])
def test_paper_detail_unknown_gets_404(client, paper, key):
    response = client.get(f"/api/papers/{key}/")

    assert response.status_code == 404
    assert response.json()["detail"] == "No paper in the library has that id or arXiv id."


def test_paper_create_then_replay_updates_the_same_paper(client, post_json, contributor_auth,
                                                         topic):  # fmt: skip
    data = {
        "arxiv_id": "arXiv:2609.33848v2",
        "title": "Verifier-free Rubrics",
        "authors": "A. Author, B. Author",
        "published": "2026-09-12",
        "read_level": "abstract_only",
        "topics": ["reward-modeling"],
    }

    created = post_json("/api/papers/", data, **contributor_auth)
    replayed = post_json("/api/papers/", data, **contributor_auth)

    assert (created.status_code, replayed.status_code) == (201, 200)
    assert created.json()["id"] == replayed.json()["id"]
    assert Paper.objects.count() == 1
    paper = Paper.objects.get()
    assert (paper.arxiv_id, paper.arxiv_version, paper.read_level) == (
        "2609.33848", 2, "abstract_only",
    )  # fmt: skip
    assert [t.slug for t in paper.topics.all()] == ["reward-modeling"]


def test_paper_update_changes_only_the_fields_sent(client, post_json, editor_auth, paper):
    response = post_json(
        "/api/papers/", {"arxiv_id": "2608.17528", "read_level": "full_text", "title": None},
        **editor_auth,
    )  # fmt: skip

    paper.refresh_from_db()
    assert response.status_code == 200
    assert (paper.read_level, paper.title) == ("full_text", "Rubrics Without Checkers")
    assert [t.slug for t in paper.topics.all()] == ["reward-modeling"]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"arxiv_id": "not an id"}, "arxiv_id"),
        ({"arxiv_id": "2608.17528", "topics": ["nope"]}, "topics.0"),
        ({"arxiv_id": "2608.17528", "url": "ftp://example.org"}, "url"),
        ({"arxiv_id": "2608.17528", "read_level": "skimmed"}, "read_level"),
        ({"arxiv_id": "2608.17528", "title": "x" * 501}, "title"),
        ({"arxiv_id": "2608.17528", "published": "12/09/2026"}, "published"),
        ({"title": "No id"}, "arxiv_id"),
    ],
)
def test_paper_create_invalid_gets_422_naming_the_field(post_json, contributor_auth, topic,
                                                        data, field):  # fmt: skip
    response = post_json("/api/papers/", data, **contributor_auth)

    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert Paper.objects.count() == 0


def test_paper_create_refused_without_a_role(post_json, charlie_auth):
    response = post_json("/api/papers/", {"arxiv_id": "2608.17528"}, **charlie_auth)

    assert response.status_code == 403
    assert Paper.objects.count() == 0


def test_paper_create_refused_with_revoked_token(post_json, revoked_auth):
    response = post_json("/api/papers/", {"arxiv_id": "2608.17528"}, **revoked_auth)

    assert response.status_code == 401


def test_v1_paths_answer_as_the_unversioned_ones(client, shelf):
    versioned = client.get("/api/v1/papers/?topic=reward-modeling")
    unversioned = client.get("/api/papers/?topic=reward-modeling")
    one = client.get(f"/api/v1/papers/{shelf['old'].pk}/")

    assert (versioned.status_code, unversioned.status_code, one.status_code) == (200, 200, 200)
    assert versioned.json() == unversioned.json()
    assert one.json()["title"] == "Old abstract"


def test_paper_gives_its_authors_as_people_and_its_venue(client, db):
    paper = PaperFactory(
        arxiv_id=None, title="Names", entry_type="article", journal="Nature", volume="5",
        issue="3", pages="12--19", publisher="Springer",
    )  # fmt: skip
    paper.author_list = [
        {"family": "Berg", "given": "Anna", "particle": "van der"},
        {"family": "Smith", "given": "John", "suffix": "Jr."},
        {"literal": "World Health Organization"},
    ]
    paper.authors = "Anna van der Berg, John Smith Jr., World Health Organization"
    paper.save()

    body = client.get(f"/api/v1/papers/{paper.pk}/").json()

    blank = dict.fromkeys(("family", "given", "particle", "suffix", "literal"), "")
    assert body["authors"] == [
        {**blank, "family": "Berg", "given": "Anna", "particle": "van der"},
        {**blank, "family": "Smith", "given": "John", "suffix": "Jr."},
        {**blank, "literal": "World Health Organization"},
    ]
    assert body["authors_display"] == paper.authors
    venue = ("entry_type", "journal", "volume", "issue", "pages", "publisher")
    assert [body[n] for n in venue] == ["article", "Nature", "5", "3", "12--19", "Springer"]


def test_paper_create_with_authors_as_people(post_json, contributor_auth, db):
    people = [
        {"family": "Berg", "given": "Anna", "particle": "van der"},
        {"literal": "World Health Organization"},
    ]

    response = post_json(
        "/api/v1/papers/", {"arxiv_id": "2609.33848", "authors": people}, **contributor_auth
    )

    assert response.status_code == 201
    paper = Paper.objects.get()
    assert paper.author_list == people
    assert paper.authors == "Anna van der Berg, World Health Organization"
    assert response.json()["authors"][0]["particle"] == "van der"


def test_paper_update_with_authors_as_one_string_still_works(post_json, editor_auth, paper):
    response = post_json(
        "/api/papers/", {"arxiv_id": paper.arxiv_id, "authors": "Ada Lovelace, John Smith, Jr."},
        **editor_auth,
    )  # fmt: skip

    paper.refresh_from_db()
    assert response.status_code == 200
    assert paper.author_list == [
        {"family": "Lovelace", "given": "Ada"},
        {"family": "Smith", "given": "John", "suffix": "Jr."},
    ]


@pytest.mark.parametrize(
    "person",
    [{"family": "Berg", "literal": "WHO"}, {"particle": "van"}, {"family": "x" * 301}],
)
def test_paper_create_with_a_malformed_person_gets_422(post_json, contributor_auth, db, person):
    response = post_json(
        "/api/v1/papers/", {"arxiv_id": "2609.33848", "authors": [person]}, **contributor_auth
    )

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"].startswith("authors")
    assert Paper.objects.count() == 0
