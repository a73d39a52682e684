from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, make_concept


def test_type_in_search_and_open_a_result_with_the_keyboard(page: Page, live_server):
    make_concept("Reward Modeling", summary="Scoring outputs of a policy.")
    PaperFactory(title="Rubric rewards for agents", arxiv_id="2601.04211")
    page.goto(live_server.url + "/search/")
    box = page.get_by_label("Search concepts, papers and entries")
    box.press_sequentially("rewar", delay=30)
    results = page.locator("#search-results .hit-link")
    expect(results).to_have_count(2)
    expect(page).to_have_url(re.compile(r"/search/\?q=rewar"))
    box.press("ArrowDown")
    box.page.keyboard.press("ArrowDown")
    expect(results.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/papers/2601\.04211/$"))


def test_header_search_box_submits_to_search_page(page: Page, live_server):
    make_concept("Process Supervision")
    page.goto(live_server.url + "/")
    page.get_by_label("Quick find").fill("process")
    page.keyboard.press("Enter")
    expect(page.locator("#search-results")).to_contain_text("Process Supervision")
