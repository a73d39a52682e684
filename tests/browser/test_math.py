"""Formulas in a real browser: drawn in the shipped math font, with stretching delimiters,
named for a screen reader, shown in the editor's live preview, and no console error."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.factories import UserFactory, make_concept

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "math"
BODY = r"""Attention weighs values by how well their keys match a query:

$$
\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V
$$

- In a list item the loss is $$\mathcal{L} = -\sum_{t=1}^{T} \log p_\theta(x_t)$$ per token.
- The scale $\frac{1}{\sqrt{d_k}}$ keeps $q_i \cdot k_j$ small; a run costs \$5.
"""
FONT_STATUS = """async () => {
  await document.fonts.ready;
  return [...document.fonts]
    .filter((face) => face.family.replace(/["']/g, "") === "STIX Math")
    .map((face) => face.status);
}"""


@pytest.fixture
def watched(page: Page) -> Page:
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.messages = messages
    return page


def _height(page: Page, selector: str) -> float:
    return page.locator(selector).first.evaluate("(e) => e.getBoundingClientRect().height")


def test_a_concept_page_draws_its_formulas_in_the_math_font(watched: Page, live_server):
    page = watched
    concept = make_concept(
        "Scaled Dot-Product Attention",
        summary=r"Attention computes $\mathrm{softmax}(QK^\top/\sqrt{d_k})\,V$ at once.",
        body=BODY,
    )

    page.goto(live_server.url + concept.get_absolute_url())
    page.wait_for_load_state("networkidle")

    assert page.evaluate(FONT_STATUS) == ["loaded"]
    assert page.evaluate("""() => document.fonts.check('16px "STIX Math"')""")
    body = page.locator(".concept-body")
    expect(body.locator('math[display="block"]')).to_have_count(2)
    expect(body.locator('math[display="inline"]')).to_have_count(2)
    expect(page.locator(".concept-summary math")).to_have_count(1)
    expect(body).to_contain_text("a run costs $5.")
    # \left( … \right) grow to the height of the fraction they hold.
    fence = _height(page, '.concept-body mo[form="prefix"][stretchy="true"]')
    plain = _height(page, '.concept-summary mo[stretchy="false"]')
    assert fence > 1.8 * plain, (fence, plain)
    # A screen reader is given words, not the letters of \mathrm{Attention}.
    expect(page.get_by_role("math", name="q sub i, times k sub j", exact=True)).to_be_visible()
    expect(page.get_by_role("math", name="Attention (Q, K, V) equals softmax")).to_be_visible()
    expect(
        page.get_by_role("math", name="script L equals minus sum from t equals 1 to T")
    ).to_be_visible()

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "concept.png"), full_page=True)
    shot = body.locator('math[display="block"]').first.screenshot(path=str(SHOTS / "formula.png"))
    assert len(shot) > 2_000  # a drawn formula, not an empty box
    assert [m for m in page.messages if m.startswith(("error", "pageerror"))] == []


def test_the_editor_help_shows_math_and_the_preview_renders_it(watched: Page, live_server, login):
    page = watched
    UserFactory(username="erin", role="Editor")
    login("erin")

    page.goto(f"{live_server.url}/wiki/new/")
    expect(page.locator("#body-help")).to_contain_text("$x_i^2$")
    expect(page.locator("#body-help")).to_contain_text("$$\\frac{a}{b}$$")
    page.get_by_label("Body", exact=True).fill(r"The loss $$a_b + c_d$$ and $x_1$.")

    preview = page.locator("#preview")
    expect(preview.locator("math")).to_have_count(2)
    expect(preview.locator("em")).to_have_count(0)
    expect(page.get_by_role("math", name="a sub b, plus c sub d")).to_be_visible()
    assert [m for m in page.messages if m.startswith(("error", "pageerror"))] == []
