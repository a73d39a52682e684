"""The topics picker in a real browser: the spec's "Topics" label names one native
multiple select that Playwright's select_option drives, with or without JavaScript; a
plain click toggles an option and typing filters the list."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from entries.models import Entry
from tests.factories import PASSWORD, UserFactory, make_concept
from wiki.models import Concept


def _new_entry(page: Page, base: str, headline: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("cora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/entries/new/")
    page.get_by_label("Date").fill("2026-09-30")
    page.get_by_label("Headline").fill(headline)
    page.get_by_label("Claim", exact=True).fill("Rubric rewards help agents.")


def _saved_topics(page: Page, headline: str) -> list[str]:
    expect(page.get_by_text("Draft saved.")).to_be_visible()
    return sorted(t.title for t in Entry.objects.get(headline=headline).topics.all())


def test_topics_label_drives_the_select_with_and_without_javascript(new_context, live_server):
    UserFactory(username="cora", role="Contributor")
    for title in ["Reward models", "Process supervision", "Knowledge distillation"]:
        make_concept(title)

    for javascript in (True, False):
        page = new_context(java_script_enabled=javascript).new_page()
        headline = f"Picked by label, script {'on' if javascript else 'off'}"
        _new_entry(page, live_server.url, headline)

        topics = page.get_by_label("Topics")
        expect(topics).to_have_count(1)
        topics.select_option(label="Reward models")
        if javascript:  # the chips follow the select's change event
            expect(page.get_by_role("button", name="Remove Reward models")).to_be_visible()
        topics.select_option(label=["Reward models", "Knowledge distillation"])
        if javascript:
            chosen = page.get_by_role("list", name="Chosen").get_by_role("button")
            expect(chosen).to_contain_text(["Reward models", "Knowledge distillation"])
        page.get_by_role("button", name="Save draft").click()

        assert _saved_topics(page, headline) == ["Knowledge distillation", "Reward models"]
        expect(page.locator(".entry-page .chip")).to_have_count(2)
        page.context.close()


def test_a_click_toggles_a_topic_and_typing_filters(page: Page, live_server):
    UserFactory(username="cora", role="Contributor")
    for title in ["Reward models", "Process supervision", "Knowledge distillation"]:
        make_concept(title)
    _new_entry(page, live_server.url, "Picked by clicks")
    topics = page.get_by_label("Topics")

    # Plain clicks, no Ctrl/⌘: each adds to the choice, a second click takes one back.
    page.get_by_role("option", name="Reward models").click()
    page.get_by_role("option", name="Process supervision").click()
    expect(topics).to_have_values([_pk("Process supervision"), _pk("Reward models")])
    page.get_by_role("option", name="Reward models").click()
    expect(topics).to_have_values([_pk("Process supervision")])
    expect(page.get_by_role("status").filter(has_text="Removed Reward models")).to_have_count(1)

    # Typing hides what does not match; Enter picks the first match; Backspace undoes it.
    box = page.get_by_label("Type to filter")
    box.press_sequentially("distil")
    expect(page.get_by_role("option", name="Reward models")).to_be_hidden()
    expect(page.get_by_role("option", name="Knowledge distillation")).to_be_visible()
    box.press("Enter")
    expect(page.get_by_role("button", name="Remove Knowledge distillation")).to_be_visible()
    expect(page.get_by_role("option", name="Reward models")).to_be_visible()
    box.press("Backspace")
    expect(page.get_by_role("button", name="Remove Knowledge distillation")).to_have_count(0)
    page.get_by_role("button", name="Remove Process supervision").click()
    expect(topics).to_have_values([])

    page.get_by_role("option", name="Knowledge distillation").click()
    page.get_by_role("button", name="Save draft").click()
    assert _saved_topics(page, "Picked by clicks") == ["Knowledge distillation"]


def _pk(title: str) -> str:
    return str(Concept.objects.get(title=title).pk)
