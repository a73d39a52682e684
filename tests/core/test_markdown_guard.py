"""Pathological Markdown is set aside by the guard on every path that renders, and shown as
typed; ordinary text renders exactly as before. How long hostile text takes to render is a
row of `make bench` (bench/hostile_markdown.py), not a timed test."""

from __future__ import annotations

import pytest

from core.markdown import render_markdown
from core.markdown_guard import MAX_BLOCKS, bound_markdown
from entries.models import Entry
from wiki.models import Concept

HOSTILE = {
    "open brackets": "[" * 50_000,
    "open images": "![" * 25_000,
    "unclosed link addresses": "[a](" * 12_500,
    "footnote starts": "[^" * 25_000,
    "wikilink starts": "[[" * 25_000,
    "unclosed tags": "<a " * 16_000,
    "escapes": "\\[" * 25_000,
    "emphasis": "*a*" * 16_000,
    "nested lists": "* " * 25_000,
    "nested quotes": ">" * 50_000,
    "tiny paragraphs": "a\n\n" * 16_000,
    "headings": "# a\n" * 12_000,
    "unclosed fence": "```\n" + "[" * 50_000,
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_text_is_set_aside_and_rendered_in_full(db, text):
    """The guard rewrites each hostile shape before the renderer sees it (how long that
    takes is a row of ``make bench``), and the reader still gets every character."""
    assert bound_markdown(text) != text

    html = render_markdown(text).html

    assert len(html) >= len(text) // 2  # nothing dropped: at most markup turned into text


def test_fifty_thousand_brackets_show_as_typed(db):
    html = render_markdown("[" * 50_000).html

    assert html.count("[") == 50_000


@pytest.mark.parametrize(
    "text",
    [
        "A [link](https://example.org) and [[Reward Modeling]] with *emphasis*.",
        "# Title\n\n- one\n- two\n\n```\n[not a link\n```\n\n> quote <b>bold</b>",
        "Text [with a stray bracket and <span>inline html</span>.",
    ],
)
def test_ordinary_text_is_left_alone(text):
    assert bound_markdown(text) == text


def test_a_long_page_keeps_its_first_blocks_formatted(db):
    text = "".join(f"Paragraph *{i}*.\n\n" for i in range(MAX_BLOCKS + 50))

    html = render_markdown(text).html

    assert "<em>0</em>" in html
    assert f"<em>{MAX_BLOCKS - 1}</em>" in html
    assert f"Paragraph *{MAX_BLOCKS + 1}*." in html  # past the limit: shown as typed
    assert html.count("<p>") == MAX_BLOCKS


def test_code_is_never_escaped(db):
    code = "```\n" + "[" * 20_000 + "\n```\n"

    html = render_markdown(code + "\n" + "[" * 50_000).html

    assert "\\[" not in html
    assert "[" * 20_000 in html


def test_preview_of_fifty_thousand_brackets_shows_them_all(editor_client):
    response = editor_client.post("/wiki/preview/", {"body": "[" * 50_000})

    assert response.status_code == 200
    assert response.content.decode().count("[") >= 50_000


def test_saving_a_hostile_concept_keeps_it_as_typed(editor_client):
    response = editor_client.post(
        "/wiki/new/", {"title": "Brackets", "summary": "s", "body": "[" * 50_000}
    )

    assert response.status_code == 302
    assert Concept.objects.get(title="Brackets").current_revision.html.count("[") == 50_000


def test_saving_a_hostile_entry_keeps_it_as_typed(contributor_client, topic):
    data = {
        "op": "save",
        "date": "2026-10-01",
        "headline": "Brackets",
        "lead": "[" * 20_000,
        "topics": [topic.pk],
        "claims-TOTAL_FORMS": "1",
        "claims-INITIAL_FORMS": "0",
        "claims-0-text": "[" * 4_000,
        "claims-0-paper": "",
        "claims-0-quote": "",
        "claims-0-evidence": "unmarked",
    }
    response = contributor_client.post("/entries/new/", data)

    assert response.status_code == 302
    assert Entry.objects.get(headline="Brackets").lead_html.count("[") == 20_000
