"""A re-review date in a real browser: an editor sets it on the entry page; once the day has
come the concept page says the entry is due, the queue lists it, and marking it re-reviewed
there moves the date six months on."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from entries.models import Entry, EntryStatus, Evidence
from entries.review.rereview import add_months
from tests.factories import ClaimFactory, EntryFactory, UserFactory, make_concept

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_editor_sets_a_date_and_the_entry_falls_due(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    concept = make_concept("Reward Modeling", body="Models of what people prefer.")
    entry = EntryFactory(
        status=EntryStatus.PUBLISHED,
        headline="Preference models, late 2026",
        date=dt.date(2026, 10, 1),
    )
    entry.topics.add(concept)
    ClaimFactory(entry=entry, text="Reward models overfit.", evidence=Evidence.SECONDARY)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    today = timezone.localdate()
    login("erin")

    page.goto(f"{live_server.url}{entry.get_absolute_url()}")
    page.get_by_label("Re-review date").fill((today + dt.timedelta(days=14)).isoformat())
    page.get_by_role("button", name="Set re-review date").click()
    expect(page.locator(".messages")).to_contain_text("Re-review date set to")
    expect(page.locator(".entry-history")).to_contain_text("set the re-review date")
    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    expect(page.locator(".wiki-rereview-planned")).to_contain_text("Re-review on")
    expect(page.get_by_label("Due for re-review")).to_have_count(0)

    # Time passes: the date is now behind us.
    since = today - dt.timedelta(days=2)
    Entry.objects.filter(pk=entry.pk).update(review_by=since)

    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    notice = page.get_by_label("Due for re-review")
    expect(notice).to_contain_text(f"Due for re-review since {since.isoformat()}")
    expect(notice.get_by_role("link", name="Preference models, late 2026")).to_have_attribute(
        "href", entry.get_absolute_url()
    )
    page.goto(f"{live_server.url}/review/")
    due = page.locator(f"#due-{entry.pk}")
    expect(page.locator("#due-rereview-count")).to_have_text("1")
    expect(due).to_contain_text(f"Due since {since.isoformat()}")
    expect(due.get_by_role("link", name="Reward Modeling")).to_be_visible()
    next_review = add_months(today, 6)
    expect(due.get_by_label("Next re-review")).to_have_value(next_review.isoformat())

    due.get_by_role("button", name="Mark re-reviewed").click()

    expect(page.locator(".messages")).to_contain_text(
        f"Marked re-reviewed; next re-review on {next_review.isoformat()}"
    )
    expect(page.locator("#due-rereview-count")).to_have_text("0")
    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    expect(page.get_by_label("Due for re-review")).to_have_count(0)
    assert errors == []
