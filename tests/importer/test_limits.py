"""Notes get the same length caps as the web forms and the API, as an error with its line."""

from __future__ import annotations

import pytest

from core.limits import MAX_CLAIM
from importer.notes import NoteError
from importer.parse import parse_note


def test_a_claim_over_the_cap_is_an_error_at_its_line():
    summary = "word " * (MAX_CLAIM // 5 + 10)
    text = f"Site\nTopic\n1 article\n{summary}\n1 Oct 2026\n"

    with pytest.raises(NoteError) as caught:
        parse_note(text=text, name="feed.txt")

    assert caught.value.line == 4
    assert caught.value.message == (
        "a claim is longer than 4,000 characters: split it into shorter statements"
    )


def test_a_claim_at_the_cap_is_read():
    summary = "w" * MAX_CLAIM
    text = f"Site\nTopic\n1 article\n{summary}\n1 Oct 2026\n"

    feed = parse_note(text=text, name="feed.txt")

    assert len(feed.entries[0].claims[0].text) == MAX_CLAIM


def test_a_page_body_over_the_cap_is_an_error():
    body = ("A sentence of the page. " * 20 + "\n\n") * 650
    text = f"Title\n\nDefinition\n\nWhat it is.\n\nWhy It Matters\n\n{body}"

    with pytest.raises(NoteError) as caught:
        parse_note(text=text, name="page.txt")

    assert caught.value.message == "the page's text is longer than 300,000 characters"
