"""Past its rate limit a client gets 429 with Retry-After, per person or per address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from api.throttling import check_rates, parse_rate


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def test_anonymous_reader_is_limited_per_address(client, db, settings):
    settings.API_RATE_LIMIT_ANONYMOUS = "3/min"
    statuses = [client.get("/api/papers/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = client.get("/api/papers/")
    assert refused.json()["detail"].startswith("Too many requests")
    assert 1 <= int(refused["Retry-After"]) <= 60
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.get("/api/papers/").status_code == 200


def test_a_new_forwarded_address_per_request_does_not_reset_the_count(client, db, settings):
    settings.API_RATE_LIMIT_ANONYMOUS = "3/min"

    statuses = [
        client.get("/api/papers/", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code
        for i in range(4)
    ]

    assert statuses == [200, 200, 200, 429]


def test_a_victims_address_in_the_header_leaves_the_victims_count_alone(client, db, settings):
    settings.API_RATE_LIMIT_ANONYMOUS = "3/min"
    victim = Client(REMOTE_ADDR="192.0.2.50")
    for _ in range(5):
        client.get("/api/papers/", HTTP_X_FORWARDED_FOR="192.0.2.50")

    assert victim.get("/api/papers/").status_code == 200


def test_behind_a_proxy_the_address_it_appended_is_counted(db, settings):
    settings.API_RATE_LIMIT_ANONYMOUS = "2/min"
    settings.TRUSTED_PROXY_HOPS = 1
    proxy = Client(REMOTE_ADDR="10.0.0.1")

    # The client forges an entry; the proxy appends the address it really saw.
    forged = [
        proxy.get("/api/papers/", HTTP_X_FORWARDED_FOR=f"192.0.2.{i}, 203.0.113.9").status_code
        for i in range(3)
    ]
    somebody_else = proxy.get("/api/papers/", HTTP_X_FORWARDED_FOR="203.0.113.10")

    assert forged == [200, 200, 429]
    assert somebody_else.status_code == 200


def test_token_requests_are_limited_per_person_not_by_the_anonymous_limit(
    client, db, settings, contributor, other_contributor, auth
):
    settings.API_RATE_LIMIT_ANONYMOUS = "1/min"
    settings.API_RATE_LIMIT_TOKEN = "3/min"
    mine, theirs = auth(contributor), auth(other_contributor)
    statuses = [client.get("/api/papers/", **mine).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert client.get("/api/papers/", **theirs).status_code == 200
    assert client.get("/api/papers/").status_code == 200  # the address's own allowance


def test_no_limit_when_the_setting_is_empty(client, db, settings):
    settings.API_RATE_LIMIT_ANONYMOUS = ""
    assert {client.get("/api/papers/").status_code for _ in range(30)} == {200}


@pytest.mark.parametrize(
    ("rate", "parsed"), [("600/min", (600, 60)), ("5/s", (5, 1)), ("1000/day", (1000, 86400))]
)
def test_rates_read_as_count_per_period(rate, parsed):
    assert parse_rate(rate) == parsed


def test_an_unreadable_rate_stops_the_site_at_start(settings):
    settings.API_RATE_LIMIT_TOKEN = "lots"
    settings.API_RATE_LIMIT_ANONYMOUS = "10/fortnight"
    errors = check_rates()
    assert [e.id for e in errors] == ["api.E001", "api.E001"]
    assert "API_RATE_LIMIT_TOKEN='lots'" in errors[0].msg
