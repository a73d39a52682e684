"""The "Source paper" field: a paper is found by typing and picked with the keyboard or
the mouse, an exact title typed without picking is accepted, and a paper the library lacks
can be added without losing the entry being written."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from entries.models import Entry
from tests.factories import PaperFactory, UserFactory, make_concept


def _start(page: Page, live_server, login) -> Page:
    UserFactory(username="cora", role="Contributor")
    page.console = []
    page.on("console", lambda m: page.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console.append(f"pageerror: {e}"))
    login("cora")
    page.goto(f"{live_server.url}/entries/new/")
    page.get_by_label("Headline").fill("Process rewards, read closely")
    page.get_by_label("Claim", exact=True).fill("Step labels beat outcome labels.")
    return page


def test_pick_a_paper_with_the_keyboard(page: Page, live_server, login):
    PaperFactory(title="Outcome Rewards Are Enough", authors="Grace Hopper")
    wanted = PaperFactory(
        arxiv_id="2601.04211", title="Step Labels at Scale", authors="Ada Lovelace"
    )
    _start(page, live_server, login)
    field = page.get_by_role("combobox", name="Source paper")

    field.press_sequentially("lovelace", delay=30)
    listbox = page.get_by_role("listbox", name="Matching papers")
    expect(listbox.get_by_role("option")).to_have_count(1)
    expect(field).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("status").filter(has_text="1 paper found")).to_have_count(1)
    field.press("ArrowDown")
    expect(field).to_have_attribute("aria-activedescendant", "claims-0-paper-option-0")
    expect(listbox.get_by_role("option").first).to_have_attribute("aria-selected", "true")
    field.press("Enter")

    expect(field).to_have_value(wanted.arxiv_id)
    expect(field).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#claims-0-paper-picked")).to_contain_text("Step Labels at Scale")
    page.get_by_role("button", name="Save draft").click()
    expect(page.get_by_text("Draft saved.")).to_be_visible()
    assert Entry.objects.get().claims.get().paper == wanted
    assert page.console == []


def test_pick_a_paper_with_the_mouse_and_escape_closes(page: Page, live_server, login):
    wanted = PaperFactory(title="Calibrated Rubric Rewards", doi="10.5555/rubric.1")
    _start(page, live_server, login)
    field = page.get_by_role("combobox", name="Source paper")

    field.press_sequentially("10.5555/rubric", delay=20)
    expect(page.get_by_role("option")).to_have_count(1)
    field.press("Escape")
    expect(page.get_by_role("listbox", name="Matching papers")).to_be_hidden()
    field.press("ArrowDown")
    page.get_by_role("option", name=re.compile("Calibrated Rubric Rewards")).click()

    expect(field).to_have_value(wanted.arxiv_id)
    expect(field).to_be_focused()
    assert page.console == []


def test_exact_title_typed_without_picking_is_accepted(page: Page, live_server, login):
    wanted = PaperFactory(title="Which Way Should the KL Point?")
    PaperFactory(title="Which Way Should the KL Point? A Reply")
    _start(page, live_server, login)
    field = page.get_by_role("combobox", name="Source paper")

    field.fill("which way should the KL point?")
    page.get_by_role("button", name="Save draft").click()

    expect(page.get_by_text("Draft saved.")).to_be_visible()
    assert Entry.objects.get().claims.get().paper == wanted


def test_add_this_paper_when_none_matches_keeps_the_entry(page: Page, live_server, login):
    make_concept("Reward Models")
    _start(page, live_server, login)
    field = page.get_by_role("combobox", name="Source paper")

    field.press_sequentially("A Paper Nobody Added", delay=10)
    add = page.get_by_role("link", name="Add this paper")
    expect(add).to_be_visible()
    with page.context.expect_page() as opened:
        add.click()
    new_tab = opened.value
    new_tab.wait_for_load_state()

    expect(new_tab.locator("#id_title")).to_have_value("A Paper Nobody Added")
    expect(page.get_by_label("Claim", exact=True)).to_have_value("Step labels beat outcome labels.")
    expect(page.get_by_label("Headline")).to_have_value("Process rewards, read closely")
    assert page.console == []


def test_entry_form_logs_nothing_for_an_editor(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    PaperFactory(title="Step Labels at Scale")
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    login("erin")
    page.goto(f"{live_server.url}/entries/new/")

    page.get_by_role("combobox", name="Source paper").press_sequentially("step", delay=20)
    expect(page.locator("#claims-0-paper-listbox").get_by_role("option")).to_have_count(1)
    page.get_by_role("button", name="+ Add claim").click()
    page.locator(".claim-form").nth(1).get_by_role("combobox", name="Source paper").fill("x")
    page.wait_for_load_state("networkidle")

    assert console == []
