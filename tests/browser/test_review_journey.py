"""The whole journey of issue 5: write, review claim by claim, approve, read."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from entries.models import Entry, EntryStatus
from tests.browser.review import results_decided, save_marks
from tests.factories import (
    PASSWORD,
    ClaimFactory,
    EntryFactory,
    PaperFactory,
    UserFactory,
    make_concept,
)

HEADLINE = "Rubric rewards steer agents where no checker exists"
CLAIM_ONE = "Rubric rewards beat a scalar reward model on open-ended tasks."
CLAIM_TWO = "Held-out accuracy rose by 4.2 points over the scalar baseline."


def _login(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("header").get_by_text(username)).to_be_visible()


def test_contributor_writes_editor_reviews_reader_reads(new_context, live_server):
    base = live_server.url
    UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    topic = make_concept("Reward Modeling")
    paper = PaperFactory(
        arxiv_id="2601.04211", title="Calibrated Rubric Rewards", read_level="abstract_only"
    )

    # A contributor writes an entry with two claims citing the paper and submits it.
    author = new_context().new_page()
    _login(author, base, "cora")
    author.goto(f"{base}/entries/new/")
    author.get_by_label("Date").fill("2026-09-30")
    author.get_by_label("Headline").fill(HEADLINE)
    author.get_by_label("Lead").fill("A study of rubric-based rewards for open-ended agent tasks.")
    author.get_by_label("Topics").select_option(label=topic.title)
    first = author.locator(".claim-form").nth(0)
    first.get_by_label("Claim", exact=True).fill(CLAIM_ONE)
    first.get_by_label("Source paper").fill(paper.arxiv_id)
    author.get_by_role("button", name="+ Add claim").click()  # htmx: the typed text stays
    expect(author.locator(".claim-form")).to_have_count(2)
    expect(first.get_by_label("Claim", exact=True)).to_have_value(CLAIM_ONE)
    second = author.locator(".claim-form").nth(1)
    second.get_by_label("Claim", exact=True).fill(CLAIM_TWO)
    second.get_by_label("Source paper").fill(paper.arxiv_id)
    second.get_by_label("Quote").fill("improves accuracy by 4.2 points")
    author.get_by_role("button", name="Submit for review").click()
    expect(author.get_by_text("Submitted for review.")).to_be_visible()
    expect(author.locator(".entry-page .meta .badge-status-pending")).to_have_text("pending review")
    entry = Entry.objects.get(headline=HEADLINE)
    assert entry.status == EntryStatus.PENDING

    # An editor opens the queue: Approve is refused while claims are unmarked.
    editor = new_context().new_page()
    _login(editor, base, "erin")
    editor.goto(f"{base}/review/")
    # "4.2 points" is proposed as a result: decided first, as any figure must be.
    results_decided(editor, entry.pk)
    item = editor.locator(f"#entry-{entry.pk}")
    expect(item).to_contain_text(HEADLINE)
    approve = item.get_by_role("button", name="Approve")
    expect(approve).to_be_disabled()
    expect(item).to_contain_text("2 claims still unmarked")

    # One claim: apply its suggestions, one click each (nothing is applied silently).
    claim_one = item.locator(".claim-review", has_text=CLAIM_ONE)
    expect(claim_one).to_contain_text(
        "abstract only: the cited paper's read level is abstract only"
    )
    expect(claim_one).to_contain_text("no figure stated: no result-shaped number")
    expect(claim_one.get_by_label("Evidence")).to_have_value("unmarked")
    claim_one.get_by_role("button", name="Apply “abstract only”").click()
    expect(claim_one.get_by_label("Evidence")).to_have_value("abstract_only")
    claim_one.get_by_role("button", name="Apply “no figure stated”").click()
    expect(claim_one.get_by_label("no figure stated")).to_be_checked()
    expect(approve).to_be_disabled()  # the other claim is still unmarked

    # The other claim: marked by hand; the Approve button enables itself.
    claim_two = item.locator(".claim-review", has_text=CLAIM_TWO)
    claim_two.get_by_label("Evidence").select_option(label="full text")
    expect(approve).to_be_disabled()  # nothing is saved until the editor says so
    # The paper was read only in abstract: "full text" needs the editor's reason.
    claim_two.get_by_label("Why “full text”").fill("Read the full PDF from the authors' page.")
    save_marks(claim_two)
    expect(approve).to_be_enabled()
    expect(item).to_contain_text("Every claim is marked.")
    approve.click()
    expect(editor.get_by_text("Approved: the entry is published.")).to_be_visible()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PUBLISHED

    # An anonymous reader finds it on the topic page, with its badges, and opens it.
    reader = new_context().new_page()
    reader.goto(f"{base}/topics/{topic.slug}/")
    card = reader.locator(".news-item", has_text=HEADLINE)
    expect(card.locator(".badge", has_text="abstract only")).to_be_visible()
    expect(card.locator(".badge", has_text="no figure stated")).to_be_visible()
    card.get_by_role("link", name=HEADLINE).click()
    claim = reader.locator(".claim", has_text=CLAIM_ONE)
    expect(claim.locator(".badge")).to_have_text(["abstract only", "no figure stated"])
    expect(reader.locator(".claim", has_text=CLAIM_TWO).locator(".badge")).to_have_text(
        ["full text"]
    )
    expect(reader.locator(".entry-history")).to_contain_text(re.compile(r"erin\s+approved"))

    # ... and on the concept page, as its "State of the Art (date)" section.
    reader.goto(f"{base}{topic.get_absolute_url()}")
    section = reader.get_by_role("region", name="State of the Art (2026-09-30)")
    expect(section).to_contain_text(HEADLINE)
    expect(section.locator(".claim", has_text=CLAIM_ONE).locator(".badge")).to_have_text(
        ["abstract only", "no figure stated"]
    )


def test_editor_opens_a_later_entry_in_the_queue_and_marks_it(new_context, live_server):
    base = live_server.url
    cora = UserFactory(username="cora", role="Contributor")
    UserFactory(username="erin", role="Editor")
    topic = make_concept("Reward Modeling")
    entries = []
    for n in range(3):
        entry = EntryFactory(status=EntryStatus.PENDING, author=cora, headline=f"Finding {n}")
        entry.topics.add(topic)
        ClaimFactory(entry=entry, text=f"Claim of finding {n} rose by {n + 2} points.")
        entries.append(entry)
    console: list[str] = []

    editor = new_context().new_page()
    editor.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    _login(editor, base, "erin")
    editor.goto(f"{base}/review/")
    third = editor.locator(f"#entry-{entries[2].pk}")
    expect(third.locator(".claim-review")).to_have_count(0)  # loaded when opened

    third.locator("summary").click()
    claim = third.locator(".claim-review", has_text="Claim of finding 2")
    expect(claim).to_be_visible()
    approve = third.get_by_role("button", name="Approve")
    expect(approve).to_be_disabled()
    claim.get_by_label("Evidence").select_option(label="full text")
    save_marks(claim)
    expect(approve).to_be_enabled()
    approve.click()
    expect(editor.get_by_text("Approved: the entry is published.")).to_be_visible()
    assert editor.url.startswith(f"{base}/review/")
    entries[2].refresh_from_db()
    assert entries[2].status == EntryStatus.PUBLISHED
    assert console == []
