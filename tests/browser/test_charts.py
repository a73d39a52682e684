"""Charts and the abstract-only toggle in a real browser: a segment of the evidence mix
lands on the topic's claims of that level; the toggle hides and highlights at once,
and the page stays within the screen at 390 px in the dark."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from entries.models import EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

ABSTRACT = "Rubric rewards help, the abstract says."
READ = "Rubric rewards gain 4 points, read in full."
EDITORIAL = "This wiki reads the two results together."


def _topic_with_claims():
    concept = make_concept("Reward Modeling", body="Body text.")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, headline="Rubric rewards")
    entry.topics.add(concept)
    for i, (text, level) in enumerate(
        [(READ, Evidence.FULL_TEXT), (ABSTRACT, Evidence.ABSTRACT_ONLY),
         (EDITORIAL, Evidence.EDITORIAL)]
    ):  # fmt: skip
        ClaimFactory(entry=entry, position=i, text=text, evidence=level)
    PaperFactory(title="A rubric paper").topics.add(concept)
    return concept


def test_evidence_mix_segment_lands_on_the_claims_of_its_level(page: Page, live_server):
    _topic_with_claims()
    page.goto(f"{live_server.url}/wiki/reward-modeling/")

    page.locator('#concept-evidence a[data-level="abstract_only"]').click()

    expect(page).to_have_url(re.compile(r"/topics/reward-modeling/\?evidence=abstract_only$"))
    claims = page.locator("#topic-results .claim")
    expect(claims).to_have_count(1)
    expect(claims.first).to_contain_text(ABSTRACT)
    expect(page.locator("#topic-results")).not_to_contain_text(READ)

    # The topic page's own chart leads to the full-text claims the same way.
    page.locator('#topic-evidence a[data-level="full_text"]').click()
    expect(page).to_have_url(re.compile(r"\?evidence=full_text$"))
    expect(page.locator("#topic-results .claim")).to_have_count(1)
    expect(page.locator("#topic-results .claim").first).to_contain_text(READ)


def test_abstract_toggle_hides_and_highlights_and_is_remembered(page: Page, live_server):
    _topic_with_claims()
    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    abstract = page.locator(".claim", has_text=ABSTRACT)
    toggle = page.get_by_role("navigation", name="Claims resting on abstracts only")
    expect(abstract).to_be_visible()

    toggle.get_by_role("link", name="Hide").click()
    expect(abstract).to_be_hidden()
    expect(page.locator(".claim", has_text=READ)).to_be_visible()
    expect(toggle.get_by_role("status")).to_have_text("1 claim resting on abstracts only hidden")
    expect(page).to_have_url(re.compile(r"\?abstract=hide$"))

    toggle.get_by_role("link", name="Highlight").click()
    expect(abstract).to_be_visible()
    expect(page.locator("#concept-content")).to_have_class(re.compile("abstract-highlight"))
    expect(toggle.get_by_role("link", name="Highlight")).to_have_attribute("aria-current", "true")

    # The bare address takes the last choice back.
    page.goto(f"{live_server.url}/wiki/reward-modeling/")
    expect(page.locator("#concept-content")).to_have_class(re.compile("abstract-highlight"))
    toggle.get_by_role("link", name="Show").click()
    expect(page.locator("#concept-content")).not_to_have_class(re.compile("abstract-"))


def test_abstract_toggle_works_without_javascript(new_context, live_server):
    _topic_with_claims()
    page = new_context(java_script_enabled=False).new_page()
    page.goto(f"{live_server.url}/wiki/reward-modeling/")

    page.get_by_role("link", name="Hide").click()

    expect(page).to_have_url(re.compile(r"\?abstract=hide$"))
    expect(page.locator(".claim", has_text=ABSTRACT)).to_be_hidden()
    expect(page.get_by_role("status")).to_have_text("1 claim resting on abstracts only hidden")


def test_charts_fit_a_phone_in_the_dark(new_context, live_server):
    _topic_with_claims()
    context = new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    for path in ("/papers/", "/topics/reward-modeling/", "/wiki/reward-modeling/"):
        page.goto(f"{live_server.url}{path}")
        expect(page.locator(".chart svg").first).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, path
