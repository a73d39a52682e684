"""The cue words of the evidence rules, read from ``cues.toml`` (data) once, at import.

Each family in the file is a list of phrases (regular-expression alternatives) with a
description, the evidence level its cues point to, and example sentences with the level
the whole engine must give them (checked by tests/evidence/test_cues.py). The grammar that
combines families (subject, verb, object, negation, scope, precedence) stays in Python;
a maintainer widens a family by adding a phrase and an example, without reading it.

A file that does not load, a family missing, an empty or duplicated phrase, a phrase that
is not a valid pattern or an example with an unknown level stops the import with a
``CueError`` naming the family and the phrase: the engine never runs on half its words.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

CUES = Path(__file__).with_name("cues.toml")
FAMILIES = (
    "read_verbs",
    "paper_parts",
    "summaries",
    "limiters",
    "own_channels",
    "authors",
    "channels",
    "people",
    "topic_nouns",
    "speech_verbs",
    "views",
    "heading_summaries",
    "heading_hearsay",
    "heading_views",
    "heading_positions",
    "verdict_words",
    "verdict_idioms",
    "recommended",
    "forecasts",
    "redo_verbs",
)
EXPECTS = {"full_text", "abstract_only", "secondary", "editorial", "none"}


class CueError(ValueError):
    """The cue file is not usable; the message says where."""


@dataclass(frozen=True)
class Example:
    text: str
    expect: str
    scope: str = ""  # the heading the claim sits under, for the heading families


@dataclass(frozen=True)
class Family:
    name: str
    description: str
    signals: str
    phrases: tuple[str, ...]
    examples: tuple[Example, ...]

    @property
    def pattern(self) -> str:
        """The phrases as one non-capturing alternation, for the grammar to embed."""
        return "(?:" + "|".join(self.phrases) + ")"


def load(path: Path = CUES) -> dict[str, Family]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CueError(f"{path.name}: {error}") from error
    missing = [name for name in FAMILIES if name not in data]
    if missing:
        raise CueError(f"{path.name}: missing families {', '.join(missing)}")
    return {name: _family(name, data[name]) for name in FAMILIES}


def _family(name: str, table: dict) -> Family:
    phrases = table.get("phrases")
    if not isinstance(phrases, list) or not phrases:
        raise CueError(f"[{name}]: 'phrases' must be a non-empty list")
    seen: set[str] = set()
    for phrase in phrases:
        if not isinstance(phrase, str) or not phrase.strip():
            raise CueError(f"[{name}]: an empty phrase")
        if phrase in seen:
            raise CueError(f"[{name}]: {phrase!r} is listed twice")
        seen.add(phrase)
        try:
            re.compile(phrase)
        except re.error as error:
            raise CueError(f"[{name}]: {phrase!r} is not a valid pattern ({error})") from error
    examples = []
    for raw in table.get("examples", []):
        if raw.get("expect") not in EXPECTS or not raw.get("text"):
            raise CueError(f"[{name}]: an example needs a text and an expect in {sorted(EXPECTS)}")
        examples.append(Example(raw["text"], raw["expect"], str(raw.get("scope", ""))))
    if not examples:
        raise CueError(f"[{name}]: every family needs at least one example")
    return Family(
        name=name,
        description=str(table.get("description", "")),
        signals=str(table.get("signals", "none")),
        phrases=tuple(phrases),
        examples=tuple(examples),
    )


# EVIDENCE_CUES names another file: a maintainer tries new cues without touching the package.
FAMILY = load(Path(os.environ.get("EVIDENCE_CUES") or CUES))


def cue(name: str) -> str:
    """A family's phrases as one alternation."""
    return FAMILY[name].pattern
