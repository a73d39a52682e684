"""The Content-Security-Policy is on in the browser, and no page or htmx swap breaks it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import UserFactory, build_world

CSP_WORDS = re.compile(r"content security policy|content-security-policy|refused to", re.I)
# Records every violation the browser reports, whether or not it reaches the console.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


@pytest.fixture
def watched(page: Page):
    """The page, with every console message and violation kept for the test to check."""
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.add_init_script(LISTEN)
    page.csp_messages = messages
    return page


def _violations(page: Page) -> list[str]:
    found = [m for m in page.csp_messages if CSP_WORDS.search(m) or m.startswith("pageerror")]
    return found + page.evaluate("window.__cspViolations || []")


def _visit(page: Page, url: str) -> list[str]:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return _violations(page)


@pytest.fixture
def site(live_server):
    editor = UserFactory(username="erin", role="Editor")
    contributor = UserFactory(username="cora", role="Contributor")
    other_editor = UserFactory(username="eddie", role="Editor")
    world = build_world(editor=editor, contributor=contributor, other_editor=other_editor)
    return live_server.url, world


def test_policy_header_reaches_the_browser(watched: Page, site):
    base, _ = site

    response = watched.goto(base + "/")

    assert "script-src 'self'" in response.headers["content-security-policy"]


def test_anonymous_pages_load_without_violations(watched: Page, site):
    base, world = site
    pages = [
        "/",
        "/wiki/",
        world.concept.get_absolute_url(),
        world.concept.get_absolute_url() + "history/",
        world.concept.get_absolute_url() + "diff/?a=1&b=2",
        "/papers/",
        world.paper.get_absolute_url(),
        world.published.get_absolute_url(),
        "/topics/",
        f"/topics/{world.concept.slug}/",
        "/search/?q=reward",
        "/changes/",
        "/accounts/login/",
    ]

    found = {path: _visit(watched, base + path) for path in pages}

    assert {path: v for path, v in found.items() if v} == {}


def test_htmx_interactions_run_under_the_policy(watched: Page, site, login):
    base, world = site
    login("erin")

    # Live filtering of the papers list (an htmx GET with an indicator).
    watched.goto(base + "/papers/")
    watched.get_by_label("Search", exact=True).fill("Scaling")
    expect(watched.locator("#results")).to_contain_text("Scaling Reward Models")
    # The concept editor's live preview (an htmx POST with the CSRF header).
    watched.goto(base + world.concept.get_absolute_url() + "edit/")
    watched.get_by_label("Body").fill("# Preview me\n\nSome *new* text.")
    expect(watched.locator("#preview")).to_contain_text("Preview me")
    # Search as you type.
    watched.goto(base + "/search/?q=reward")
    watched.locator("#search-q").fill("scaling")
    watched.wait_for_load_state("networkidle")

    assert _violations(watched) == []


def test_editor_pages_load_without_violations(watched: Page, site, login):
    base, world = site
    login("erin")
    pages = [
        "/review/",
        "/import/",
        "/papers/new/",
        "/entries/new/",
        "/entries/mine/",
        world.pending["cora"].get_absolute_url(),
        world.concept.get_absolute_url() + "edit/",
    ]

    found = {path: _visit(watched, base + path) for path in pages}

    assert {path: v for path, v in found.items() if v} == {}


def test_an_inline_style_would_be_reported(watched: Page, site):
    """The check itself works: a style attribute written into the page is a violation."""
    base, _ = site
    watched.goto(base + "/")

    watched.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<p style=\"color:red\">x</p>')"
    )
    watched.wait_for_timeout(200)

    assert any("style-src" in v for v in _violations(watched))
