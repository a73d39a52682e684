"""LaTeX in notes becomes MathML at write time wherever Markdown is rendered: Markdown never
damages it, a screen reader gets words, and nothing hostile gets through inside a formula."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from core.markdown import render_markdown, render_summary
from core.math import MATH_TAGS, MAX_FORMULAS
from tests.factories import make_concept

pytestmark = pytest.mark.django_db

MATH = re.compile(r"<math\b[^>]*>.*?</math>", re.DOTALL)


def _formulas(html: str) -> list[str]:
    return MATH.findall(html)


def _label(formula: str) -> str:
    return re.search(r'aria-label="([^"]*)"', formula).group(1)


def test_inline_math_becomes_mathml_and_keeps_its_backslashes():
    html = render_markdown(r"The norm $\|x\|_2$ of a_1 and $a_1 + b^2$.").html

    assert html.count("<math") == 2
    assert "‖" in html  # \| is a norm, not an escaped pipe
    assert "<msub><mi>a</mi><mn>1</mn></msub>" in html
    assert "$" not in html


def test_display_math_on_its_own_lines_is_a_block():
    html = render_markdown("Before.\n\n$$\n\\frac{a}{b} = \\sum_{i=1}^n x_i\n$$\n\nAfter.").html

    assert '<div class="math"><math' in html
    (formula,) = _formulas(html)
    assert 'display="block"' in formula
    assert "<mfrac>" in formula and "∑" in formula


@pytest.mark.parametrize(
    "text",
    [
        r"The loss $$L = a_b + c_d$$ is what we minimise.",
        "- The loss $$L = a_b + c_d$$ is what we minimise.\n- Another item.",
        "1. The loss is\n   $$L = a_b +\n   c_d$$\n2. Another item.",
    ],
    ids=["sentence", "list item", "numbered item over two lines"],
)
def test_display_math_inside_a_sentence_or_list_item_is_math_and_underscores_stay_in_it(text):
    html = render_markdown(text).html

    (formula,) = _formulas(html)
    assert 'display="block"' in formula
    assert "<msub><mi>a</mi><mi>b</mi></msub>" in formula
    assert "<em>" not in html and "$$" not in html


def test_inline_math_in_a_list_item_is_math_and_its_underscores_no_emphasis():
    html = render_markdown("- first $x_i$ and $y_j$ here\n- second $a_b$").html

    assert len(_formulas(html)) == 3
    assert "<em>" not in html
    assert "<li>first <math" in html


def test_an_escaped_dollar_is_a_dollar_sign():
    html = render_markdown(r"It costs \$5, or \$10 with $x_1$ tax.").html

    assert "It costs $5, or $10 with <math" in html
    assert "\\$" not in html
    assert len(_formulas(html)) == 1


def test_an_upright_word_is_one_identifier_and_the_formula_has_words_for_a_screen_reader():
    source = r"\mathrm{Attention}(Q,K,V) = \mathrm{softmax}\left(\frac{QK^T}{\sqrt{d_k}}\right)V"
    (formula,) = _formulas(render_markdown(f"$${source}$$").html)

    assert "<mi>Attention</mi>" in formula and "<mi>softmax</mi>" in formula
    assert 'mathvariant="normal">A<' not in formula
    assert 'alttext="\\mathrm{Attention}(Q,K,V)' in formula  # the TeX source
    assert _label(formula) == (
        "Attention (Q, K, V) equals softmax (fraction, Q K transpose, over square root of "
        "d sub k, end root, end fraction) V"
    )
    assert 'stretchy="true"' in formula  # \left( … \right) grow with what they hold


@pytest.mark.parametrize(
    ("tex", "spoken"),
    [
        (r"\frac{a}{b}", "a over b"),
        (r"x_i^2", "x sub i squared"),
        (r"\sum_{i=1}^n x_i", "sum from i equals 1 to n, x sub i"),
        (r"\nabla_\theta J(\theta)", "nabla sub theta, J (theta)"),
        (r"\hat{y} \in \mathbb{R}^d", "y hat in double-struck R to the power d"),
        (r"a < b", "a is less than b"),
    ],
)
def test_the_spoken_form_reads_as_words(tex, spoken):
    (formula,) = _formulas(render_markdown(f"${tex}$").html)

    assert _label(formula) == spoken


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("It costs $5 and $10.", "It costs $5 and $10."),
        ("Code: `$x$` stays.", "<code>$x$</code>"),
        ("```\n$$a_b$$\n```", "$$a_b$$"),
        ("Not LaTeX: $\\frac{$ here.", "<code>\\frac{</code>"),
    ],
)
def test_money_code_and_broken_latex_are_shown_as_typed(text, kept):
    assert kept in render_markdown(text).html


HOSTILE_MATH = {
    "script in text": r"$\text{<script>alert(1)</script>}$",
    "img in text": r"$$\text{<img src=x onerror=alert(1)>}$$",
    "href": r"$\href{javascript:alert(1)}{x}$",
    "closing the math": r"$x</math><script>alert(1)</script>$",
    "attribute break-out": '$x" onmouseover="alert(1)$',
    "svg in display": "$$\n<svg onload=alert(1)>\n$$",
    "iframe in text": r"$\text{<iframe src=https://evil.example/>}$",
}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


@pytest.mark.parametrize("source", HOSTILE_MATH.values(), ids=HOSTILE_MATH.keys())
def test_hostile_input_inside_math_is_inert(source):
    html = render_markdown(f"Before {source} after.").html
    parser = _Tags()
    parser.feed(html)

    tags = {tag for tag, _ in parser.tags}
    attributes = {name for _, attrs in parser.tags for name in attrs}
    assert tags <= {"p", "code"} | MATH_TAGS
    assert not {"script", "img", "svg", "iframe"} & tags
    assert [a for a in attributes if a.startswith("on") or a in ("href", "src", "style")] == []
    assert "<script" not in html.lower()
    # What was typed is shown as typed: in the formula's source, or as code.
    assert "after." in html


def test_math_written_as_raw_html_is_not_trusted():
    html = render_markdown('<math><mi href="javascript:x">x</mi></math> ok').html

    assert "<math" not in html and "javascript" not in html


def test_a_concept_page_shows_its_math_in_the_body_and_the_summary(client):
    concept = make_concept(
        "Policy Gradients",
        summary=r"Methods that climb $\nabla_\theta J(\theta)$; costs \$0 & <b>no</b> tags.",
        body=r"The objective is $\nabla_\theta J(\theta)$.",
    )

    page = client.get(concept.get_absolute_url()).content.decode()

    lead = re.search(r'<p class="lead concept-summary">(.*?)</p>', page, re.DOTALL).group(1)
    assert lead.startswith("Methods that climb <math")
    assert "costs $0 &amp; &lt;b&gt;no&lt;/b&gt; tags." in lead
    assert page.count("∇") >= 2
    assert r"$\nabla" not in page


def test_the_summary_is_escaped_and_only_its_math_is_markup():
    html = render_summary(r"A *star* $a_b$ <script>alert(1)</script>")

    assert html.startswith("A *star* <math")
    assert "&lt;script&gt;" in html and "<script" not in html


def test_the_concept_list_shows_summary_math(client):
    make_concept("Scaling Laws", summary=r"Loss falls as $L \propto N^{-\alpha}$.")

    page = client.get("/wiki/").content.decode()

    assert "<math" in page and "∝" in page


def test_two_displayed_formulas_on_one_line_are_two_formulas():
    html = render_markdown("$$a_1$$ and then $$b_2$$").html

    assert len(_formulas(html)) == 2 and "<em>" not in html


# Shapes that would make the converter work hard; bench/hostile_markdown.py times them.
HOSTILE_MATH_SHAPES = {
    "distinct inline formulas": " ".join(f"$a{i}$" for i in range(3_000)),
    "distinct displayed formulas": " ".join(f"$$b{i}$$" for i in range(3_000)),
    "long formulas": "\n\n".join(f"$$y_{{{i}}} = " + "x_1 + " * 40 + "z$$" for i in range(300)),
    "deep nesting": "$" + "x^{" * 300 + "y" + "}" * 300 + "$",
    "deep fractions": "$$" + r"\frac{" * 200 + "1" + "}{2}" * 200 + "$$",
}


@pytest.mark.parametrize("text", HOSTILE_MATH_SHAPES.values(), ids=HOSTILE_MATH_SHAPES.keys())
def test_math_past_the_budget_is_shown_as_typed(text):
    html = render_markdown(text).html

    assert len(_formulas(html)) <= MAX_FORMULAS
    assert "<code>" in html  # the formulas past the budget, as typed


def test_the_budget_leaves_an_ordinary_page_alone():
    text = "\n\n".join(f"Step {i}: $x_{{{i}}} = \\frac{{a_{i}}}{{b}}$." for i in range(300))

    html = render_markdown(text).html

    assert len(_formulas(html)) == 300 and "<code>" not in html
