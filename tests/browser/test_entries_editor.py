from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, UserFactory


def test_claim_editor_autocompletes_and_moves_without_losing_text(page: Page, live_server, login):
    UserFactory(username="cora", role="Contributor")
    paper = PaperFactory(arxiv_id="2601.04211", title="Calibrated Rubric Rewards")
    login("cora")
    page.goto(f"{live_server.url}/entries/new/")

    claim = page.locator(".claim-form").nth(0)
    claim.get_by_label("Claim", exact=True).fill("The first claim, typed first.")
    claim.get_by_label("Source paper").press_sequentially("rubric", delay=20)
    options = page.locator("#claims-0-paper-listbox").get_by_role("option")
    expect(options).to_have_count(1)
    expect(options.first).to_have_attribute("data-value", paper.arxiv_id)

    page.get_by_role("button", name="+ Add claim").click()
    page.locator(".claim-form").nth(1).get_by_label("Claim", exact=True).fill("Second, typed.")
    page.locator(".claim-form").nth(1).get_by_role("button", name="Move up").click()

    expect(page.locator(".claim-form").nth(0).get_by_label("Claim", exact=True)).to_have_value(
        "Second, typed."
    )
    expect(page.locator(".claim-form").nth(1).get_by_label("Claim", exact=True)).to_have_value(
        "The first claim, typed first."
    )
    expect(page.locator(".claim-form").nth(1).get_by_label("Source paper")).to_have_value("rubric")
