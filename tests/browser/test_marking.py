"""Marking in the review queue, one flow per entry: claims changed with the keyboard or a
suggestion say "Unsaved" (their saved badges struck through), survive leaving the page, and
one "Save marks" saves them together; the page logs nothing to the console meanwhile."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from entries.models import Claim, EntryStatus, Evidence
from papers.models import ReadLevel
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, UserFactory


@pytest.fixture
def queued(db):
    UserFactory(username="erin", role="Editor")
    cora = UserFactory(username="cora", role="Contributor")
    entry = EntryFactory(status=EntryStatus.PENDING, author=cora, headline="Step labels")
    read = PaperFactory(title="Step Labels at Scale", read_level=ReadLevel.FULL_TEXT)
    first = ClaimFactory(entry=entry, position=0, text="Step labels gain 3 points.", paper=read)
    second = ClaimFactory(entry=entry, position=1, text="Labels help on harder tasks.")
    return entry, first, second


@pytest.fixture
def console(page: Page):
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    return messages


def _requests(page: Page, pattern: str) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if re.search(pattern, r.url) else None)
    return sent


def test_mark_an_entry_with_the_keyboard_and_save_once(
    page: Page, live_server, login, queued, console
):
    entry, first, second = queued
    login("erin")
    saves = _requests(page, r"/(marks|mark)/$")
    page.goto(f"{live_server.url}/review/")
    claims = page.locator(f"#entry-{entry.pk} .claim-review")
    bar = page.locator(f"#marks-bar-{entry.pk}")
    approve = page.get_by_role("button", name="Approve")

    page.keyboard.press("j")
    page.keyboard.press("2")
    expect(claims.nth(0)).to_have_class(re.compile("is-unsaved"))
    expect(claims.nth(0).locator(".unsaved-note")).to_have_text(
        "Unsaved: secondary. The badges above are the saved marks."
    )
    expect(claims.nth(0).get_by_label("Evidence")).to_have_value("secondary")
    expect(bar.get_by_role("status")).to_have_text("1 claim with unsaved marks.")
    page.keyboard.press("j")
    page.keyboard.press("3")
    expect(bar.get_by_role("status")).to_have_text("2 claims with unsaved marks.")
    expect(approve).to_be_disabled()
    expect(page.locator(f"#approve-why-{entry.pk}")).to_have_text(
        "Save or discard the unsaved marks first."
    )

    # Away and back: the unsaved marks are still there, still unsaved.
    page.goto(f"{live_server.url}/papers/")
    page.goto(f"{live_server.url}/review/")
    expect(claims.nth(1).get_by_label("Evidence")).to_have_value("editorial")
    expect(bar.get_by_role("status")).to_have_text("2 claims with unsaved marks.")
    assert set(Claim.objects.values_list("evidence", flat=True)) == {Evidence.UNMARKED}

    page.keyboard.press("s")

    expect(bar.get_by_role("status")).to_have_text("Marks saved.")
    expect(page.locator(".claim-review.is-unsaved")).to_have_count(0)
    expect(claims.nth(0).locator(".badge-level")).to_have_text(re.compile("secondary"))
    expect(approve).to_be_enabled()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.evidence, second.evidence) == (Evidence.SECONDARY, Evidence.EDITORIAL)
    assert len(saves) == 1 and saves[0].endswith(f"/entries/{entry.pk}/marks/")
    # Coming back after the save shows nothing unsaved.
    page.reload()
    expect(bar.get_by_role("status")).to_have_text("No unsaved marks.")
    assert console == []


def test_applying_suggestions_is_marking(page: Page, live_server, login, queued, console):
    entry, first, second = queued
    login("erin")
    page.goto(f"{live_server.url}/review/")
    claims = page.locator(f"#entry-{entry.pk} .claim-review")

    full = claims.nth(0).locator(".suggestions li").filter(has_text="full text")
    expect(full).to_contain_text("the cited paper's read level is full text")
    full.get_by_role("button", name="Apply").click()
    expect(claims.nth(0).get_by_label("Evidence")).to_have_value("full_text")
    expect(claims.nth(0)).to_have_class(re.compile("is-unsaved"))
    claims.nth(1).locator(".suggestions li").filter(has_text="no figure stated").get_by_role(
        "button", name="Apply"
    ).click()
    expect(claims.nth(1).get_by_label("no figure stated")).to_be_checked()
    page.get_by_role("button", name="Save marks").click()

    expect(page.locator(f"#marks-bar-{entry.pk}").get_by_role("status")).to_have_text(
        "Marks saved."
    )
    first.refresh_from_db()
    assert first.evidence == Evidence.FULL_TEXT
    assert list(second.caveats.values_list("name", flat=True)) == ["no figure stated"]
    assert console == []


def test_an_editor_marks_claims_of_their_own_entry_without_errors(
    page: Page, live_server, login, console
):
    erin = UserFactory(username="erin", role="Editor")
    entry = EntryFactory(status=EntryStatus.PENDING, author=erin, headline="Mine")
    claim = ClaimFactory(entry=entry, position=0, text="It works 3 points better.")
    login("erin")
    page.goto(f"{live_server.url}/review/")

    page.get_by_label("Evidence").select_option("editorial")
    page.get_by_role("button", name="Save marks").click()

    expect(page.locator(f"#marks-bar-{entry.pk}").get_by_role("status")).to_have_text(
        "Marks saved."
    )
    claim.refresh_from_db()
    assert claim.evidence == Evidence.EDITORIAL
    expect(page.get_by_text("another editor approves it")).to_be_visible()
    assert console == []
