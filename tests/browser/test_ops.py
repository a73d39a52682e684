"""A staff member reaches the operations page through the login form and reads the figures
of the pages just visited; someone without staff rights is refused."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from core import metrics
from tests.factories import UserFactory, make_concept


def test_staff_read_latency_and_the_cache_hit_rate_after_logging_in(page: Page, live_server, login):
    for counts in (metrics.requests, metrics.page_cache, metrics.fragment_cache):
        counts.reset()
    UserFactory(username="sam", is_staff=True)
    make_concept("Reward Modeling")
    page.goto(live_server.url + "/wiki/reward-modeling/")
    page.goto(live_server.url + "/wiki/reward-modeling/")
    page.goto(live_server.url + "/ops/")
    expect(page.get_by_label("Username")).to_be_visible()  # sent to log in first
    login("sam")
    page.goto(live_server.url + "/ops/")

    expect(page.get_by_role("heading", name="Operations", exact=True)).to_be_visible()
    concept_row = page.get_by_role("row").filter(has_text="wiki:concept")
    expect(concept_row.get_by_role("cell").first).to_have_text("2")
    pages_row = page.get_by_role("row").filter(has_text="Whole pages (anonymous)")
    expect(pages_row.get_by_role("cell").last).to_have_text("50%")


def test_someone_without_staff_rights_is_refused(page: Page, live_server, login):
    UserFactory(username="cora", role="Contributor")
    login("cora")
    response = page.goto(live_server.url + "/ops/")
    assert response.status == 403
    expect(page.get_by_text("The operations page is for staff.")).to_be_visible()
