"""Markdown read as plain text, for search snippets."""

from __future__ import annotations

from core.plaintext import MARK_END, MARK_START, markdown_to_text, marked_html

NOTE = """## State of the Art (2026-03-14)

**Agentic reinforcement learning** trains [[Large Language Model|language models]] to act
over many turns. See [the survey](https://arxiv.org/abs/2509.02547) and [[Reward Modeling]].

- _GRPO_ variants dominate; the loss is `clip(r, 1-ε, 1+ε)`.
- Returns are $R = \\sum_t \\gamma^t r_t$, with
1. a baseline named in the text.

$$J(\\theta) = \\mathbb{E}[R]$$
"""


def test_markdown_to_text_keeps_the_words_and_drops_the_marks():
    assert markdown_to_text(NOTE) == (
        "State of the Art (2026-03-14) Agentic reinforcement learning trains language models "
        "to act over many turns. See the survey and Reward Modeling. GRPO variants dominate; "
        "the loss is clip(r, 1-ε, 1+ε). Returns are R = \\sum_t \\gamma^t r_t, with "
        "a baseline named in the text. J(\\theta) = \\mathbb{E}[R]"
    )


def test_markdown_to_text_reads_a_window_cut_through_marks():
    cut = "odel|language models]] to act, **not a reward"
    assert markdown_to_text(cut) == "language models to act, not a reward"


def test_markdown_to_text_leaves_ordinary_text_alone():
    text = "snake_case_name costs $5 and $10; 2*3*4 = 24"
    assert markdown_to_text(text) == text


def test_marked_html_escapes_then_marks():
    text = f"a {MARK_START}<script>{MARK_END} & {MARK_START}b"
    assert marked_html(text) == "a <mark>&lt;script&gt;</mark> &amp; b"
