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

A text that passes those few choices is then asked the whole of what a match needs, as a
tree of ALL and ANY: each alternative of an inner alternation with its own words ("dressed
up as" needs all three), where the choices kept only that one of its first words is there.

Every piece of every pattern is looked for in a sentence at once, in one pass of an
Aho-Corasick automaton, and the answer is kept for the sentence: the dozens of patterns
that read one sentence share one scan.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from re import _constants as c  # the parser's opcodes: the structure of a pattern
from re import _parser

import ahocorasick

_REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT)


# What a match needs, read from the pattern's structure, as a tree: a piece of text (lower
# case), or every one of some needs (ALL), or one of them at least (ANY: an alternation,
# each alternative with its own). The choices (``_needed``) keep the most telling few words
# of it and answer most texts at once; a text that passes them is asked the whole tree
# (``_tree_holds``), exact about every alternative: "at best" needs "best", "dressed up as"
# needs "dressed", "up" and "as", where the choices only know that one of a hundred first
# words is there.
ALL, ANY = "all", "any"
Need = str | tuple[str, tuple["Need", ...]]
_Test = tuple[str, frozenset[str], tuple["_Test", ...]]  # a need as sets: kind, pieces, nested


def _tree(items) -> Need | None:
    """What every match of ``items`` needs, or None when it promises nothing."""
    needs: list[Need] = []
    run: list[str] = []

    def close() -> None:
        if run:
            needs.append("".join(run))
            run.clear()

    for op, av in items:
        if op is c.LITERAL:
            run.append(chr(av).lower())
            continue
        close()
        need = None
        if op is c.SUBPATTERN:
            need = _tree(av[-1])
        elif op is c.ATOMIC_GROUP:
            need = _tree(av)
        elif op is c.BRANCH:
            alternatives = [_tree(branch) for branch in av[1]]
            if None not in alternatives:
                need = _joined(ANY, alternatives)
        elif op in _REPEATS and av[0] >= 1:
            need = _tree(av[2])
        elif op is c.ASSERT and av[0] == 1:  # a lookahead: its words are in the text too
            need = _tree(av[1])
        if need is not None:
            needs.append(need)
    close()
    return _joined(ALL, needs) if needs else None


def _joined(kind: str, needs: list[Need]) -> Need:
    """``needs`` under one ALL or ANY, nested ones of the same kind flattened, each once,
    the plain pieces first (the cheapest to test), the longest of them first."""
    flat: dict[Need, None] = {}
    for need in needs:
        if isinstance(need, tuple) and need[0] == kind:
            flat.update(dict.fromkeys(need[1]))
        else:
            flat[need] = None
    if len(flat) == 1:
        return next(iter(flat))
    ordered = sorted(flat, key=lambda n: (0, -len(n)) if isinstance(n, str) else (1, 0))
    return (kind, tuple(ordered))


def _choices(need: Need | None) -> list[frozenset[str]]:
    """What every match with ``need`` contains, as a list of choices, each a set of
    strings of which a match holds at least one: a match holds one of every choice (an
    alternation's choice is the union of its alternatives' most telling ones)."""
    if need is None:
        return []
    if isinstance(need, str):
        return [frozenset({need})]
    kind, children = need
    if kind == ALL:
        return [choice for child in children for choice in _choices(child)]
    return [frozenset().union(*(_best(_choices(child)) for child in children))]


def _best(choices: list[frozenset[str]]) -> frozenset[str] | None:
    """The most telling choice: the one whose shortest string is longest."""
    if not choices:
        return None
    return max(choices, key=lambda strings: (min(map(len, strings)), -len(strings)))


def _needed(need: Need | None) -> tuple[frozenset[str], ...] | None:
    """The choices every match with ``need`` satisfies, most telling first (at most
    ``_KEPT``: a few already rule out almost every text), or None when the structure
    promises none."""
    choices = sorted(
        set(_choices(need)), key=lambda strings: (-min(map(len, strings)), len(strings))
    )
    return tuple(choices[:_KEPT]) or None


_KEPT = 3


def _holds(needs: tuple[frozenset[str], ...], present: frozenset[str]) -> bool:
    """Does a text whose pieces are ``present`` hold one string of every choice?"""
    return all(not choice.isdisjoint(present) for choice in needs)


