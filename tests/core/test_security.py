"""Every kind of page carries the security headers, and no page needs an inline script."""

from __future__ import annotations

import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# (page kind, who looks, address) — one of every kind of page the site serves.
PAGES = [
    ("home", None, lambda w: "/"),
    ("concept index", None, lambda w: "/wiki/"),
    ("concept", None, lambda w: w.concept.get_absolute_url()),
    ("concept history", None, lambda w: f"{w.concept.get_absolute_url()}history/"),
    ("concept edit", "editor", lambda w: f"{w.concept.get_absolute_url()}edit/"),
    ("papers list", None, lambda w: "/papers/"),
    ("paper", None, lambda w: w.paper.get_absolute_url()),
    ("add paper", "editor", lambda w: "/papers/new/"),
    ("entry", None, lambda w: w.published.get_absolute_url()),
    ("entry editor", "contributor", lambda w: "/entries/new/"),
    ("review", "editor", lambda w: "/review/"),
    ("topics", None, lambda w: "/topics/"),
    ("topic", None, lambda w: f"/topics/{w.concept.slug}/"),
    ("feed", None, lambda w: f"/topics/{w.concept.slug}/feed/"),
    ("search", None, lambda w: "/search/?q=reward"),
    ("changes", None, lambda w: "/changes/"),
    ("login", None, lambda w: "/accounts/login/"),
    ("import", "editor", lambda w: "/import/"),
    ("healthz", None, lambda w: "/healthz"),
]


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {d[0]: d[1:] for d in directives}


class _InlineCode(HTMLParser):
    """Collects what a strict policy would block: inline scripts, event-handler and
    ``hx-on`` attributes, ``javascript:`` links and ``style`` attributes or elements."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script":
            self._in_script = "src" not in names
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs:
            if name.startswith("on") or name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"<{tag} {name}=…>")
            if name == "style":
                self.found.append(f"<{tag} style=…>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}=javascript:…>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append(f"inline <script>: {data.strip()[:60]}")


@pytest.mark.parametrize(("kind", "who", "address"), PAGES, ids=[p[0] for p in PAGES])
def test_page_kind_carries_security_headers(client, world, editor, contributor, kind, who, address):
    if who:
        client.force_login({"editor": editor, "contributor": contributor}[who])

    response = client.get(address(world))

    assert response.status_code == 200
    policy = _policy(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:", "https:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.parametrize(("kind", "who", "address"), PAGES, ids=[p[0] for p in PAGES])
def test_page_kind_has_no_inline_code(client, world, editor, contributor, kind, who, address):
    if who:
        client.force_login({"editor": editor, "contributor": contributor}[who])
    response = client.get(address(world))
    if not response["Content-Type"].startswith("text/html"):
        pytest.skip("not an HTML page")
    parser = _InlineCode()

    parser.feed(response.content.decode())

    assert parser.found == []


def test_page_served_from_the_page_cache_keeps_the_headers(client, world):
    first = client.get(world.concept.get_absolute_url())
    second = client.get(world.concept.get_absolute_url())

    assert (first["X-Page-Cache"], second["X-Page-Cache"]) == ("miss", "hit")
    assert second["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert second["X-Frame-Options"] == "DENY"


def test_base_template_configures_htmx_for_the_policy(client, db):
    html = client.get("/accounts/login/").content.decode()

    assert (
        '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, '
        '"allowEval": false, "allowScriptTags": false}\'>'
    ) in html


def test_static_css_styles_the_htmx_indicator_itself():
    """With includeIndicatorStyles off, htmx's indicator needs our own rules."""
    css = (ROOT / "static" / "css" / "app.css").read_text()

    assert ".htmx-indicator" in css
    assert ".htmx-request .htmx-indicator" in css


PRODUCTION_PROBE = """
import django
django.setup()
from django.conf import settings
from django.test import Client
response = Client().get("/accounts/login/", secure=True, headers={"host": "wiki.example.org"})
cookie = response.cookies["csrftoken"]
print(response.status_code, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE,
      settings.SESSION_COOKIE_HTTPONLY, bool(cookie["secure"]),
      response.get("Strict-Transport-Security", ""))
insecure = Client().get("/accounts/login/", headers={"host": "wiki.example.org"})
print(insecure.status_code, insecure.get("Location", ""))
"""


def _production_env() -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SECURE_", "SESSION_", "CSRF_", "DATABASE_URL"))
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="x" * 60 + "-a-long-random-production-key",
        ALLOWED_HOSTS="wiki.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL="sqlite:///:memory:",
    )
    return env


def test_production_cookies_are_secure_and_https_is_enforced(tmp_path):
    # Production pages name their static files through collectstatic's manifest.
    env = {**_production_env(), "STATIC_ROOT": str(tmp_path / "static")}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )
    result = subprocess.run(
        [sys.executable, "-c", PRODUCTION_PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    secure_line, insecure_line = result.stdout.strip().splitlines()[-2:]

    assert secure_line == "200 True True True True max-age=31536000; includeSubDomains; preload"
    assert insecure_line == "301 https://wiki.example.org/accounts/login/"


def test_production_settings_pass_the_deploy_check():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stdout + result.stderr
