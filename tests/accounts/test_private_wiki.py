"""WIKI_REQUIRE_LOGIN_TO_READ=1 makes a private wiki. The setting is read at start-up, so
one test checks the start-up in a subprocess and the others install the same middleware."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings

PRIVATE_MIDDLEWARE = [
    *settings.MIDDLEWARE[
        : settings.MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1
    ],
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    *settings.MIDDLEWARE[
        settings.MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1 :
    ],
]


@pytest.fixture
def private(settings):
    settings.WIKI_REQUIRE_LOGIN_TO_READ = True
    settings.MIDDLEWARE = PRIVATE_MIDDLEWARE


@pytest.mark.parametrize("path", ["/", "/wiki/", "/papers/", "/search/?q=x", "/review/"])
def test_private_wiki_sends_anonymous_readers_to_login(client, db, private, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_private_wiki_still_answers_health_checks_and_login(client, db, private):
    assert client.get("/healthz").status_code == 200
    assert client.get("/accounts/login/").status_code == 200


def test_private_wiki_api_answers_with_json_not_a_login_page(client, db, private):
    response = client.get("/api/papers/")
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/json")
    token_page = client.get("/api/tokens/")
    assert token_page.status_code == 302  # the token page itself needs a login


def test_private_wiki_serves_signed_in_readers(client, contributor, private):
    client.force_login(contributor)
    assert client.get("/wiki/").status_code == 200


def test_public_wiki_by_default(client, db):
    assert client.get("/wiki/").status_code == 200


def test_setting_installs_the_login_required_middleware():
    env = {**os.environ, "DEBUG": "1", "WIKI_REQUIRE_LOGIN_TO_READ": "1"}
    code = "from django.conf import settings; print(settings.MIDDLEWARE)"
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "django.contrib.auth.middleware.LoginRequiredMiddleware" in out
