"""A reader watches a concept, an editor publishes on it, the reader sees it on /watching/
and in their digest."""

from __future__ import annotations

from django.core import mail
from playwright.sync_api import Page, expect

from tests.factories import _entry, build_world
from watching.digests import digests_enqueue_due
from watching.models import Watch


def test_watch_a_concept_see_its_news_and_get_the_digest(
    page: Page, live_server, login, editor, contributor, other_editor, charlie
):
    world = build_world(editor=editor, contributor=contributor, other_editor=other_editor)
    login("charlie")

    page.goto(f"{live_server.url}{world.concept.get_absolute_url()}")
    page.get_by_role("button", name="☆ Watch").click()
    expect(page.get_by_role("button", name="★ Watching")).to_be_visible()
    assert Watch.objects.filter(user=charlie, concept=world.concept).count() == 1

    # An editor publishes a new entry on the concept.
    _entry(
        author=contributor,
        status="published",
        topic=world.concept,
        paper=world.paper,
        headline="Reward models overfit less with more data",
    )

    page.get_by_role("link", name="Watching", exact=True).click()
    change = page.locator(".watch-change", has_text="Reward models overfit less with more data")
    expect(change).to_contain_text("New entry")
    expect(change.locator(".badge-evidence-full_text")).to_contain_text("full text")
    page.screenshot(path="/tmp/watching-page.png", full_page=True)

    mail.outbox.clear()  # the author's "approved" emails
    assert digests_enqueue_due() == 1
    assert len(mail.outbox) == 1
    assert "New entry: Reward models overfit less with more data" in mail.outbox[0].body
    assert mail.outbox[0].to == [charlie.email]
