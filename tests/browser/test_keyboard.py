"""The review queue driven from the keyboard alone, and the shortcuts list."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from entries.models import Entry, EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, UserFactory, make_concept


@pytest.mark.django_db(transaction=True)
def test_editor_marks_every_claim_with_digits_and_approves_with_a(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    cora = UserFactory(username="cora", role="Contributor")
    entry = EntryFactory(status=EntryStatus.PENDING, author=cora, headline="Keyboard review")
    entry.topics.add(make_concept("Reward Modeling"))
    for position, text in enumerate(["Gains are large.", "The method is simpler."]):
        ClaimFactory(entry=entry, position=position, text=text, evidence=Evidence.UNMARKED)
    login("erin")
    page.goto(f"{live_server.url}/review/")
    item = page.locator(f"#entry-{entry.pk}")
    approve = item.get_by_role("button", name="Approve")
    expect(approve).to_be_disabled()

    page.keyboard.press("j")
    expect(page.get_by_role("status").filter(has_text="Claim 1 of 2")).to_have_count(1)
    # Typed as fast as a reviewer does: a digit changes the claim in focus only.
    page.keyboard.press("1")
    page.keyboard.press("j")
    expect(page.get_by_role("status").filter(has_text="Claim 2 of 2")).to_have_count(1)
    page.keyboard.press("3")
    expect(item.locator(".claim-review").nth(0).get_by_label("Evidence")).to_have_value(
        Evidence.ABSTRACT_ONLY
    )
    expect(item.locator(".claim-review").nth(1).get_by_label("Evidence")).to_have_value(
        Evidence.EDITORIAL
    )
    expect(approve).to_be_disabled()  # unsaved: "s" saves the entry's marks
    page.keyboard.press("s")
    expect(item.get_by_role("status").filter(has_text="Marks saved.")).to_have_count(1)
    expect(approve).to_be_enabled()
    page.keyboard.press("a")

    expect(page.get_by_text("Approved: the entry is published.")).to_be_visible()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PUBLISHED
    assert [c.evidence for c in entry.claims.order_by("position")] == [
        Evidence.ABSTRACT_ONLY,
        Evidence.EDITORIAL,
    ]


@pytest.mark.django_db(transaction=True)
def test_question_mark_lists_the_shortcuts_and_e_opens_the_editor(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    concept = make_concept("Reward Modeling", body="Text.")
    login("erin")
    page.goto(live_server.url + concept.get_absolute_url())

    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("approve the open entry")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.keyboard.press("e")

    expect(page).to_have_url(f"{live_server.url}/wiki/{concept.slug}/edit/")
    assert Entry.objects.count() == 0
