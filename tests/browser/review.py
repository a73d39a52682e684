"""What an editor does in the review queue before approving, shared by the journeys."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def results_decided(page: Page, entry_pk: int, *, decision: str = "Discard") -> int:
    """Decide every result the entry's claims propose, one button at a time as an editor
    does (each decision reloads the queue); how many were decided."""
    decided = 0
    while True:
        item = page.locator(f"#entry-{entry_pk}")
        if item.get_attribute("open") is None:
            item.locator("summary").first.click()
        expect(item.locator(".claim-review").first).to_be_visible()
        proposed = item.locator('li[data-status="proposed"]')
        if proposed.count() == 0:
            return decided
        proposed.first.get_by_role("button", name=decision).click()
        expect(page.get_by_text(re.compile(r"Result (discarded|confirmed)\."))).to_be_visible()
        decided += 1


def save_marks(claim: Locator) -> None:
    """Press the "Save marks" of the entry that holds ``claim``: one save for its claims."""
    review = claim.locator(
        "xpath=ancestor::*[contains(concat(' ', @class, ' '), ' entry-review ')]"
    )
    review.locator(".marks-bar").get_by_role("button", name="Save marks").click()
