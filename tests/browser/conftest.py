from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.factories import PASSWORD


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
