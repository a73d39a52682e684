"""The prefilter skips patterns, never answers: every guarded pattern finds exactly what
the alternation as written finds, on every labelled text of the project."""

import functools
import json
import re
from pathlib import Path

import pytest

from evidence import caveats, signals, vague
from evidence.prefilter import Guarded, guarded

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
        plain = pattern.pattern.search(text)
        ours = pattern.search(text)
        assert (ours and ours.span()) == (plain and plain.span()), (name, text)
        assert spans(pattern.finditer(text)) == spans(pattern.pattern.finditer(text)), (name, text)


def test_needed_words_come_from_every_alternative():
    pattern = guarded(r"\bonly\s+(?:the\s+)?abstract\b", r"\bpress\s+release\b", flags=re.I)
    assert pattern.needs == (frozenset({"abstract"}), frozenset({"release"}))
    assert pattern.search("Nothing about the reading here.") is None
    assert pattern.search("From the PRESS release.").group(0) == "PRESS release"


def test_an_alternative_without_needed_words_always_runs():
    pattern = guarded(r"\d+\s*[%x]", r"\babstract\b")
    assert pattern.needs[0] is None
    assert pattern.search("rose by 12 %").group(0) == "12 %"


def test_leftmost_match_wins_and_earlier_alternative_breaks_ties():
    pattern = guarded(r"read\w*", r"reading list", r"abstract")
    assert pattern.search("an abstract, then a reading list").group(0) == "abstract"
    assert pattern.search("a reading list").group(0) == "reading"
    assert [m.group(0) for m in pattern.finditer("abstract; reading list")] == [
        "abstract",
        "reading",
    ]
