"""A cheap test before an expensive pattern: the words any match must contain.

The reading rules are long alternations built from the cue data; Python tries every
alternative at every position of a sentence, so a sentence that names no reading at all
costs as much as one that does. ``guarded(pattern)`` reads the pattern's own structure
once and finds, for each alternative, a piece of literal text every match of it contains
("abstract", "read", "press release"…). A sentence holding none of those pieces cannot
match, and the pattern is not run on it; otherwise the pattern runs as written, so the
answers are exactly the pattern's. A pattern whose alternatives cannot all be read this way
is always run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from re import _constants as c  # the parser's opcodes: the structure of a pattern
from re import _parser

_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)


def _needed(items) -> frozenset[str] | None:
    """Strings of which every match of ``items`` contains at least one (lower case), or
    None when the structure promises none."""
    choices: list[frozenset[str]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            choices.append(frozenset({"".join(run)}))
            run.clear()

    for op, av in items:
        if op is c.LITERAL:
            run.append(chr(av).lower())
            continue
        close()
        if op is c.SUBPATTERN:
            found = _needed(av[-1])
        elif op is c.ATOMIC_GROUP:
            found = _needed(av)
        elif op is c.BRANCH:
            alternatives = [_needed(branch) for branch in av[1]]
            found = None if None in alternatives else frozenset().union(*alternatives)
        elif op in _REPEATS and av[0] >= 1:
            found = _needed(av[2])
        elif op is c.ASSERT and av[0] == 1:  # a lookahead: its words are in the text too
            found = _needed(av[1])
        else:
            found = None
        if found:
            choices.append(found)
    close()
    if not choices:
        return None
    # The most telling choice: the one whose shortest string is longest.
    return max(choices, key=lambda strings: (min(map(len, strings)), -len(strings)))


class Guarded:
    """An alternation of patterns that runs, on each text, only the alternatives whose
    needed words the text holds, each compiled on its own. The leftmost match of any of
    them, the earliest alternative first at one position, is the match of the whole
    alternation, and an alternative that cannot match anywhere changes nothing: the
    answers are exactly those of the alternation as written."""

    def __init__(self, parts: tuple[str, ...], flags: int = 0) -> None:
        self.sources = parts
        self.pattern = re.compile("|".join(parts), flags)  # compiled whole: checked valid
        self.parts = tuple(re.compile(part, flags) for part in parts)
        needs = [_needed(_parser.parse(part, flags)) for part in parts]
        self.needs = tuple(frozenset(n) if n else None for n in needs)
        self.pieces = tuple(sorted(frozenset().union(*(n for n in needs if n))))
        # Whether any piece occurs at all, in one scan: most texts hold none.
        self.any_piece = re.compile("|".join(map(re.escape, self.pieces))) if self.pieces else None
        self.always = tuple(i for i, needed in enumerate(self.needs) if needed is None)
        self.by_piece: dict[str, tuple[int, ...]] = {
            piece: tuple(i for i, needed in enumerate(self.needs) if needed and piece in needed)
            for piece in self.pieces
        }

    def _for(self, text: str) -> list[re.Pattern[str]]:
        if self.any_piece is None:
            return list(self.parts)
        lowered = text.lower()
        if not self.any_piece.search(lowered):
            return [self.parts[i] for i in self.always]
        wanted = set(self.always)
        for piece in self.pieces:
            if piece in lowered:
                wanted.update(self.by_piece[piece])
        return [self.parts[i] for i in sorted(wanted)]

    @staticmethod
    def _first(parts: list[re.Pattern[str]], text: str, pos: int) -> re.Match[str] | None:
        best = None
        for part in parts:
            match = part.search(text, pos)
            if match is not None and (best is None or match.start() < best.start()):
                best = match
        return best

    def search(self, text: str) -> re.Match[str] | None:
        parts = self._for(text)
        return self._first(parts, text, 0) if parts else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        parts = self._for(text)
        pos = 0
        while parts and pos <= len(text):
            match = self._first(parts, text, pos)
            if match is None:
                return
            yield match
            pos = match.end() if match.end() > match.start() else match.end() + 1


def guarded(*parts: str, flags: int = 0) -> Guarded:
    return Guarded(parts, flags)
