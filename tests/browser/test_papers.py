from __future__ import annotations

import datetime as dt
import re

from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, make_concept


def test_filter_by_topic_and_dates_without_a_page_load_then_open_a_paper(page: Page, live_server):
    reward, distillation = make_concept("Reward Modeling"), make_concept("Knowledge Distillation")
    inside = PaperFactory(title="Inside the Range", published=dt.date(2026, 3, 10))
    inside.topics.add(reward)
    PaperFactory(title="Before the Range", published=dt.date(2025, 12, 1)).topics.add(reward)
    PaperFactory(title="After the Range", published=dt.date(2027, 1, 5)).topics.add(reward)
    PaperFactory(title="Another Topic", published=dt.date(2026, 3, 10)).topics.add(distillation)

    page.goto(f"{live_server.url}/papers/")
    titles = page.locator(".paper-list .paper-title")
    expect(titles).to_have_count(4)
    # A full page load would wipe this marker; htmx swaps keep it.
    page.evaluate("window.__noReload = 'still here'")

    page.get_by_label("Topic").select_option("reward-modeling")
    expect(page).to_have_url(re.compile(r"/papers/\?topic=reward-modeling$"))
    expect(titles).to_have_text(["After the Range", "Inside the Range", "Before the Range"])

    page.get_by_label("Published after").fill("2026-01-01")
    page.get_by_label("Published before").fill("2026-12-31")
    expect(page).to_have_url(
        re.compile(r"topic=reward-modeling&published_after=2026-01-01&published_before=2026-12-31$")
    )
    expect(titles).to_have_text(["Inside the Range"])
    expect(page.locator(".results-count")).to_have_text("1 paper")
    assert page.evaluate("window.__noReload") == "still here"

    page.get_by_role("link", name="Inside the Range").click()
    expect(page).to_have_url(f"{live_server.url}/papers/{inside.arxiv_id}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Inside the Range")


def test_topics_are_picked_by_plain_clicks_and_typing_asks_nothing(page: Page, live_server):
    for title in ["Reward Modeling", "Knowledge Distillation", "Process Supervision"]:
        topic = make_concept(title)
        PaperFactory(title=f"On {title}", published=dt.date(2026, 3, 10)).topics.add(topic)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/papers/?" in r.url else None)
    page.goto(f"{live_server.url}/papers/")
    titles = page.locator(".paper-list .paper-title")
    expect(titles).to_have_count(3)

    # Plain clicks, no Ctrl/⌘: each adds a topic, and the list follows.
    page.get_by_role("option", name="Reward Modeling").click()
    page.get_by_role("option", name="Process Supervision").click()
    expect(page).to_have_url(re.compile(r"topic=process-supervision&topic=reward-modeling$"))
    expect(titles).to_have_text(["On Process Supervision", "On Reward Modeling"], ignore_case=True)
    chosen = page.locator(".chip-chosen .chip-remove")
    expect(chosen).to_have_text(
        [re.compile("^Reward Modeling"), re.compile("^Process Supervision")]
    )

    # Typing narrows the options and asks the server nothing.
    before = len(asked)
    page.get_by_label("Type to filter").press_sequentially("distil", delay=50)
    expect(page.get_by_role("option", name="Reward Modeling")).to_be_hidden()
    page.wait_for_timeout(600)  # past the form's 300 ms delay
    assert len(asked) == before

    # A chip takes its topic back off, and the list follows again.
    page.get_by_role("button", name="Remove Reward Modeling").click()
    expect(page).to_have_url(re.compile(r"\?topic=process-supervision$"))
    expect(titles).to_have_text(["On Process Supervision"])

    # A filter removed above the results leaves the form too.
    page.get_by_label("Type to filter").fill("")
    page.get_by_role("option", name="Knowledge Distillation").click()
    expect(titles).to_have_count(2)
    page.locator(".active-filters").get_by_role("link", name="Topic: Process Supervision").click()
    expect(page).to_have_url(re.compile(r"\?topic=knowledge-distillation$"))
    expect(chosen).to_have_text([re.compile("^Knowledge Distillation")])
    expect(page.get_by_label("Topic")).to_have_values(["knowledge-distillation"])


def test_invalid_date_shows_message_beside_the_field(page: Page, live_server):
    PaperFactory(title="Some Paper")

    page.goto(f"{live_server.url}/papers/?published_after=2026-13-45")

    expect(page.locator("#errors-published_after")).to_contain_text("Not a date")
    expect(page.locator(".paper-list .paper-title")).to_have_text(["Some Paper"])


def test_contributor_edits_topics_in_place(page: Page, live_server, login):
    from tests.factories import UserFactory

    UserFactory(username="cora", role="Contributor")
    make_concept("Reward Modeling")
    paper = PaperFactory(title="Needs Topics")
    login("cora")
    page.goto(f"{live_server.url}{paper.get_absolute_url()}")
    page.evaluate("window.__noReload = 1")

    page.get_by_role("link", name="Edit topics").click()
    page.get_by_label("Topics").select_option(label="Reward Modeling")
    page.get_by_role("button", name="Save topics").click()

    expect(page.locator("#paper-topics .chip")).to_have_text(["Reward Modeling"])
    assert page.evaluate("window.__noReload") == 1
    assert [t.slug for t in paper.topics.all()] == ["reward-modeling"]
