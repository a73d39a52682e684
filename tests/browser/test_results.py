"""Results in a real browser: an editor confirms a proposed result in review, approves,
and the concept's results table shows it; the table fits a phone."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from entries.models import EntryStatus, Evidence
from entries.writing.services import ClaimData, entry_create
from results.models import Result, ResultStatus
from results.services import benchmark_create
from tests.factories import UserFactory, make_concept

pytestmark = pytest.mark.browser


@pytest.fixture
def pending_result(db):
    author = UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    benchmark_create(name="MMLU", direction="higher", unit="%")
    concept = make_concept("Language Models")
    entry_create(
        author=author,
        date=dt.date(2026, 3, 1),
        headline="A small model on MMLU",
        topics=[concept],
        claims=[ClaimData(text="It reaches 58.2% on MMLU.", evidence=Evidence.FULL_TEXT)],
        status=EntryStatus.PENDING,
    )
    return concept


def test_editor_confirms_a_result_and_the_table_shows_it(page, login, live_server, pending_result):
    login("erin")
    page.goto(f"{live_server.url}/review/")
    result = page.locator(".result-review li").first
    expect(result).to_contain_text("58.2% on MMLU")
    result.get_by_label("Protocol").fill("5-shot")
    result.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()
    page.get_by_role("button", name="Approve").first.click()
    page.wait_for_load_state("networkidle")

    assert Result.objects.get().status == ResultStatus.CONFIRMED
    page.goto(f"{live_server.url}/wiki/{pending_result.slug}/results/")
    expect(page.locator(".result-group")).to_contain_text("protocol: 5-shot")
    expect(page.locator(".result-value").first).to_contain_text("58.2%")


def test_editor_adds_an_unknown_benchmark_while_confirming(page, login, live_server, db):
    author = UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    entry_create(
        author=author,
        date=dt.date(2026, 3, 1),
        headline="A controller on a new suite",
        topics=[make_concept("Robot Learning")],
        claims=[
            ClaimData(text="Task success is 71.5% on ArenaSuite.", evidence=Evidence.FULL_TEXT)
        ],
        status=EntryStatus.PENDING,
    )
    login("erin")
    page.goto(f"{live_server.url}/review/")
    result = page.locator(".result-review li").first
    expect(result).to_contain_text("unknown benchmark")
    result.get_by_label("New benchmark").select_option("higher")
    result.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()

    page.goto(f"{live_server.url}/benchmarks/arenasuite/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("ArenaSuite")
    assert Result.objects.get().benchmark.direction == "higher"


def test_results_table_fits_a_phone(browser, live_server, pending_result):
    entry_result = Result.objects.get()
    Result.objects.filter(pk=entry_result.pk).update(
        status=ResultStatus.CONFIRMED,
        model="A model with a rather long name-that-does-not-break-easily-anywhere",
    )
    from entries.models import Entry

    Entry.objects.update(status=EntryStatus.PUBLISHED)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/wiki/{pending_result.slug}/results/")
    expect(page.locator(".result-value").first).to_contain_text("58.2%")

    width, screen = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    context.close()
    assert width <= screen


def test_results_pages_load_under_the_content_security_policy(page, live_server, pending_result):
    Result.objects.update(status=ResultStatus.CONFIRMED)
    from entries.models import Entry

    Entry.objects.update(status=EntryStatus.PUBLISHED)
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    page.on("pageerror", lambda e: messages.append(str(e)))

    for path in (f"/wiki/{pending_result.slug}/results/", "/benchmarks/", "/benchmarks/mmlu/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(f"{live_server.url}/wiki/{pending_result.slug}/results/")
    page.get_by_label("Evidence").select_option("full_text")  # the htmx filter
    expect(page).to_have_url(re.compile(r"evidence=full_text"))
    expect(page.locator(".result-value").first).to_contain_text("58.2%")

    assert [m for m in messages if "Content Security Policy" in m or "Error" in m] == []
