"""Password-reset mail is limited per email address and per client, and the answers never
tell an address with an account from one without (issue #27, item 5)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limits(settings):
    cache.clear()
    settings.PASSWORD_RESET_RATE_PER_ADDRESS = "3/h"
    settings.PASSWORD_RESET_RATE_PER_CLIENT = "10/h"
    yield
    cache.clear()


def _reset(client, address: str, client_ip: str = "203.0.113.5"):
    return client.post("/accounts/password_reset/", {"email": address}, REMOTE_ADDR=client_ip)


def test_reset_mail_to_one_address_stops_after_the_limit(client, contributor, smtp_outbox):
    statuses = [_reset(client, "cora@example.org").status_code for _ in range(20)]

    assert statuses == [302] * 3 + [429] * 17
    assert len(smtp_outbox.messages) == 3


def test_the_limit_says_when_to_try_again_and_that_nothing_was_sent(client, contributor):
    for _ in range(3):
        _reset(client, "cora@example.org")

    response = _reset(client, "Cora@Example.org")  # the same address, however spelled

    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "no email was sent" in response.content.decode()


def test_an_address_without_an_account_gets_the_same_answers(client, contributor, smtp_outbox):
    known = [_reset(client, "cora@example.org", "203.0.113.5") for _ in range(5)]
    unknown = [_reset(client, "nobody@example.org", "203.0.113.6") for _ in range(5)]

    assert [r.status_code for r in known] == [r.status_code for r in unknown]
    assert [r.get("Location") for r in known] == [r.get("Location") for r in unknown]

    def page(response) -> str:
        text = response.content.decode().replace("nobody@example.org", "cora@example.org")
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)

    assert page(known[-1]) == page(unknown[-1])


def test_one_client_cannot_mail_many_addresses(client, contributor, smtp_outbox):
    statuses = [_reset(client, f"user{n}@example.org").status_code for n in range(12)]
    assert statuses == [302] * 10 + [429] * 2

    other_client = _reset(client, "cora@example.org", client_ip="198.51.100.7")
    assert other_client.status_code == 302
    assert len(smtp_outbox.messages) == 1
