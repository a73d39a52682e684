"""A feed opened in Chromium reads as a page, at desktop and phone widths."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from entries.models import EntryStatus
from tests.factories import EntryFactory, make_concept


@pytest.fixture
def library(db):
    topic = make_concept("Reward Modeling")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, headline="Rubrics beat scalar rewards")
    entry.topics.add(topic)


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_feed_opened_in_a_browser_reads_as_a_page(
    page: Page,
    live_server,
    library,
    width,
):
    page.set_viewport_size({"width": width, "height": 900})

    page.goto(live_server.url + "/feeds/entries/", wait_until="load")

    title = page.locator("entry > title")
    expect(title).to_have_text("Rubrics beat scalar rewards")
    assert title.evaluate("e => getComputedStyle(e).display") == "block"
    assert page.locator("entry > summary").evaluate("e => getComputedStyle(e).display") == "none"
    note = page.evaluate("getComputedStyle(document.documentElement, '::before').content")
    assert "This is a feed." in note
    box = page.locator("entry").first.bounding_box()
    assert box["x"] + box["width"] <= width  # no sideways scrolling on a phone
