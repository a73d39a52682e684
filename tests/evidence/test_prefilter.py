"""The prefilter skips patterns, never answers: every guarded pattern finds exactly what
the alternation as written finds, on every labelled text of the project."""

import functools
import itertools
import json
import re
from pathlib import Path

import pytest

from evidence import caveats, figures, signals, vague
from evidence.prefilter import (
    ALL,
    ANY,
    Guarded,
    Sieved,
    _check,
    _holds,
    _tree_holds,
    guarded,
    sieved,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "evidence"


@functools.cache
def _texts() -> list[str]:
    texts = []
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        if "heldout" in path.parts:
            continue  # the held-out half is only ever scored
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                texts += [item["text"], signals.spelled_out(item["text"]), item.get("scope", "")]
    return sorted({t for t in texts if t})


def _guarded_patterns() -> list[tuple[str, Guarded]]:
    found = []
    for module in (signals, caveats, vague):
        found += [
            (f"{module.__name__}.{n}", p) for n, p in vars(module).items() if isinstance(p, Guarded)
        ]
    found += [(f"caveat {name}", rule.plain) for name, rule in caveats.CAVEAT_RULES]
    return found


def spans(matches) -> list[tuple[int, int]]:
    return [m.span() for m in matches]


@pytest.mark.parametrize(
    ("name", "pattern"), _guarded_patterns(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_guarded_pattern_answers_as_the_whole_alternation(name, pattern):
    texts = _texts()
    assert len(texts) > 1000
    for text in texts:
        # The whole alternation is the slow side: one pass of it gives both answers, as
        # the first match of finditer is what search finds.
        plain = spans(pattern.pattern.finditer(text))
        ours = pattern.search(text)
        assert (ours and ours.span()) == (plain[0] if plain else None), (name, text)
        assert spans(pattern.finditer(text)) == plain, (name, text)


def _sieved_patterns() -> list[tuple[str, Sieved]]:
    found = []
    for module in (signals, figures):
        for name, value in vars(module).items():
            if isinstance(value, Sieved):
                found.append((f"{module.__name__}.{name}", value))
            elif isinstance(value, list):
                items = [v[0] if isinstance(v, tuple) else v for v in value]
                found += [
                    (f"{module.__name__}.{name}[{i}]", v)
                    for i, v in enumerate(items)
                    if isinstance(v, Sieved)
                ]
    return found


@pytest.mark.parametrize(
    ("name", "pattern"), _sieved_patterns(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_sieved_pattern_answers_as_the_pattern(name, pattern):
    for text in _texts():
        assert spans(pattern.finditer(text)) == spans(pattern.pattern.finditer(text)), (name, text)
        assert pattern.sub("_", text) == pattern.pattern.sub("_", text), (name, text)


def test_sieved_patterns_include_the_substitutions_and_materials():
    names = {name for name, _ in _sieved_patterns()}
    assert "evidence.signals._MATERIAL" in names
    assert any(name.startswith("evidence.figures._NOT_FIGURES[") for name in names)
    assert any(name.startswith("evidence.signals._SPELLED_OUT[") for name in names)


def test_needed_words_come_from_every_alternative():
    pattern = guarded(r"\bonly\s+(?:the\s+)?abstract\b", r"\bpress\s+release\b", flags=re.I)
    assert pattern.needs == (
        (frozenset({"abstract"}), frozenset({"only"})),
        (frozenset({"release"}), frozenset({"press"})),
    )
    assert pattern.search("Nothing about the reading here.") is None
    assert pattern.search("From the PRESS release.").group(0) == "PRESS release"


def test_every_needed_choice_must_hold():
    # "abstract" alone is not enough: the alternative also needs "only".
    pattern = guarded(r"\bonly\s+(?:the\s+)?abstract\b", flags=re.I)
    assert pattern.wanted("The abstract says 12 %.") == ()
    assert pattern.wanted("Only the abstract.") == (0,)
    assert pattern.search("We read ONLY THE ABSTRACT").group(0) == "ONLY THE ABSTRACT"


def test_an_alternative_with_a_choice_of_words_needs_one_of_them():
    pattern = guarded(r"\b(?:read|checked)\s+the\s+(?:paper|preprint)\b", flags=re.I)
    assert pattern.search("We checked the preprint.").group(0) == "checked the preprint"
    assert pattern.wanted("We skimmed the preprint.") == ()


def test_a_sieved_pattern_is_skipped_only_where_it_cannot_match():
    pattern = sieved(re.compile(r"\bsupplementary\s+table\s+\d+", re.I))
    assert not pattern.may_match("Table 3 of the paper")
    assert pattern.sub("_", "see Supplementary Table 4.") == "see _."
    assert pattern.search("Table 3 of the paper") is None


def test_an_alternative_without_needed_words_always_runs():
    pattern = guarded(r"\d+\s*[%x]", r"\babstract\b")
    assert pattern.needs[0] is None
    assert pattern.wanted("rose by 12 %") == (0,)
    assert pattern.search("rose by 12 %").group(0) == "12 %"


def test_leftmost_match_wins_and_earlier_alternative_breaks_ties():
    pattern = guarded(r"read\w*", r"reading list", r"abstract")
    assert pattern.search("an abstract, then a reading list").group(0) == "abstract"
    assert pattern.search("a reading list").group(0) == "reading"
    assert [m.group(0) for m in pattern.finditer("abstract; reading list")] == [
        "abstract",
        "reading",
    ]


def test_each_alternative_of_an_alternation_needs_all_of_its_own_words():
    # The words of one alternative ("paper") do not let another ("the paper is thin") run,
    # nor an alternative's first word alone ("dressed" without "up as").
    pattern = guarded(r"\b(?:at\s+best|dressed\s+up\s+as|the\s+paper\s+is\s+thin)\b", flags=re.I)
    assert pattern.wanted("The paper is thick; we dressed the table.") == ()
    assert pattern.search("The paper is thick; we dressed the table.") is None
    assert pattern.wanted("A gain dressed up as a law.") == (0,)
    assert pattern.search("A gain dressed up as a law.").group(0) == "dressed up as"
    sieve = sieved(re.compile(r"\b(?:only\s+the\s+abstract|press\s+release)\b", re.I))
    assert not sieve.may_match("The press read only the summary.")
    assert sieve.may_match("From the press release.")


def test_a_written_out_check_answers_as_the_tree_it_was_written_from():
    # "(dressed and up and as) or at best", its choice "as" or "at best", as one
    # expression: the same answer as the tree on every set of pieces a text may hold; a
    # tree too deep to write out is asked branch by branch.
    needs = (frozenset({"as", "at best"}),)
    tree = (ANY, frozenset({"at best"}), ((ALL, frozenset({"dressed", "up", "as"}), ()),))
    check = _check(needs, tree)
    pieces = ["at best", "dressed", "up", "as", "other"]
    for subset in itertools.chain.from_iterable(
        itertools.combinations(pieces, n) for n in range(len(pieces) + 1)
    ):
        present = frozenset(subset)
        assert check(present) == (_holds(needs, present) and _tree_holds(tree, present))
    assert check(frozenset({"dressed", "up", "as"}))
    assert not check(frozenset({"dressed", "as"}))
    deep = (ALL, frozenset({"word"}), ())
    for _ in range(300):
        deep = (ANY, frozenset(), (deep,))
    deep_check = _check((), deep)
    assert deep_check(frozenset({"word"}))
    assert not deep_check(frozenset({"other"}))
