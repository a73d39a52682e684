from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

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
