"""Settings an operator gives through the environment, and the health check behind HTTPS."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import email_settings, site_url
from tests.deploy.conftest import ROOT


@pytest.fixture
def production_hosts(settings):
    settings.ALLOWED_HOSTS = ["wiki.example.org"]
    settings.SECURE_SSL_REDIRECT = True


def test_healthz_answers_the_servers_own_address_over_plain_http(client, db, production_hosts):
    response = client.get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert (response.status_code, response.content) == (200, b"ok")
    assert "no-cache" in response["Cache-Control"]


def test_other_pages_still_check_the_host_and_redirect_to_https(client, db, production_hosts):
    assert client.get("/wiki/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    redirect = client.get("/wiki/", HTTP_HOST="wiki.example.org")
    assert (redirect.status_code, redirect["Location"]) == (301, "https://wiki.example.org/wiki/")
    # Only the exact path is spared: a look-alike is checked like any page.
    assert client.get("/healthz/", HTTP_HOST="127.0.0.1:8000").status_code == 400


def test_email_url_with_starttls_and_encoded_credentials():
    assert email_settings("smtp://wiki%40example.org:p%3Ass@mail.example.org:2525?tls=1") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "wiki@example.org",
        "EMAIL_HOST_PASSWORD": "p:ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }


def test_email_url_smtps_means_implicit_tls_on_port_465():
    values = email_settings("smtps://user:secret@mail.example.org")
    assert (values["EMAIL_PORT"], values["EMAIL_USE_SSL"], values["EMAIL_USE_TLS"]) == (
        465,
        True,
        False,
    )


@pytest.mark.parametrize(
    "url",
    [
        "http://mail.example.org",
        "smtp://",
        "smtp://mail.example.org:port",
        "smtp://mail.example.org?tls=maybe",
        "smtps://mail.example.org?tls=1",
    ],
)
def test_bad_email_url_is_refused(url):
    with pytest.raises(ImproperlyConfigured):
        email_settings(url)


@pytest.mark.parametrize(
    "value", ["https://wiki.example.org", "http://127.0.0.1:8000", "https://example.org/wiki"]
)
def test_site_url_accepted(value):
    assert site_url(value) == value


@pytest.mark.parametrize(
    "value", ["https://wiki.example.org/", "wiki.example.org", "ftp://x.org", "https://x.org?a=1"]
)
def test_site_url_refused(value):
    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        site_url(value)


def _check(**env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**os.environ, "DEBUG": "1", **env},
        capture_output=True,
        text=True,
    )


def test_a_bad_site_url_stops_the_server_at_start_with_a_clear_message():
    result = _check(SITE_URL="https://wiki.example.org/")
    assert result.returncode != 0
    assert "SITE_URL must look like https://wiki.example.org (no trailing slash)" in result.stderr


def test_cache_url_must_name_redis():
    result = _check(CACHE_URL="memcached://127.0.0.1:11211")
    assert result.returncode != 0
    assert "CACHE_URL must be a redis://" in result.stderr


def test_scheduled_backups_refuse_a_period_too_short_with_a_clear_message(tmp_path):
    result = _check(BACKUPS_DIR=str(tmp_path), BACKUPS_EVERY_SECONDS="5")
    assert result.returncode != 0
    assert "BACKUPS_EVERY_SECONDS must be 60 or more" in result.stderr
    assert _check(BACKUPS_DIR=str(tmp_path)).returncode == 0
