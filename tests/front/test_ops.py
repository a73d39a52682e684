"""The operations page (staff) and /metrics (a scraper with the token): request latency per
route and the page cache's hit rate, as the answering worker process counted them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from core import metrics
from tests.factories import UserFactory, make_concept

PAGE = "/wiki/reward-modeling/"


@pytest.fixture(autouse=True)
def _fresh_figures():
    for counts in (metrics.requests, metrics.page_cache, metrics.fragment_cache):
        counts.reset()


@pytest.fixture
def staff(db):
    return UserFactory(username="sam", is_staff=True)


def _row(html: str, label: str) -> list[str]:
    """The cells of the table row headed ``label``."""
    head = rf"<tr><th scope=\"row\">(?:<code>)?{re.escape(label)}(?:</code>)?</th>"
    row = re.search(head + r"(.*?)</tr>", html, re.S)
    assert row, f"no row for {label}"
    return re.findall(r"<td class=\"num\">(.*?)</td>", row.group(1))


def test_anonymous_visitors_are_sent_to_log_in(client, db):
    response = client.get("/ops/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/ops/"


def test_people_who_are_not_staff_are_refused(client, editor):
    client.force_login(editor)
    response = client.get("/ops/")
    assert response.status_code == 403
    assert "The operations page is for staff." in response.content.decode()


def test_staff_see_latency_by_route_and_the_page_cache_hit_rate(
    client, staff, django_assert_max_num_queries
):
    make_concept("Reward Modeling")
    visitor = Client()
    for _ in range(4):  # one render, then hits
        assert visitor.get(PAGE).status_code == 200
    visitor.get("/no/such/page/")
    client.force_login(staff)
    client.get("/ops/")  # the session and account in the cache

    with django_assert_max_num_queries(3):
        response = client.get("/ops/")

    html = response.content.decode()
    assert response.status_code == 200
    total, recent, p50, p95, p99, errors = _row(html, "wiki:concept")
    assert (total, recent, errors) == ("4", "4", "0")
    assert float(p50) <= float(p95) <= float(p99)
    assert _row(html, "(unresolved)")[:2] == ["1", "1"]
    assert _row(html, "Whole pages (anonymous)") == ["3", "1", "75%"]
    assert f"process {metrics.process_id()}" in html
    assert response["Cache-Control"].startswith("max-age=0")


def test_metrics_are_not_served_without_a_token_setting(client, db, settings):
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404


def test_metrics_refuse_a_wrong_token(client, db, settings):
    settings.METRICS_TOKEN = "s3cret-scrape-token"
    for headers in ({}, {"Authorization": "Bearer nope"}):
        response = client.get("/metrics", headers=headers)
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == 'Bearer realm="metrics"'


def test_metrics_in_prometheus_text_for_the_token(client, db, settings):
    settings.METRICS_TOKEN = "s3cret-scrape-token"
    make_concept("Reward Modeling")
    Client().get(PAGE)
    Client().get(PAGE)

    response = client.get("/metrics", headers={"Authorization": "Bearer s3cret-scrape-token"})

    text = response.content.decode()
    pid = metrics.process_id()
    assert response["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert f'wiki_requests_total{{route="wiki:concept",pid="{pid}"}} 2' in text
    assert f'wiki_page_cache_hits_total{{pid="{pid}"}} 1' in text
    assert f'wiki_page_cache_misses_total{{pid="{pid}"}} 1' in text
    assert re.search(
        rf'wiki_request_duration_recent_ms{{route="wiki:concept",quantile="0.99",pid="{pid}"}} '
        r"[0-9.]+\n", text,
    )  # fmt: skip
    assert "# TYPE wiki_requests_total counter" in text
