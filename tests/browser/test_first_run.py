"""The first run as the README tells it: log in with a printed demo password, write and
submit an entry as one editor, approve it from the queue as the other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from entries.models import Entry, EntryStatus
from tests.browser.review import results_decided, save_marks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

README = Path(__file__).resolve().parents[2] / "README.md"
HEADLINE = "Rubric rewards tried by two editors"


def _readme_editors() -> tuple[str, str]:
    """The two editors the README's quick start names, in the order it uses them."""
    quick_start = README.read_text().split("## Quick start", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"two editors,\s+`(\w+)`\s+and\s+`(\w+)`", quick_start)
    assert match, "the quick start names the two demo editors"
    return match.group(1), match.group(2)


def _log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("header").get_by_text(username, exact=True)).to_be_visible()


def _open(item):
    """The queue's entry, opened: an entry other than the longest-waiting one loads its
    claims and controls when opened."""
    expect(item).to_contain_text(HEADLINE)
    if item.get_attribute("open") is None:
        item.locator("summary").first.click()
    expect(item.locator(".claim-review")).to_have_count(1)
    return item


def test_a_newcomer_submits_as_one_demo_editor_and_approves_as_the_other(
    new_context, live_server, capsys
):
    call_command("setup_demo")
    printed = capsys.readouterr().out
    passwords = dict(re.findall(r"^║   (\S+)\s+(\S+)\s+║$", printed, re.MULTILINE))
    first, second = _readme_editors()
    base = live_server.url

    writer = new_context().new_page()
    _log_in(writer, base, first, passwords[first])
    writer.goto(f"{base}/entries/new/")
    writer.get_by_label("Date").fill("2026-11-30")
    writer.get_by_label("Headline").fill(HEADLINE)
    writer.get_by_label("Topics").select_option(label="Reward Modeling")
    claim = writer.locator(".claim-form").first
    claim.get_by_label("Claim", exact=True).fill("Accuracy rose by 4 points on the held-out set.")
    writer.get_by_role("button", name="Submit for review").click()
    expect(writer.get_by_text("Submitted for review.")).to_be_visible()
    entry = Entry.objects.get(headline=HEADLINE)

    # Nobody approves their own work: the writer's queue says so.
    writer.goto(f"{base}/review/")
    own = _open(writer.locator(f"#entry-{entry.pk}"))
    expect(own.get_by_role("button", name="Approve")).to_have_count(0)
    expect(own).to_contain_text(re.compile("another editor", re.I))

    reviewer = new_context().new_page()
    _log_in(reviewer, base, second, passwords[second])
    reviewer.goto(f"{base}/review/")
    # "4 points" is proposed as a result; with no benchmark named, the editor discards it.
    assert results_decided(reviewer, entry.pk) == 1
    item = _open(reviewer.locator(f"#entry-{entry.pk}"))
    row = item.locator(".claim-review").first
    row.get_by_label("Evidence").select_option(label="abstract only")
    save_marks(row)
    expect(row).not_to_contain_text("Unsaved")
    approve = item.get_by_role("button", name="Approve")
    expect(approve).to_be_enabled()
    approve.click()

    expect(reviewer.get_by_text("Approved: the entry is published.")).to_be_visible()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PUBLISHED
