"""Marks and approvals in a real browser: a published claim's mark corrected with a trace,
and an approval of text that changed after the editor opened it, refused."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from api.services import token_create
from entries.models import MARK_CHANGED, Entry, EntryStatus, Evidence
from tests.browser.review import save_marks
from tests.factories import (
    PASSWORD,
    ClaimFactory,
    EntryFactory,
    PaperFactory,
    UserFactory,
    make_concept,
)

CLAIM = "Rubric rewards beat a scalar reward model on open-ended tasks."


def _login(new_context, base: str, username: str) -> Page:
    page = new_context().new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("header").get_by_text(username)).to_be_visible()
    return page


def test_editor_corrects_a_published_mark_and_readers_see_it_with_its_trace(
    new_context, live_server
):
    base = live_server.url
    cora = UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    UserFactory(username="eddie", role="Editor")
    topic = make_concept("Reward Modeling")
    entry = EntryFactory(status=EntryStatus.PENDING, author=cora, headline="Rubric rewards")
    entry.topics.add(topic)
    ClaimFactory(entry=entry, position=0, text=CLAIM, paper=PaperFactory(arxiv_id="2601.04211"))

    # Editor A marks the claim in the queue and approves the entry.
    erin = _login(new_context, base, "erin")
    erin.goto(f"{base}/review/")
    item = erin.locator(f"#entry-{entry.pk}")
    claim = item.locator(".claim-review", has_text=CLAIM)
    claim.get_by_label("Evidence").select_option(label="secondary")
    save_marks(claim)
    approve = item.get_by_role("button", name="Approve")
    expect(approve).to_be_enabled()
    approve.click()
    expect(erin.get_by_text("Approved: the entry is published.")).to_be_visible()

    # Editor B corrects the mark on the published claim, from the entry page.
    eddie = _login(new_context, base, "eddie")
    eddie.goto(f"{base}/entries/{entry.pk}/")
    expect(eddie.get_by_text("a change of a mark here is shown to readers at once")).to_be_visible()
    claim = eddie.locator(".claim-review", has_text=CLAIM)
    claim.get_by_label("Evidence").select_option(label="editorial")
    claim.get_by_label("no variance reported").check()
    save_marks(claim)
    expect(claim.locator(".badge-level")).to_have_text("editorial")

    # The history says who changed what, from what to what.
    eddie.reload()
    history = eddie.locator(".entry-history")
    expect(history).to_contain_text(re.compile(r"erin\s+approved"))
    change = history.locator(".event", has_text="changed a mark")
    expect(change).to_contain_text(re.compile(r"eddie\s+changed a mark"))
    expect(change.locator(".mark-from")).to_have_text("secondary")
    expect(change.locator(".mark-to")).to_have_text("editorial")
    expect(change).to_contain_text("caveat added: no variance reported")
    event = Entry.objects.get(pk=entry.pk).events.get(action=MARK_CHANGED)
    assert event.actor.username == "eddie"

    # An anonymous reader sees the new mark, the change in the history and in recent changes.
    reader = new_context().new_page()
    reader.goto(f"{base}/entries/{entry.pk}/")
    badges = reader.locator(".claim", has_text=CLAIM).locator(".badge")
    expect(badges).to_have_text(["editorial", "no variance reported"])
    expect(reader.locator(".entry-history")).to_contain_text("eddie changed a mark")
    badges.first.click()
    expect(reader).to_have_url(re.compile(r"/help/evidence/#evidence-editorial$"))
    expect(reader.get_by_text("The wiki's own reading or judgement")).to_be_visible()
    reader.goto(f"{base}/changes/")
    expect(reader.locator(".change-row", has_text="changed a mark")).to_contain_text("claim 1")


def test_approval_of_an_entry_changed_through_the_api_is_refused(new_context, live_server):
    base = live_server.url
    cora = UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    make_concept("Reward Modeling")
    secret = token_create(user=cora, name="pipeline")[1]
    submission = {
        "date": "2026-10-02",
        "headline": "First headline from the pipeline",
        "status": "pending",
        "external_id": "pipe-42",
        "topics": ["reward-modeling"],
        "claims": [{"text": CLAIM}],
    }
    pipeline = new_context(extra_http_headers={"Authorization": f"Bearer {secret}"}).request
    created = pipeline.post(f"{base}/api/entries/", data=submission)
    assert created.status == 201, created.text()
    entry = Entry.objects.get(external_id="pipe-42")

    # The editor opens the entry in the queue and marks its claim.
    erin = _login(new_context, base, "erin")
    erin.goto(f"{base}/review/")
    item = erin.locator(f"#entry-{entry.pk}")
    expect(item).to_contain_text("First headline from the pipeline")
    claim = item.locator(".claim-review", has_text=CLAIM)
    claim.get_by_label("Evidence").select_option(label="editorial")
    save_marks(claim)
    approve = item.get_by_role("button", name="Approve")
    expect(approve).to_be_enabled()

    # Meanwhile the pipeline sends the entry again with a new headline and lead.
    changed = {**submission, "headline": "A headline nobody reviewed", "lead": "New lead."}
    resent = pipeline.post(f"{base}/api/entries/", data=changed)
    assert resent.status == 200, resent.text()

    approve.click()

    expect(erin).to_have_url(re.compile(rf"/review/#entry-{entry.pk}$"))
    reason = erin.locator(f"#entry-{entry.pk} .review-message")  # beside the entry, not on top
    expect(reason).to_contain_text("This entry changed while you had it open")
    expect(erin.locator(f"#entry-{entry.pk}")).to_contain_text("A headline nobody reviewed")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING
    assert entry.claims.get().evidence == Evidence.EDITORIAL  # the mark stays

    # Having read it, the editor approves the version on the screen now.
    erin.locator(f"#entry-{entry.pk}").get_by_role("button", name="Approve").click()
    expect(erin.get_by_text("Approved: the entry is published.")).to_be_visible()
    entry.refresh_from_db()
    assert (entry.status, entry.headline) == (EntryStatus.PUBLISHED, "A headline nobody reviewed")
