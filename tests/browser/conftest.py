from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.factories import PASSWORD

# The live server shares two cores with the browser: give a page's swap the time a busy
# machine needs before an expectation fails (the default is 5 s).
expect.set_options(timeout=15_000)


@pytest.fixture
def login(page: Page, live_server):
    """Log in through the real login page, as a person would."""

    def _login(username: str, password: str = PASSWORD) -> Page:
        page.goto(f"{live_server.url}/accounts/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_load_state("networkidle")
        return page

    return _login


@pytest.fixture
def new_context(browser: Browser, live_server):
    """``browser.new_context(**options)`` for a test that needs several people at once,
    each context closed when the test ends: a context left open keeps its connections to
    the live server, whose threads would then outlive the test and its database."""
    contexts: list[BrowserContext] = []

    def make(**options) -> BrowserContext:
        context = browser.new_context(**options)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
