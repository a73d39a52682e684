"""A contributor's new page: the form has the fields an edit has, the button says what
saving does for them, and one banner says the page waits for review."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import UserFactory, make_concept
from wiki.models import Concept


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_contributor_proposes_a_page_with_aliases_and_sees_one_banner(
    page: Page, live_server, login, width
):
    UserFactory(username="cora", role="Contributor")
    make_concept("Reward Modeling")
    page.set_viewport_size({"width": width, "height": 900})
    login("cora")
    page.goto(f"{live_server.url}/wiki/new/")

    page.get_by_label("Title", exact=True).fill("Gödel Machines")
    page.get_by_label("Summary", exact=True).fill("Self-improving programs.")
    page.get_by_label("Body").fill("Programs that rewrite themselves.")
    page.get_by_label("Related concepts").select_option(label="Reward Modeling")
    page.get_by_label("Aliases").fill("Goedel machine")
    expect(page.get_by_role("group", name="Key papers")).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page.get_by_role("heading", name="Gödel Machines")).to_be_visible()
    banners = page.locator(".messages, .wiki-notice").filter(has_text="waiting")
    expect(banners).to_have_count(1)
    revision = Concept.objects.get(title="Gödel Machines").revisions.get()
    assert revision.links["aliases"] == ["Goedel machine"]
