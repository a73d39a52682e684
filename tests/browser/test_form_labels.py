"""The spec's form contract (DESIGN.md, "Pages"): tests outside the project find each form
field by its label, so each name must resolve to exactly one control on its page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.factories import UserFactory, make_concept

# "Summary" is also inside "Edit summary", so the spec's own names need an exact match there.
EXACT = {"Summary"}


def _expect_one_control_each(page: Page, names: list[str]) -> None:
    for name in names:
        expect(page.get_by_label(name, exact=name in EXACT)).to_have_count(1)


def test_form_labels_name_one_control_each(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    concept = make_concept("Reward models", body="Intro.\n")
    make_concept("Process supervision")
    login("erin")

    page.goto(f"{live_server.url}/papers/")
    _expect_one_control_each(
        page, ["Search", "Topic", "Published after", "Published before", "Read level"]
    )
    page.goto(f"{live_server.url}/entries/new/")
    _expect_one_control_each(
        page, ["Date", "Headline", "Lead", "Topics", "Claim", "Source paper", "Quote"]
    )
    for url in ["/wiki/new/", f"/wiki/{concept.slug}/edit/"]:
        page.goto(f"{live_server.url}{url}")
        _expect_one_control_each(page, ["Title", "Summary", "Body", "Edit summary"])
