"""The concept editor in a real browser: live preview, save, edit, diff, revert."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PaperFactory, UserFactory, make_concept
from wiki.models import Concept
from wiki.services import revision_create


def test_concept_create_preview_edit_diff_and_revert(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    make_concept("Reward Modeling")
    PaperFactory(arxiv_id="2608.17528", title="On-Policy or Off-Policy?")
    login("erin")

    # Create, watching the preview follow the text.
    page.goto(f"{live_server.url}/wiki/new/")
    page.get_by_label("Title", exact=True).fill("Agentic RL")
    page.get_by_label("Summary", exact=True).fill("An agent learning by RL across many steps.")
    body = page.get_by_label("Body", exact=True)
    body.fill("## Idea\n\nBuilds on [[Reward Modeling]]; see arXiv:2608.17528.\n")
    preview = page.locator("#preview")
    expect(preview.get_by_role("link", name="Reward Modeling")).to_have_attribute(
        "href", "/wiki/reward-modeling/"
    )
    expect(preview.get_by_role("link", name="arXiv:2608.17528")).to_be_visible()
    body.press_sequentially("\nA second paragraph.")
    expect(preview).to_contain_text("A second paragraph.")
    page.get_by_role("button", name="Save", exact=True).click()

    expect(page).to_have_url(f"{live_server.url}/wiki/agentic-rl/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Agentic RL")
    rendered = page.locator(".concept-body")
    expect(rendered.get_by_role("link", name="Reward Modeling")).to_be_visible()

    # Edit again.
    page.get_by_role("link", name="Edit", exact=True).click()
    body = page.get_by_label("Body", exact=True)
    body.fill(body.input_value().replace("A second paragraph.", "A better second paragraph."))
    page.get_by_label("Edit summary").fill("Sharper second paragraph")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status").first).to_contain_text("Saved revision 2")
    expect(page.locator(".concept-body")).to_contain_text("A better second paragraph.")

    # The diff of revisions 1 and 2.
    page.get_by_role("link", name="History").first.click()
    page.get_by_label("Compare from revision 1").check()
    page.get_by_label("Compare to revision 2").check()
    page.get_by_role("button", name="Compare selected revisions").click()
    diff = page.locator("#diff-panel")
    expect(diff.get_by_role("heading", name="Revision 1 → revision 2")).to_be_visible()
    expect(diff.locator(".diff ins")).to_have_text(" better")

    # Revert to revision 1: first what it changes, then the confirmation.
    page.get_by_role("link", name="Revert to revision 1").click()
    expect(page.get_by_role("heading", name="Revert to revision 1?")).to_be_visible()
    expect(page.locator(".diff-view .diff del")).to_have_text(" better")
    page.get_by_role("button", name="Revert to revision 1").click()
    expect(page).to_have_url(f"{live_server.url}/wiki/agentic-rl/")
    expect(page.get_by_role("status").first).to_contain_text("Saved revision 3")
    expect(page.locator(".concept-body")).to_contain_text("A second paragraph.")
    expect(page.locator(".concept-body")).not_to_contain_text("better")
    concept = Concept.objects.get(slug="agentic-rl")
    assert concept.current_revision.number == 3
    assert re.search(r"Reverted to revision 1", concept.current_revision.edit_summary)


def test_concept_pending_edit_approved_in_place_by_editor(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    cora = UserFactory(username="cora", role="Contributor")
    concept = make_concept("Reward Modeling", body="Approved text.\n")
    from wiki.services import revision_create

    revision_create(
        concept=concept,
        author=cora,
        title=concept.title,
        summary=concept.summary,
        body="Approved text, improved by Cora.\n",
        edit_summary="Improve wording",
        base_revision=concept.current_revision,
    )
    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    expect(page.locator(".concept-body")).not_to_contain_text("improved by Cora")
    login("erin")

    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    expect(page.get_by_role("heading", name="1 pending change")).to_be_visible()
    card = page.locator(".pending-revision")
    expect(card.locator(".diff ins")).to_contain_text("improved by Cora")
    card.get_by_role("button", name="Approve").click()

    expect(page.locator(".pending-revision.reviewed")).to_contain_text("Approved")
    page.reload()
    expect(page.locator(".concept-body")).to_contain_text("improved by Cora")


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_revert_is_in_reach_and_asks_first_at_any_width(page: Page, live_server, login, width):
    erin = UserFactory(username="erin", role="Editor")
    concept = make_concept("Agentic RL", body="First text.", author=erin)
    revision_create(
        concept=concept,
        author=erin,
        title=concept.title,
        summary=concept.summary,
        body="First text, then better.",
        edit_summary="better",
        base_revision=concept.current_revision,
    )
    page.set_viewport_size({"width": width, "height": 900})
    login("erin")
    page.goto(f"{live_server.url}/wiki/agentic-rl/history/")

    revert = page.get_by_role("link", name=re.compile(r"^Revert to (this|revision 1)"))
    expect(revert).to_be_visible()
    assert revert.bounding_box()["x"] + revert.bounding_box()["width"] <= width
    revert.click()
    expect(page.locator(".diff-view .diff del")).to_contain_text("better")
    concept.refresh_from_db()
    assert concept.current_revision.number == 2  # nothing saved before confirming
    page.get_by_role("button", name="Revert to revision 1").click()
    expect(page.get_by_role("status").first).to_contain_text("Saved revision 3")
