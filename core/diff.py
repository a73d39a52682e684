"""Word-level diffs between two texts, as HTML with <ins> and <del>.

Lines are matched first and words only inside the lines that changed, so a long page with a
small edit costs a line diff plus a word diff of a few lines, not a word diff of the whole text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

TOKEN = re.compile(r"\s+|\w+|[^\w\s]")
# Beyond this many tokens in one changed block a word diff gets slow; show whole lines.
MAX_WORD_DIFF_TOKENS = 20_000


@dataclass
class Diff:
    html: SafeString
    words_added: int
    words_removed: int

    @property
    def changed(self) -> bool:
        return bool(self.words_added or self.words_removed)


def _words(text: str) -> int:
    return sum(1 for t in TOKEN.findall(text) if not t.isspace())


def _inline(old: str, new: str) -> tuple[str, int, int]:
    """Word-level diff of two short texts: escaped HTML and the words added and removed."""
    a, b = TOKEN.findall(old), TOKEN.findall(new)
    if len(a) + len(b) > MAX_WORD_DIFF_TOKENS:
        return (
            f"<del>{escape(old)}</del><ins>{escape(new)}</ins>",
            _words(new),
            _words(old),
        )
    out: list[str] = []
    added = removed = 0
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        old_part, new_part = "".join(a[i1:i2]), "".join(b[j1:j2])
        if op == "equal":
            out.append(escape(old_part))
            continue
        if old_part:
            out.append(f"<del>{escape(old_part)}</del>")
            removed += _words(old_part)
        if new_part:
            out.append(f"<ins>{escape(new_part)}</ins>")
            added += _words(new_part)
    return "".join(out), added, removed


def diff_inline(old: str, new: str) -> Diff:
    """A one-line field (a title, a summary) diffed word by word."""
    html, added, removed = _inline(old or "", new or "")
    return Diff(mark_safe(html), added, removed)  # every part is escaped


def diff_text(old: str, new: str, *, context: int = 2) -> Diff:
    """Changed lines with ``context`` unchanged lines around them; long unchanged runs fold."""
    a, b = (old or "").splitlines(), (new or "").splitlines()
    rows: list[str] = []
    added = removed = 0

    def line(kind: str, html: str) -> None:
        rows.append(f'<div class="diff-line diff-{kind}">{html or "&nbsp;"}</div>')

    opcodes = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for index, (op, i1, i2, j1, j2) in enumerate(opcodes):
        if op == "equal":
            lines = a[i1:i2]
            head = lines[:context] if index > 0 else []
            tail = lines[-context:] if index < len(opcodes) - 1 else []
            if len(head) + len(tail) >= len(lines):
                head, tail = lines, []
            for text in head:
                line("same", escape(text))
            skipped = len(lines) - len(head) - len(tail)
            if skipped:
                rows.append(
                    f'<div class="diff-skip">{skipped} unchanged line{"s" if skipped != 1 else ""}'
                    "</div>"
                )
            for text in tail:
                line("same", escape(text))
        elif op == "replace":
            html, plus, minus = _inline("\n".join(a[i1:i2]), "\n".join(b[j1:j2]))
            added, removed = added + plus, removed + minus
            line("change", html)
        elif op == "delete":
            text = "\n".join(a[i1:i2])
            removed += _words(text)
            line("change", f"<del>{escape(text)}</del>")
        elif op == "insert":
            text = "\n".join(b[j1:j2])
            added += _words(text)
            line("change", f"<ins>{escape(text)}</ins>")
    body = "".join(rows) if (added or removed) else ""
    if not body and a != b:  # only whitespace moved
        body = '<div class="diff-skip">Only whitespace changed.</div>'
    return Diff(mark_safe(f'<div class="diff">{body}</div>' if body else ""), added, removed)
