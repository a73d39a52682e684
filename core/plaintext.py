"""Markdown read as plain text, for places that show a few words of a note: search
snippets, where ``**bold**`` or ``[[Title|label]]`` would be noise.

Regular expressions rather than the renderer, on purpose: a snippet is a window cut out of
a text (by ``ts_headline`` or by us), so its Markdown is often unbalanced — a wikilink
without its start, a bold without its end. The rules below read what is whole and drop the
stray marks of what is not. Nothing here makes HTML: ``marked_html`` escapes the text and
only then turns the match markers into ``<mark>`` tags.
"""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Where a match starts and ends, inside text that is still plain: characters no note holds
# (C0 controls), so no rule below mistakes them for Markdown and escaping leaves them alone.
MARK_START = "\x02"
MARK_END = "\x03"

_LINES = [
    (re.compile(r"(?m)^[ \t]*(?:`{3,}|~{3,})[^\n`]*$"), ""),  # code fences
    (re.compile(r"(?m)^[ \t]*(?:[-*_][ \t]*){3,}$"), ""),  # horizontal rules
    (re.compile(r"(?m)^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$"), ""),  # tables
    (re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+"), ""),  # heading marks
    (re.compile(r"(?m)[ \t]+#+[ \t]*$"), ""),  # closing heading marks
    (re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+"), ""),  # quotes
    (re.compile(r"(?m)^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?"), ""),  # lists
]
_INLINE = [
    (re.compile(r"(?s)\$\$(.+?)\$\$"), r"\1"),  # display maths
    (re.compile(r"(?<![\\$\w])\$(?=\S)([^$\n]+?)(?<=\S)\$(?![\w$])"), r"\1"),  # inline maths
    (re.compile(r"(`+)(.+?)\1"), r"\2"),  # code
    (re.compile(r"!\[([^\]\n]*)\]\([^)\n]*\)"), r"\1"),  # images: their alt text
    (re.compile(r"\[\[[^\[\]|\n]{1,200}\|([^\[\]\n]{1,200})\]\]"), r"\1"),  # [[Title|label]]
    (re.compile(r"\[\[([^\[\]|\n]{1,200})\]\]"), r"\1"),  # [[Title]]
    (re.compile(r"^[^\[\]|\n]{0,200}\|([^\[\]|\n]{1,200})\]\]"), r"\1"),  # a cut "Title|label]]"
    (re.compile(r"\[\^[^\]\n]+\]"), ""),  # footnote references
    (re.compile(r"\[([^\]\n]+)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+\"[^\"\n]*\")?\)"), r"\1"),
    (re.compile(r"\[([^\]\n]+)\]\[[^\]\n]*\]"), r"\1"),  # reference links
    (re.compile(r"<((?:https?|mailto):[^>\s]+)>"), r"\1"),  # autolinks
    (re.compile(r"</?[A-Za-z][^<>\n]*>"), ""),  # raw HTML tags
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1"), r"\2"),  # strong
    (re.compile(r"(?<![\w*\\])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])"), r"\1"),  # emphasis
    (re.compile(r"(?<![\w\\])_(?=\S)([^_\n]+?)(?<=\S)_(?!\w)"), r"\1"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), r"\1"),  # strikethrough
    (re.compile(r"\*\*|__|\[\[|\]\]|`+|\$\$"), ""),  # halves of marks a window cut through
    (re.compile(r"\\([\\`*_{}\[\]()#+\-.!|$<>~])"), r"\1"),  # backslash escapes
    (re.compile(r"\s*\|\s*"), " "),  # table cells
]
_SPACE = re.compile(r"\s+")
_MARKED = re.compile(f"{MARK_START}([^{MARK_START}{MARK_END}]*){MARK_END}")


def markdown_to_text(text: str) -> str:
    """The words of a Markdown text (or of a piece of one) on one line, marks removed:
    ``See [[Reward Model|reward models]], **not** `RLHF`.`` → ``See reward models, not RLHF.``"""
    text = text or ""
    for pattern, repl in _LINES:
        text = pattern.sub(repl, text)
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return _SPACE.sub(" ", text).strip()


def marked_html(text: str) -> SafeString:
    """Plain text with MARK_START/MARK_END around matches, as HTML: everything escaped,
    then each whole pair becomes ``<mark>…</mark>``; a marker left without its pair goes."""
    html = _MARKED.sub(r"<mark>\1</mark>", escape(text))
    return mark_safe(html.replace(MARK_START, "").replace(MARK_END, ""))  # escaped above
