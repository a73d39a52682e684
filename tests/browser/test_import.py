from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from entries.models import Entry
from tests.factories import UserFactory

SAMPLES = Path(__file__).resolve().parent.parent / "importer" / "samples"


def test_editor_imports_files_and_sees_the_summary(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    login("erin")
    page.goto(live_server.url + "/import/")
    page.get_by_label("Files", exact=True).set_input_files(
        [SAMPLES / "tool_use_curriculum.txt", SAMPLES / "agent_news.txt"]
    )
    page.get_by_role("button", name="Import").click()

    results = page.locator("#import-results")
    expect(results.get_by_role("heading", name="Import finished")).to_be_visible()
    expect(results.get_by_role("link", name="Tool-Use Curriculum")).to_be_visible()
    expect(results.get_by_role("row", name="entries 7 0 0")).to_be_visible()
    assert Entry.objects.pending().count() == 7

    results.get_by_role("link", name="Tool-Use Curriculum").click()
    expect(page.get_by_role("heading", name="Tool-Use Curriculum", level=1)).to_be_visible()


def test_editor_sees_a_bad_file_error_in_place(page: Page, live_server, login, tmp_path):
    UserFactory(username="erin", role="Editor")
    bad = tmp_path / "notes.txt"
    bad.write_text("A page\n\nState of the Art (2026-02-31)\n\nText.\n")
    login("erin")
    page.goto(live_server.url + "/import/")
    page.get_by_label("Files", exact=True).set_input_files([bad, SAMPLES / "agent_news.txt"])
    page.get_by_label("Dry run").check()
    page.get_by_role("button", name="Import").click()

    results = page.locator("#import-results")
    expect(results.get_by_role("heading")).to_have_text("Dry run: nothing was saved")
    expect(results.get_by_role("alert")).to_contain_text("Line 3: unparseable date “2026-02-31”")
    expect(results).to_contain_text("agent_news.txt")
    assert Entry.objects.count() == 0
