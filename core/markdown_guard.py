"""Keeps Markdown rendering time linear in the length of the text.

Python-Markdown handles the inline markup of one paragraph by rebuilding the paragraph's
string at every match (an escape, a link, an emphasis…) and scans forward from every ``[``
for the end of a link; its HTML reader scans from every ``<tag`` that never closes to the
end of the text; and each nested list or quote is one more level of recursion. On ordinary
text all of this is cheap. On text built for it (``"[" * 50_000``) the time grows with the
square of the length, and deep nesting raises ``RecursionError``.

``bound_markdown`` runs once before every render and, in linear time:

* keeps at most ``MAX_NESTING`` list or quote markers at the start of a line, and at most
  ``MAX_INDENT`` columns of indentation; markers past that are shown as typed;
* shows everything after the first ``MAX_BLOCKS`` blocks (paragraphs, headings, list
  items, quote lines) as a code block, exactly as typed: each block is one more child of the
  page or list, and Python-Markdown handles each child in time proportional to their
  number;
* shows a paragraph whose markup would be too slow — more than ``PARAGRAPH_BUDGET`` for
  (characters that may start markup) * (length), or past ``MAX_MARKUP`` such characters in
  the whole text — as a code block: every character shows, no formatting applies;
* shows a ``<tag`` that never closes as the text it is (``&lt;``).

Text that needs none of this is returned unchanged, so ordinary pages render as before.
"""

from __future__ import annotations

import re

# (markup characters) * (paragraph length). Ordinary notes stay far below it (the densest
# paragraph of the seed pages is under 4,000); a paragraph at the budget renders in about
# 25 ms.
PARAGRAPH_BUDGET = 2_000_000
# Markup characters in the whole text: each link, emphasis or escape costs the renderer tens
# of microseconds whatever the paragraph (a link, up to 200). The seed pages use under 100.
MAX_MARKUP = 5_000
MAX_BLOCKS = 1_000  # the 50 KB seed concept page has under 100
MAX_NESTING = 16
MAX_INDENT = 64

BLANK_LINES = re.compile(r"(\n[ \t]*\n)")
TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
MARKUP = re.compile(r"[\\`*_\[<&]|  \n")
FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$", re.MULTILINE)
BACKTICKS = re.compile(r"`+")
BLOCK_START = re.compile(r"\n[ \t]*\n[ \t]*(?=\S)|^[ \t]*(?:#|>|[*+-][ \t]|\d{1,9}[.)][ \t])", re.M)
CONTAINER_PREFIX = re.compile(r"^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])))+", re.M)
MARKER = re.compile(r"[ \t]*(>|[*+-]|\d{1,9}[.)])")
DEEP_INDENT = re.compile(rf"^[ \t]{{{MAX_INDENT + 1},}}", re.MULTILINE)


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


def _as_code(text: str) -> str:
    """``text`` as a fenced code block, shown exactly as typed. The renderer sets fenced code
    aside before anything else reads the text, in time linear in its length."""
    longest = max((len(run) for run in BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"\n\n{fence}\n{text.strip(chr(10))}\n{fence}\n\n"


def _closed_fences(text: str) -> list[tuple[int, int]]:
    """Where the fenced code blocks are, as Python-Markdown reads them: an opening fence at
    the start of a line, closed by the same fence alone on a later line."""
    spans = []
    opening = None
    for match in FENCE.finditer(text):
        if opening is None:
            opening = match
        elif match.group(1) == opening.group(1) and not match.group(2).strip(" "):
            spans.append((opening.start(), match.end()))
            opening = None
    return spans


def _bound_prose(text: str, budget: list[int]) -> list[tuple[str, bool]]:
    """Paragraphs as (text, is_code). ``budget``: markup characters the rest of the text may
    still use (shared, decreasing)."""
    pieces = []
    parts = BLANK_LINES.split(text)  # paragraphs at even indexes, blank lines between
    for index, part in enumerate(parts):
        if index % 2 or all(
            line.startswith(("    ", "\t")) for line in part.splitlines() if line.strip()
        ):
            pieces.append((part, False))  # blank lines, and indented code
            continue
        markup = _markup_count(part)
        if markup * len(part) > PARAGRAPH_BUDGET or markup > budget[0]:
            pieces.append((_as_code(part), True))
        else:
            budget[0] -= markup
            pieces.append((part, False))
    return pieces


def _close_stray_tags(pieces: list[tuple[str, bool]]) -> list[str]:
    """A ``<tag`` after the last ``>`` outside code can never close, and the HTML reader
    would scan from it to the end: show it as text (``&lt;``)."""
    last = max((i for i, (text, code) in enumerate(pieces) if not code and ">" in text), default=-1)
    result = []
    for index, (text, code) in enumerate(pieces):
        if code or index < last:
            result.append(text)
        elif index == last:
            cut = text.rfind(">") + 1
            result.append(text[:cut] + TAG_START.sub("&lt;", text[cut:]))
        else:
            result.append(TAG_START.sub("&lt;", text))
    return result


def _split_at_block_limit(text: str) -> tuple[str, str]:
    """The first ``MAX_BLOCKS`` blocks as they are, and the rest as code, shown as typed."""
    for count, match in enumerate(BLOCK_START.finditer(text), start=1):
        if count == MAX_BLOCKS:
            return text[: match.start()], _as_code(text[match.start() :])
    return text, ""


def bound_markdown(text: str) -> str:
    """``text`` ready to render in time linear in its length (see the module docstring)."""
    if not text:
        return text
    head, tail = _split_at_block_limit(_limit_nesting(text))
    budget = [MAX_MARKUP]
    pieces: list[tuple[str, bool]] = []
    previous = 0
    for start, end in _closed_fences(head):
        pieces += _bound_prose(head[previous:start], budget)
        pieces.append((head[start:end], True))
        previous = end
    pieces += _bound_prose(head[previous:], budget)
    if tail:
        pieces.append((tail, True))
    return "".join(_close_stray_tags(pieces))
