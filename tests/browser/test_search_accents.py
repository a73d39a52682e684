"""Typing without accents finds accented names, and the other way round, at any width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, make_concept

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture
def accented(live_server):
    make_concept("Gödel Machines", summary="Self-improving programs.")
    PaperFactory(title="Reflective practice", authors="Bernhard Schön")
    PaperFactory(title="Plain names", authors="Kurt Godel")
    return live_server.url


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_search_box_finds_goedel_typed_without_accent(page: Page, accented, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(accented + "/search/")

    page.get_by_label("Search concepts, papers and entries").press_sequentially("godel", delay=30)

    results = page.locator("#search-results")
    expect(results).to_contain_text("Gödel Machines")
    expect(results).to_contain_text("Plain names")


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_papers_filter_finds_authors_typed_either_way(page: Page, accented, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(accented + "/papers/")
    if width < 700:
        page.get_by_role("button", name="Filters").click()  # folded on a phone
    search = page.get_by_label("Search", exact=True)

    search.fill("schon")
    expect(page.locator("#results")).to_contain_text("Reflective practice")
    search.fill("Gödel")
    expect(page.locator("#results")).to_contain_text("Plain names")
    expect(page.locator("#results")).not_to_contain_text("Reflective practice")
