"""A newcomer running the site in development meets the site's own error pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_mistyped_address_in_development_offers_search_and_home(
    page: Page, live_server, settings, width
):
    settings.DEBUG = True
    page.set_viewport_size({"width": width, "height": 900})

    response = page.goto(f"{live_server.url}/wiki/godel-incompletenes/")

    assert response.status == 404
    expect(page.get_by_role("heading", name="No page here")).to_be_visible()
    expect(page.get_by_text("Using the URLconf")).to_have_count(0)
    page.get_by_label("Search the wiki").fill("Reward")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/search/?q=Reward")
    page.go_back()
    expect(page.locator(".site-header a.brand")).to_be_visible()
