"""A cheap test before an expensive pattern: the words any match must contain.

The reading rules are long alternations built from the cue data; Python tries every
alternative at every position of a sentence, so a sentence that names no reading at all
costs as much as one that does. ``guarded(pattern)`` reads the pattern's own structure
once and finds, for each alternative, the pieces of literal text every match of it
contains ("abstract", "read", "press release"…): a few choices, each a set of strings of
which a match holds at least one ("read" or "checked", and "paper" or "it"). A sentence
that fails one choice cannot match, and the alternative is not run on it; otherwise it
runs as written, so the answers are exactly the pattern's. An alternative whose structure
promises no piece is always run. ``sieved(pattern)`` does the same for one pattern.

Every piece of every pattern is looked for in a sentence at once, in one pass of an
Aho-Corasick automaton, and the answer is kept for the sentence: the dozens of patterns
that read one sentence share one scan.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from re import _constants as c  # the parser's opcodes: the structure of a pattern
from re import _parser

import ahocorasick

_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)


def _choices(items) -> list[frozenset[str]]:
    """What every match of ``items`` contains: a list of choices, each a set of strings
    (lower case) of which a match holds at least one; a match holds one of every choice."""
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
            choices += _choices(av[-1])
        elif op is c.ATOMIC_GROUP:
            choices += _choices(av)
        elif op is c.BRANCH:
            alternatives = [_best(_choices(branch)) for branch in av[1]]
            if None not in alternatives:
                choices.append(frozenset().union(*alternatives))
        elif op in _REPEATS and av[0] >= 1:
            choices += _choices(av[2])
        elif op is c.ASSERT and av[0] == 1:  # a lookahead: its words are in the text too
            choices += _choices(av[1])
    close()
    return choices


def _best(choices: list[frozenset[str]]) -> frozenset[str] | None:
    """The most telling choice: the one whose shortest string is longest."""
    if not choices:
        return None
    return max(choices, key=lambda strings: (min(map(len, strings)), -len(strings)))


def _needed(items) -> tuple[frozenset[str], ...] | None:
    """The choices every match of ``items`` satisfies, most telling first (at most
    ``_KEPT``: a few already rule out almost every text), or None when the structure
    promises none."""
    choices = sorted(
        set(_choices(items)), key=lambda strings: (-min(map(len, strings)), len(strings))
    )
    return tuple(choices[:_KEPT]) or None


_KEPT = 3


def _holds(needs: tuple[frozenset[str], ...], present: frozenset[str]) -> bool:
    """Does a text whose pieces are ``present`` hold one string of every choice?"""
    return all(not choice.isdisjoint(present) for choice in needs)


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
        self.needs = tuple(_needed(_parser.parse(part, flags)) for part in parts)
        firsts = [needed[0] for needed in self.needs if needed]
        self.pieces = frozenset().union(*firsts)
        self.always = tuple(i for i, needed in enumerate(self.needs) if needed is None)
        self.by_piece: dict[str, tuple[int, ...]] = {
            piece: tuple(i for i, needed in enumerate(self.needs) if needed and piece in needed[0])
            for piece in self.pieces
        }
        _PIECES.register(
            piece for needed in self.needs if needed for choice in needed for piece in choice
        )

    def _for(self, text: str) -> list[re.Pattern[str]]:
        return [self.parts[i] for i in _wanted(self, text)]

    def wanted(self, text: str) -> tuple[int, ...]:
        """The alternatives whose needed words ``text`` holds, in order."""
        present = _present(text)
        hits = self.pieces.intersection(present)
        if not hits:
            return self.always
        wanted = set(self.always)
        for piece in hits:
            wanted.update(i for i in self.by_piece[piece] if _holds(self.needs[i][1:], present))
        return tuple(sorted(wanted))

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


class Sieved:
    """One pattern, run only on a text that holds the words every match of it needs."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.needs = _needed(_parser.parse(pattern.pattern, pattern.flags))
        if self.needs:
            _PIECES.register(piece for choice in self.needs for piece in choice)

    def may_match(self, text: str) -> bool:
        if self.needs is None:
            return True
        return _holds(self.needs, _present(text))

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self.may_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text) if self.may_match(text) else iter(())

    def sub(self, replacement, text: str) -> str:
        return self.pattern.sub(replacement, text) if self.may_match(text) else text


def sieved(pattern: re.Pattern[str]) -> Sieved:
    return Sieved(pattern)


class _Pieces:
    """Every needed piece of every guarded pattern, found in a text in one pass
    (Aho-Corasick): one scan of a sentence answers every pattern's test."""

    def __init__(self) -> None:
        self.pieces: set[str] = set()
        self.automaton: ahocorasick.Automaton | None = None

    def register(self, pieces: Iterable[str]) -> None:
        before = len(self.pieces)
        self.pieces.update(pieces)
        if len(self.pieces) != before:
            self.automaton = None
            _present.cache_clear()

    def present(self, lowered: str) -> frozenset[str]:
        if self.automaton is None:
            automaton = ahocorasick.Automaton()
            for piece in self.pieces:
                automaton.add_word(piece, piece)
            automaton.make_automaton()
            self.automaton = automaton
        return frozenset(piece for _, piece in self.automaton.iter(lowered))


_PIECES = _Pieces()


@functools.lru_cache(maxsize=8192)
def _present(text: str) -> frozenset[str]:
    """The needed pieces ``text`` holds, whatever their case."""
    return _PIECES.present(text.lower())


@functools.lru_cache(maxsize=8192)
def _wanted(pattern: Guarded, text: str) -> tuple[int, ...]:
    # One sentence is tried by the same pattern several times while a claim is read.
    return pattern.wanted(text)


def guarded(*parts: str, flags: int = 0) -> Guarded:
    return Guarded(parts, flags)
