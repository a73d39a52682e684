"""The one review mechanism: what an editor reviews (concept revisions, entries, results)
declares its states as a table of allowed moves, and every review asks the same three
questions of it.

1. Is the move in the table? ``Workflow.move(source, target)`` gives the transition, or
   None (nothing moves that the table does not name).
2. Who may make it? A transition names its role (the author, or an editor) and the
   permission an editor needs; ``four_eyes_forbids`` says whether the four-eyes rule keeps
   a reviewer from deciding on text they wrote (``settings.WIKI_FOUR_EYES``).
3. Was it seen as it is? ``seen_is_stale`` compares the version the reviewer read with the
   one stored, so nobody approves text they never saw.

The domains keep what is theirs: how a row is locked, what a move writes, the words of
their refusals. ``wiki.workflow`` (revisions), ``entries.review.workflow`` (entries) and
``results.services`` (proposed results) each declare their table here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

AUTHOR = "author"
EDITOR = "editor"


@dataclass(frozen=True)
class Transition:
    source: str
    target: str
    role: str  # AUTHOR or EDITOR
    action: str  # logged verb
    label: str  # the button
    needs_comment: bool = False
    permission: str = ""  # what an editor needs to make the move


class Workflow:
    """A table of allowed moves between a reviewed thing's states."""

    def __init__(self, *transitions: Transition) -> None:
        self.transitions = transitions
        self._by_move = {(t.source, t.target): t for t in transitions}
        self.targets = frozenset(t.target for t in transitions)
        self.decisions = frozenset(t.target for t in transitions if t.role == EDITOR)

    def move(self, source: str, target: str) -> Transition | None:
        """The transition from ``source`` to ``target``, or None when the table has none."""
        return self._by_move.get((source, target))

    def from_state(self, source: str) -> list[Transition]:
        return [t for t in self.transitions if t.source == source]


def four_eyes_forbids(
    by: AbstractBaseUser | AnonymousUser,
    writers: Iterable[int] | Callable[[], Iterable[int]],
) -> bool:
    """Whether the four-eyes rule keeps ``by`` from deciding on text ``writers`` wrote
    (a callable is asked only while the rule is on: finding the writers may take a query)."""
    if not settings.WIKI_FOUR_EYES:
        return False
    return by.pk in set(writers() if callable(writers) else writers)


def seen_is_stale(seen: int | None, stored: int) -> bool:
    """Whether the version a reviewer read (None: they did not say) is not the one stored."""
    return seen is not None and seen != stored
