"""Keeps Markdown rendering time linear in the length of the text.

Python-Markdown handles the inline markup of one paragraph by rebuilding the paragraph's
string at every match (an escape, a link, an emphasis…) and scans forward from every ``[``
for the end of a link; its HTML reader scans from every ``<tag`` that never closes to the
end of the text; and each nested list or quote is one more level of recursion. On ordinary
text all of this is cheap. On text built for it (``"[" * 50_000``) the time grows with the
square of the length, and deep nesting raises ``RecursionError``.

``bound_markdown`` runs once before every render and, in linear time:

* shows a ``<tag`` that never closes as the text it is (``&lt;``);
* keeps at most ``MAX_NESTING`` list or quote markers at the start of a line, and at most
  ``MAX_INDENT`` columns of indentation; markers past that are shown as typed;
* renders everything after the first ``MAX_BLOCKS`` blocks (paragraphs, headings, list
  items, quote lines) as plain text, escaped, line breaks kept: each block is one more child of the
  page or list, and Python-Markdown handles each child in time proportional to their
  number;
* renders a paragraph whose markup would be too slow — more than ``PARAGRAPH_BUDGET`` for
  (characters that may start markup) * (length), or past ``MAX_MARKUP`` such characters in
  the whole text — as its plain text, escaped, in one ``<p>``: every character shows, no
  formatting applies.

Text that needs none of this is returned unchanged, so ordinary pages render as before.
"""

from __future__ import annotations

import html
import re

# (markup characters) * (paragraph length). Ordinary notes stay far below it (the densest
# paragraph of the seed pages is under 4,000); a paragraph at the budget renders in about
# 25 ms, so a 300,000-character text of such paragraphs takes about 2 s at worst.
PARAGRAPH_BUDGET = 2_000_000
# Markup characters in the whole text: each link, emphasis or escape costs the renderer tens
# of microseconds whatever the paragraph. The seed pages use under 1,000.
MAX_MARKUP = 20_000
MAX_BLOCKS = 1_000  # a 50 KB page of notes has about 300
MAX_NESTING = 16
MAX_INDENT = 64

BLANK_LINES = re.compile(r"(\n[ \t]*\n)")
TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
MARKUP = re.compile(r"[\\`*_\[<&]|  \n")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})", re.MULTILINE)
BLOCK_START = re.compile(r"\n[ \t]*\n[ \t]*(?=\S)|^[ \t]*(?:#|>|[*+-][ \t]|\d{1,9}[.)][ \t])", re.M)
CONTAINER_PREFIX = re.compile(r"^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])))+", re.M)
MARKER = re.compile(r"[ \t]*(>|[*+-]|\d{1,9}[.)])")
DEEP_INDENT = re.compile(rf"^[ \t]{{{MAX_INDENT + 1},}}", re.MULTILINE)


def _close_stray_tags(text: str) -> str:
    """``<`` starting a tag after the last ``>`` of the text can never close."""
    last_close = text.rfind(">")
    head, tail = text[: last_close + 1], text[last_close + 1 :]
    return head + TAG_START.sub("&lt;", tail)


def _shallow_prefix(match: re.Match) -> str:
    prefix = match.group(0)
    markers = list(MARKER.finditer(prefix))
    if len(markers) <= MAX_NESTING:
        return prefix
    cut = markers[MAX_NESTING].start(1)
    return prefix[:cut] + "\\" + prefix[cut:]


def _limit_nesting(text: str) -> str:
    text = DEEP_INDENT.sub(" " * MAX_INDENT, text)
    return CONTAINER_PREFIX.sub(_shallow_prefix, text)


def _markup_count(paragraph: str) -> int:
    return len(MARKUP.findall(paragraph))


def _plain_paragraph(paragraph: str) -> str:
    return "<p>" + html.escape(paragraph.strip(), quote=False) + "</p>"


def _closed_fences(text: str) -> list[tuple[int, int]]:
    """Where the fenced code blocks are: an opening fence counts only once closed."""
    spans = []
    opening = None
    for match in FENCE.finditer(text):
        if opening is None:
            opening = match
        elif match.group(1)[0] == opening.group(1)[0] and len(match.group(1)) >= len(
            opening.group(1)
        ):
            spans.append((opening.start(), match.end()))
            opening = None
    return spans


def _bound_prose(text: str, budget: list[int]) -> str:
    """``budget``: markup characters the rest of the text may still use (shared, decreasing)."""
    parts = BLANK_LINES.split(text)  # paragraphs at even indexes, blank lines between
    for index in range(0, len(parts), 2):
        paragraph = parts[index]
        if all(line.startswith(("    ", "\t")) for line in paragraph.splitlines() if line.strip()):
            continue  # indented code: never inline-rendered
        markup = _markup_count(paragraph)
        if markup * len(paragraph) > PARAGRAPH_BUDGET or markup > budget[0]:
            parts[index] = "\n\n" + _plain_paragraph(paragraph) + "\n\n"
        else:
            budget[0] -= markup
    return "".join(parts)


def _bound_paragraphs(text: str) -> str:
    """Paragraphs outside fenced code whose markup would be too slow are made plain."""
    budget = [MAX_MARKUP]
    pieces = []
    previous = 0
    for start, end in _closed_fences(text):
        pieces += [_bound_prose(text[previous:start], budget), text[start:end]]
        previous = end
    pieces.append(_bound_prose(text[previous:], budget))
    return "".join(pieces)


def _split_at_block_limit(text: str) -> tuple[str, str]:
    """The first ``MAX_BLOCKS`` blocks as they are, and the rest as plain text."""
    for count, match in enumerate(BLOCK_START.finditer(text), start=1):
        if count == MAX_BLOCKS:
            # One element for the whole rest, its line breaks kept by the stylesheet: a tag
            # per paragraph would cost the renderer as much as the blocks it replaces.
            plain = html.escape(text[match.start() :].strip(), quote=False)
            return text[: match.start()], '\n\n<div class="plain-text">' + plain + "</div>\n"
    return text, ""


def bound_markdown(text: str) -> str:
    """``text`` ready to render in time linear in its length (see the module docstring)."""
    if not text:
        return text
    head, tail = _split_at_block_limit(_limit_nesting(_close_stray_tags(text)))
    return _bound_paragraphs(head) + tail
