"""The papers list's search box at any size: words in most papers and words in a few
find the same papers in the same order."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.http import QueryDict

from papers.filters import PaperFilter
from papers.models import Paper
from tests.factories import PaperFactory, make_concept

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the two plans exist on PostgreSQL only"
)


@pytest.fixture
def policy_papers():
    """Twelve papers on policies (one with the word in its title only), three on other things."""
    topic = make_concept("Policy Learning")
    papers = []
    for n in range(11):
        paper = PaperFactory(
            title=f"Study {n}",
            abstract="We learn a policy from rewards.",
            published=dt.date(2025, 1, 1) + dt.timedelta(days=20 * n),
        )
        papers.append(paper)
    papers.append(PaperFactory(title="Policy first", abstract="Short.", published=None))
    for n in range(3):
        PaperFactory(
            title=f"Other {n}", abstract="Nothing relevant.", published=dt.date(2026, 5, 1)
        )
    for paper in papers[::2]:
        paper.topics.add(topic)
    return papers


@pytest.fixture(params=["common", "rare"])
def plan(request, monkeypatch):
    """Judge every search common (any match among the newest papers) or none."""
    monkeypatch.setattr("core.fulltext.COMMON_MATCHES", 0 if request.param == "common" else 10**6)
    return request.param


def titles(response) -> list[str]:
    return [paper.title for paper in response.context["page"].object_list]


@postgres_only
@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"q": "policy"}, [f"Study {n}" for n in range(10, -1, -1)] + ["Policy first"]),
        ({"q": "polic", "sort": "oldest"}, [f"Study {n}" for n in range(11)] + ["Policy first"]),
        (
            {"q": "policy rewards", "sort": "title"},
            [f"Study {n}" for n in (0, 1, 10, *range(2, 10))],
        ),
        ({"q": "policy", "topic": "policy-learning"}, [f"Study {n}" for n in (10, 8, 6, 4, 2, 0)]),
        (
            {"q": "policy", "published_after": "2025-03-01", "published_before": "2025-04-30"},
            ["Study 5", "Study 4", "Study 3"],
        ),
        ({"q": "quokka"}, []),
    ],
)
def test_common_and_rare_searches_find_the_same_papers(
    client, policy_papers, plan, params, expected
):
    response = client.get("/papers/", {**params, "per_page": 50})

    assert titles(response) == expected
    assert response.context["page"].paginator.count == len(expected)
    assert response.context["filter"].common_search is (plan == "common" and bool(expected))


@postgres_only
def test_common_search_pages_newest_first(client, policy_papers, plan):
    pages = [
        titles(client.get("/papers/", {"q": "policy", "per_page": 5, "page": page}))
        for page in (1, 2, 3)
    ]

    assert pages == [
        [f"Study {n}" for n in (10, 9, 8, 7, 6)],
        [f"Study {n}" for n in (5, 4, 3, 2, 1)],
        ["Study 0", "Policy first"],
    ]


def test_only_words_in_many_of_the_newest_papers_make_a_common_search(policy_papers, monkeypatch):
    monkeypatch.setattr("core.fulltext.COMMON_MATCHES", 5)

    def common(q: str) -> bool:
        filterset = PaperFilter(QueryDict(mutable=True) | {"q": q}, Paper.objects.all())
        filterset.qs  # noqa: B018 -- runs the filters
        return filterset.common_search

    # On SQLite there is one plan, never "common".
    assert common("policy") is (connection.vendor == "postgresql")  # 12 of 15 papers
    assert common("other") is False  # 3 papers
    assert common("quokka") is False
    assert common("2601.00001") is False  # an arXiv id


@postgres_only
def test_common_search_queries_are_bounded(
    client, policy_papers, monkeypatch, django_assert_max_num_queries
):
    monkeypatch.setattr("core.fulltext.COMMON_MATCHES", 0)

    # The sample that judges the words, the count, the topic and organisation lists, the
    # page and its topics; the first time, the chart of papers per month (four: newest and
    # oldest dates, any undated paper, the months; then cached for this filter until the
    # library changes); and the cache versions' one read.
    with django_assert_max_num_queries(6 + 4 + 1):
        client.get("/papers/", {"q": "policy", "per_page": 100})
    with django_assert_max_num_queries(6):
        client.get("/papers/", {"q": "policy", "per_page": 50})
