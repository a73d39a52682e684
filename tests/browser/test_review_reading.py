"""Reading and reviewing in a real browser: the queue's count follows the marks, a diff has
its own address, code is coloured and math laid out without breaking the
Content-Security-Policy."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from entries.models import EntryStatus, Evidence
from tests.browser.review import save_marks
from tests.factories import ClaimFactory, EntryFactory, UserFactory, make_concept
from wiki.services import revision_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_marking_claims_in_the_queue_drops_the_unmarked_count(page: Page, live_server, login):
    UserFactory(username="erin", role="Editor")
    cora = UserFactory(username="cora", role="Contributor")
    entry = EntryFactory(status=EntryStatus.PENDING, author=cora, headline="Counted review")
    for position, text in enumerate(["Gains are large.", "It is simpler.", "It scales."]):
        ClaimFactory(entry=entry, position=position, text=text, evidence=Evidence.UNMARKED)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    login("erin")
    page.goto(f"{live_server.url}/review/")
    item = page.locator(f"#entry-{entry.pk}")
    badge = page.locator(f"#unmarked-{entry.pk}")
    expect(badge).to_have_text("3 unmarked")
    expect(badge).to_have_attribute("aria-live", "polite")

    claims = item.locator(".claim-review")
    claims.nth(0).get_by_label("Evidence").select_option(Evidence.SECONDARY)
    save_marks(claims.nth(0))
    expect(badge).to_have_text("2 unmarked")
    claims.nth(1).get_by_label("Evidence").select_option(Evidence.EDITORIAL)
    claims.nth(2).get_by_label("Evidence").select_option(Evidence.ABSTRACT_ONLY)
    expect(badge).to_have_text("2 unmarked")  # nothing saved yet
    save_marks(claims.nth(2))
    expect(badge).to_have_text("all marked")

    expect(item.get_by_role("button", name="Approve")).to_be_enabled()
    assert page.url == f"{live_server.url}/review/"  # no reload
    assert errors == []


def test_a_diff_opened_inline_gets_its_address_and_reloads_as_a_page(
    page: Page, live_server, login
):
    UserFactory(username="erin", role="Editor")
    concept = make_concept("Reward Modeling", body="One two three.")
    revision_create(
        concept=concept,
        author=None,
        title=concept.title,
        summary=concept.summary,
        body="One two four five.",
        edit_summary="Changed the end",
        base_revision=concept.current_revision,
    )
    page.goto(f"{live_server.url}/wiki/reward-modeling/history/")

    page.get_by_role("button", name="Compare selected revisions").click()

    panel = page.locator("#diff-panel")
    expect(panel.locator("del:not(.diff-key)")).to_have_text("three")
    expect(page).to_have_url(re.compile(r"/wiki/reward-modeling/diff/\?a=1&b=2$"))
    expect(page.get_by_role("heading", name="History of “Reward Modeling”")).to_be_visible()
    shared = page.url

    page.reload()

    expect(page.get_by_role("heading", name="Changes to “Reward Modeling”")).to_be_visible()
    expect(page.locator(".diff-view del:not(.diff-key)")).to_have_text("three")
    expect(page.locator(".diff-view ins:not(.diff-key)")).to_have_text("four five")
    assert page.url == shared
    page.go_back()
    expect(page).to_have_url(f"{live_server.url}/wiki/reward-modeling/history/")


def test_code_is_coloured_by_classes_under_the_strict_policy(page: Page, live_server):
    make_concept("Policy Gradient", body="```python\ndef step(x):\n    return x  # done\n```\n")
    violations: list[str] = []
    page.on(
        "console", lambda m: violations.append(m.text) if "Content-Security" in m.text else None
    )

    response = page.goto(f"{live_server.url}/wiki/policy-gradient/")

    keyword = page.locator(".codehilite .k").first
    expect(keyword).to_have_text("def")
    colour = keyword.evaluate("el => getComputedStyle(el).color")
    text = page.locator(".codehilite").evaluate("el => getComputedStyle(el).color")
    assert colour != text
    assert "unsafe-inline" not in response.headers["content-security-policy"]
    assert page.locator(".codehilite [style]").count() == 0
    assert violations == []


def test_inline_and_display_math_are_mathml_under_the_same_policy(page: Page, live_server):
    make_concept("Plain Page", body="No formulas here.")
    body = (
        r"The gradient $\nabla_\theta J(\theta)$ is estimated, and the norm $\|w\|$ kept small:"
        "\n\n"
        r"$$J(\theta) = \sum_{t=0}^{T} \gamma^t r_t$$"
    )
    make_concept("Policy Objective", body=body)
    violations: list[str] = []
    page.on(
        "console", lambda m: violations.append(m.text) if "Content-Security" in m.text else None
    )
    plain = page.goto(f"{live_server.url}/wiki/plain-page/").headers["content-security-policy"]

    response = page.goto(f"{live_server.url}/wiki/policy-objective/")

    article = page.locator("main")
    expect(article.locator("math")).to_have_count(3)
    expect(article.locator('math[display="block"]')).to_have_count(1)
    expect(article.locator("math").first).to_contain_text("∇")
    assert "$" not in article.inner_text()
    assert page.locator("math").first.evaluate("el => el.namespaceURI").endswith("/MathML")
    # The whole formula is laid out as MathML, not as a line of source text.
    block = article.locator('math[display="block"]')
    assert block.evaluate("el => el.getBoundingClientRect().height") > 20
    assert response.headers["content-security-policy"] == plain
    assert page.locator("main script").count() == 0
    assert violations == []
