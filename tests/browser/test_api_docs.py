"""The API's interactive docs render from local files, and a token made on the tokens page
works in them."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.factories import UserFactory


def _collect_problems(page: Page) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    # A request the browser itself cancels when the page navigates on (the favicon of a
    # page being left) is no failure of the site.
    page.on(
        "requestfailed",
        lambda r: None if r.failure == "net::ERR_ABORTED" else problems.append(f"failed: {r.url}"),
    )
    return problems


def test_api_docs_list_the_operations(page: Page, live_server):
    problems = _collect_problems(page)

    page.goto(f"{live_server.url}/api/docs")

    expect(page.get_by_role("heading", name="Research Wiki API", exact=True)).to_be_visible()
    operations = page.locator(".opblock-summary-path")
    expect(operations.filter(has_text="/api/v1/entries/{entry_id}/transitions/")).to_be_visible()
    expect(operations.filter(has_text="/api/v1/claims/{claim_id}/evidence/")).to_be_visible()
    expect(operations.filter(has_text="/api/v1/results/")).to_be_visible()
    expect(operations).to_have_count(15)
    assert problems == []


def test_api_docs_try_a_token_from_the_tokens_page(page: Page, live_server, login):
    UserFactory(username="cora", role="Contributor")
    problems = _collect_problems(page)
    login("cora")

    page.goto(f"{live_server.url}/api/tokens/")
    page.get_by_label("Token name").fill("notes pipeline")
    page.get_by_role("button", name="Create token").click()
    secret = page.get_by_role("textbox", name="Your new token").input_value()
    assert re.fullmatch(r"rw_[\w-]{40,}", secret)

    page.goto(f"{live_server.url}/api/docs")
    page.get_by_role("button", name="Authorize").first.click()
    page.locator(".auth-container input").fill(secret)
    page.get_by_role("button", name="Apply credentials").click()
    page.locator(".modal-ux .btn-done").click()
    me = page.locator("#operations-account-me")
    me.locator(".opblock-summary").click()
    me.get_by_role("button", name="Try it out").click()
    me.get_by_role("button", name="Execute").click()

    answer = me.locator(".live-responses-table tbody")
    expect(answer.locator(".response-col_status")).to_contain_text("200")
    expect(answer).to_contain_text('"username": "cora"')
    assert problems == []
