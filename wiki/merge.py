"""Three-way merge of concept edits (the ``merge3`` package), so no edit is lost.

An edit started from revision *base* while someone published *current*: the changes
base→current and base→mine are combined when they touch different lines. When they overlap
nothing is saved; the caller gets an :class:`EditConflict` with both texts.
"""

from __future__ import annotations

from dataclasses import dataclass

from merge3 import Merge3


class MergeConflict(Exception):
    """The two edits changed the same lines (or the same one-line field)."""


@dataclass
class Texts:
    title: str
    summary: str
    body: str


class EditConflict(Exception):
    """An edit based on an old revision overlaps changes published since.

    Carries both versions so the conflict page can keep the user's text in the form and
    show the current text beside it.
    """

    def __init__(self, *, current, mine: Texts, fields: list[str]) -> None:
        self.current = current  # the Revision published meanwhile
        self.mine = mine
        self.fields = fields
        names = ", ".join(fields)
        super().__init__(
            f"Revision {current.number} changed the same part of the page ({names}) "
            "since you started editing."
        )


def _lines(text: str) -> list[str]:
    text = text or ""
    if text and not text.endswith("\n"):
        text += "\n"
    return text.splitlines(keepends=True)


def merge_body(base: str, current: str, mine: str) -> str:
    """Line-based three-way merge; raises MergeConflict when the edits overlap."""
    merger = Merge3(_lines(base), _lines(current), _lines(mine))
    out: list[str] = []
    for group in merger.merge_groups():
        if group[0] == "conflict":
            raise MergeConflict
        out.extend(group[1])
    merged = "".join(out)
    # Keep the author's choice about a final newline: _lines() added one to compare.
    if merged.endswith("\n") and not (mine or "").endswith("\n"):
        merged = merged[:-1]
    return merged


def merge_value(base: str, current: str, mine: str) -> str:
    """A one-line field: whoever changed it wins; both changing it differently conflicts."""
    if mine in (base, current):
        return current
    if current == base:
        return mine
    raise MergeConflict


def merge_texts(*, base: Texts, current: Texts, mine: Texts, current_revision) -> Texts:
    """Merge every field, collecting all conflicts before giving up."""
    merged: dict[str, str] = {}
    conflicts: list[str] = []
    for name, merge in [("title", merge_value), ("summary", merge_value), ("body", merge_body)]:
        try:
            merged[name] = merge(getattr(base, name), getattr(current, name), getattr(mine, name))
        except MergeConflict:
            conflicts.append(name)
    if conflicts:
        raise EditConflict(current=current_revision, mine=mine, fields=conflicts)
    return Texts(**merged)
