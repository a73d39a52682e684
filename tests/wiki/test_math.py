"""LaTeX in notes becomes MathML at write time; Markdown never damages it."""

from __future__ import annotations

import pytest

from tests.factories import make_concept
from wiki.markdown import render_markdown

pytestmark = pytest.mark.django_db


def test_inline_math_becomes_mathml_and_keeps_its_backslashes():
    html = render_markdown(r"The norm $\|x\|_2$ of a_1 and $a_1 + b^2$.").html

    assert html.count("<math") == 2
    assert "‖" in html  # \| is a norm, not an escaped pipe
    assert "<msub><mi>a</mi><mn>1</mn></msub>" in html
    assert "$" not in html


def test_display_math_is_a_block():
    html = render_markdown("Before.\n\n$$\n\\frac{a}{b} = \\sum_{i=1}^n x_i\n$$\n\nAfter.").html

    assert (
        '<div class="math"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'
        in html
    )
    assert "<mfrac>" in html and "∑" in html


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("It costs $5 and $10.", "It costs $5 and $10."),
        ("Code: `$x$` stays.", "<code>$x$</code>"),
        ("Not LaTeX: $\\frac{$ here.", "<code>\\frac{</code>"),
    ],
)
def test_money_code_and_broken_latex_are_shown_as_typed(text, kept):
    assert kept in render_markdown(text).html


def test_math_written_as_raw_html_is_not_trusted():
    html = render_markdown('<math><mi href="javascript:x">x</mi></math> ok').html

    assert "<math" not in html and "javascript" not in html


def test_a_concept_page_shows_its_math(client):
    concept = make_concept("Policy Gradients", body=r"The objective is $\nabla_\theta J(\theta)$.")

    page = client.get(concept.get_absolute_url()).content.decode()

    assert "<math" in page and "∇" in page
    assert r"$\nabla" not in page
