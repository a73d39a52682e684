"""An editor imports notes; another editor sees why each mark was set and approves."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from entries.models import Entry, EntryStatus, Evidence
from tests.browser.review import results_decided
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).resolve().parents[2] / "importer" / "samples"


def test_editor_approves_an_imported_entry_whose_marks_came_from_the_text(
    page: Page, live_server, login
):
    UserFactory(username="erin", role="Editor")
    UserFactory(username="otto", role="Editor")
    login("erin")
    page.goto(live_server.url + "/import/")
    page.get_by_label("Files", exact=True).set_input_files(
        [SAMPLES / "verifier_free_rewards_feed.txt"]
    )
    page.get_by_role("button", name="Import").click()
    results = page.locator("#import-results")
    expect(results.get_by_role("heading", name="Import finished")).to_be_visible()
    expect(results).to_contain_text("marked from the notes' own words")

    # Four eyes: the importer wrote these entries, so another editor approves them.
    page.context.clear_cookies()
    login("otto")
    # An entry marked by the feed's shape (the item's own words say nothing else).
    entry = Entry.objects.filter(claims__evidence_level="page").order_by("pk").first()
    page.goto(live_server.url + f"/review/#entry-{entry.pk}")
    results_decided(page, entry.pk)  # a figure the item states, proposed as a result
    entry.refresh_from_db()
    first = page.locator(f"details#entry-{entry.pk}")
    if first.get_attribute("open") is None:
        first.locator("summary").click()
    assert set(entry.claims.values_list("evidence", flat=True)) == {Evidence.SECONDARY}
    assert not entry.claims.exclude(marked_by=None).exists()

    reasons = first.locator(".mark-reasons")
    expect(reasons.first).to_contain_text("from the note:")
    expect(reasons.first).to_contain_text("Demo Digest")
    assert reasons.count() == entry.claims.count()
    expect(first.get_by_text("Every claim is marked.")).to_be_visible()

    first.get_by_role("button", name="Approve").click()
    expect(page.get_by_text("Approved: the entry is published.")).to_be_visible()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PUBLISHED

    page.goto(live_server.url + "/review/audit/")
    expect(page.get_by_role("heading", name="Evidence audit")).to_be_visible()
    expect(page.locator(".audit-table")).to_contain_text("from the note:")