def _tree_pieces(need: Need) -> Iterator[str]:
    if isinstance(need, str):
        yield need
    else:
        for child in need[1]:
            yield from _tree_pieces(child)


def _compiled(need: Need | None) -> _Test | None:
    """``need`` as tests of sets: the plain pieces of an ALL or an ANY are one set, tested
    at once (a subset, an overlap), the nested needs after them."""
    if need is None:
        return None
    if isinstance(need, str):
        return (ALL, frozenset({need}), ())
    kind, children = need
    pieces = frozenset(child for child in children if isinstance(child, str))
    nested = tuple(_compiled(child) for child in children if not isinstance(child, str))
    return (kind, pieces, nested)


def _check(
    needs: tuple[frozenset[str], ...], test: _Test | None
) -> Callable[[frozenset[str]], bool]:
    """``_holds(needs, present) and _tree_holds(test, present)`` as one function, the
    set tests written out as one expression: a text is asked the whole of what a match
    needs in one call, not in a call per branch of the tree."""
    constants: list[frozenset[str]] = []

    def constant(pieces: frozenset[str]) -> str:
        constants.append(pieces)
        return f"C[{len(constants) - 1}]"

    def expression(t: _Test) -> str:
        kind, pieces, nested = t
        terms = []
        if kind == ALL:
            terms += [f"{piece!r} in s" for piece in sorted(pieces, key=len, reverse=True)]
        elif pieces:
            terms.append(f"not {constant(pieces)}.isdisjoint(s)")
        terms += [f"({expression(child)})" for child in nested]
        if not terms:
            return "True" if kind == ALL else "False"
        return (" and " if kind == ALL else " or ").join(terms)

    terms = [f"not {constant(choice)}.isdisjoint(s)" for choice in needs]
    if test is not None:
        terms.append(f"({expression(test)})")
    try:
        return eval(f"lambda s: {' and '.join(terms) or 'True'}", {"C": tuple(constants)})
    except (SyntaxError, RecursionError, MemoryError):  # a tree too deep to write out
        return lambda present: _holds(needs, present) and _tree_holds(test, present)


def _tree_holds(test: _Test | None, present: frozenset[str]) -> bool:
    """Does a text whose pieces are ``present`` hold what ``test`` asks (None asks
    nothing)?"""
    if test is None:
        return True
    kind, pieces, nested = test
    if kind == ALL:
        return pieces <= present and all(_tree_holds(child, present) for child in nested)
    return not pieces.isdisjoint(present) or any(_tree_holds(child, present) for child in nested)


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
        trees = [_tree(_parser.parse(part, flags)) for part in parts]
        self.needs = tuple(_needed(tree) for tree in trees)
        self.checks = tuple(
            _check(needed[1:] if needed else (), _compiled(tree))
            for needed, tree in zip(self.needs, trees, strict=True)
        )
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
        _PIECES.register(piece for tree in trees if tree for piece in _tree_pieces(tree))

    def _for(self, text: str) -> list[re.Pattern[str]]:
        return [self.parts[i] for i in _wanted(self, text)]

    def wanted(self, text: str) -> tuple[int, ...]:
        """The alternatives whose needed words ``text`` holds, in order."""
        present = _present(text)
        hits = self.pieces.intersection(present)
        if not hits:
            return self.always
        candidates = {i for piece in hits for i in self.by_piece[piece]}
        wanted = set(self.always)
        checks = self.checks
        wanted.update(i for i in candidates if checks[i](present))
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
        tree = _tree(_parser.parse(pattern.pattern, pattern.flags))
        self.needs = _needed(tree)
        self.check = _check(self.needs or (), _compiled(tree))
        if self.needs:
            _PIECES.register(piece for choice in self.needs for piece in choice)
        if tree:
            _PIECES.register(_tree_pieces(tree))

    def may_match(self, text: str) -> bool:
        if self.needs is None:
            return True
        return self.check(_present(text))

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
        return frozenset(map(_second, self.automaton.iter(lowered)))


_PIECES = _Pieces()
_second = itemgetter(1)  # a found piece's value: the piece


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
