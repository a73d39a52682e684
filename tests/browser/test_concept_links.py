"""Key papers, related concepts and aliases edited in a real browser: the paper picker,
moving rows, the chip picker driven by typing, and a contributor's change in review."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, UserFactory, make_concept


def test_editor_edits_key_papers_aliases_and_related(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    UserFactory(username="eddie", role="Editor")
    UserFactory(username="cora", role="Contributor")
    concept = make_concept("Reward Modeling", body="Intro.\n")
    make_concept("Process Supervision")
    make_concept("Knowledge Distillation")
    hopper = PaperFactory(
        title="Rubrics at Scale", authors="Grace Hopper, Jean Sammet", published=dt.date(2025, 3, 1)
    )
    older = PaperFactory(arxiv_id="2401.00001", title="An Older Baseline")
    login("erin")
    page.goto(f"{live_server.url}/wiki/{concept.slug}/edit/")

    # The first row: a paper found by its author's name through the picker, with a note.
    first = page.get_by_label("Paper", exact=True).first
    first.press_sequentially("Hopper")
    option = page.locator("#key_papers-0-paper-listbox").get_by_role("option")
    expect(option).to_have_count(1)
    expect(option).to_contain_text("Rubrics at Scale")
    expect(option).to_contain_text("Grace Hopper, Jean Sammet · 2025 · read: full text")
    option.click()
    expect(first).to_have_value(hopper.arxiv_id)
    page.get_by_label("Note", exact=True).first.fill("Where rubric rewards start")
    # The second row by arXiv id, then moved above the first.
    page.get_by_label("Paper", exact=True).nth(1).fill(older.arxiv_id)
    page.locator("[data-key-paper-row]").first.get_by_role("button", name="Move down").click()
    expect(page.get_by_role("status").last).to_contain_text("to position 2")

    page.get_by_label("Aliases").fill("RM\nReward models")

    # Related concepts: type to filter, Enter picks, Backspace takes the last chip back.
    related = page.get_by_label("Type to filter")
    related.press_sequentially("knowl")
    related.press("Enter")
    expect(page.get_by_role("button", name="Remove Knowledge Distillation")).to_be_visible()
    related.press("Backspace")
    expect(page.get_by_role("button", name="Remove Knowledge Distillation")).to_have_count(0)
    related.press_sequentially("process")
    related.press("Enter")
    expect(page.get_by_role("button", name="Remove Process Supervision")).to_be_visible()
    page.get_by_label("Edit summary").fill("Key papers and names")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page).to_have_url(f"{live_server.url}/wiki/{concept.slug}/")
    keys = page.locator(".key-paper-list > li")
    expect(keys).to_have_count(2)
    expect(keys.nth(0)).to_contain_text("An Older Baseline")
    expect(keys.nth(1)).to_contain_text(hopper.title)
    expect(keys.nth(1)).to_contain_text("Where rubric rewards start")
    expect(page.locator(".aliases")).to_contain_text("Reward models")
    related_card = page.locator("section", has=page.get_by_role("heading", name="Related concepts"))
    expect(related_card.get_by_role("link", name="Process Supervision")).to_be_visible()
    expect(related_card.get_by_role("link", name="Knowledge Distillation")).to_have_count(0)

    # A contributor's change waits for review, where an editor reads it in words.
    page.context.clear_cookies()
    login("cora")
    page.goto(f"{live_server.url}/wiki/{concept.slug}/edit/")
    page.get_by_label("Aliases").fill("RM\nReward models\nPreference models")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status").first).to_contain_text("waiting for an editor's review")
    expect(page.locator(".aliases")).not_to_contain_text("Preference models")
    page.context.clear_cookies()
    login("eddie")
    page.goto(f"{live_server.url}/review/")
    expect(page.locator(".pending-revision")).to_contain_text("Added alias “Preference models”.")
