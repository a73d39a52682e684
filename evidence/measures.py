"""Measures known by their abbreviations (``measures.toml``, data), loaded once, at import.

``spelt_out(metric)`` names a measure in full with its abbreviation, whichever of the two
the words gave: "WER" and "word error rate" both become "word error rate (WER)", "median
OS" becomes "median overall survival (OS)". So a proposed result's measure reads the same
in every claim, and the results table groups one measure under one name.

An abbreviation is expanded only as the head of the name (its last word, or before a
bracket or a capitalised qualifier such as "RECIST 1.1"): in "ORR half-wave potential" it
qualifies another measure and stays. A file that does not load, an empty key or name, or a
key that is not one word stops the import with a ``MeasureError``.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

MEASURES_FILE = Path(__file__).with_name("measures.toml")
_KEY = re.compile(r"[A-Za-z][A-Za-z\d@&+-]*")


class MeasureError(ValueError):
    """The measures file is missing, malformed or has an invalid entry."""


def load(path: Path = MEASURES_FILE) -> tuple[dict[str, str], dict[str, str]]:
    """The names and the better directions ("higher", "lower" or "") by abbreviation."""
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))["abbreviations"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as error:
        raise MeasureError(f"{path.name}: {error}") from error
    for key, entry in table.items():
        if (
            not _KEY.fullmatch(key)
            or not isinstance(entry, dict)
            or set(entry) != {"name", "better"}
            or not str(entry["name"]).strip()
            or entry["better"] not in ("higher", "lower", "")
        ):
            raise MeasureError(
                f"{path.name}: {key!r} = {entry!r} is not an abbreviation with a name and "
                'which way is better ("higher", "lower" or "")'
            )
    return (
        {key: entry["name"] for key, entry in table.items()},
        {key: entry["better"] for key, entry in table.items()},
    )


ABBREVIATIONS, BETTER = load()
# Longest first, so "SI-SDR" is read before "SDR".
_ABBRS = "|".join(re.escape(k) for k in sorted(ABBREVIATIONS, key=len, reverse=True))
# A full name of one word ("accuracy", "perplexity") is written in full: no abbreviation added.
_BY_NAME = {name.casefold(): key for key, name in ABBREVIATIONS.items() if " " in name}
_NAMES = "|".join(re.escape(n) for n in sorted(_BY_NAME, key=len, reverse=True))
# An abbreviation as the head of a name: last, or before a bracket or a capitalised qualifier.
_ABBREVIATION = re.compile(rf"(?<![\w-])(?P<abbr>{_ABBRS})(?![\w-])(?=\s*(?:$|\(|[A-Z\d]))")
# An abbreviation anywhere, not already inside the brackets after its name.
_ANYWHERE = re.compile(rf"(?<![\w-])(?P<abbr>{_ABBRS})(?![\w-])(?!\s*\))")
# A full name not already followed by its abbreviation.
_NAME = re.compile(rf"(?<![\w-])(?P<name>{_NAMES})(?![\w-])(?!\s*\()", re.IGNORECASE)
# A full name as the head of a name, its abbreviation and capitalised qualifiers after it.
_HEAD_NAME = re.compile(
    rf"(?<![\w-])(?i:(?P<name>{_NAMES}))(?:\s*\([^()]*\))?\s*(?:[A-Z\d][^a-z]*)?$"
)


@lru_cache(maxsize=1024)
def better(metric: str) -> str | None:
    """Which way is better for a measure whose head this file names ("median OS", "word
    error rate (WER)", "ORR RECIST 1.1"): "higher", "lower" or ""; None when it names none."""
    m = _ABBREVIATION.search(metric)
    if m:
        return BETTER[m["abbr"]]
    m = _HEAD_NAME.search(metric)
    return BETTER[_BY_NAME[m["name"].casefold()]] if m else None


def spelt_out(metric: str) -> str:
    """``metric`` with its head abbreviation spelt out, or its full name abbreviated."""
    m = _ABBREVIATION.search(metric)
    if m:
        name = ABBREVIATIONS[m["abbr"]]
        if name.casefold() in metric.casefold():
            return metric
        return f"{metric[: m.start()]}{name} ({m['abbr']}){metric[m.end() :]}"
    m = _NAME.search(metric)
    if m:
        abbr = _BY_NAME[m["name"].casefold()]
        if re.search(rf"(?<![\w-]){re.escape(abbr)}(?![\w-])", metric):
            return metric
        return f"{metric[: m.end()]} ({abbr}){metric[m.end() :]}"
    return metric


def comparable(metric: str) -> str:
    """``metric`` with every abbreviation in it spelt out, head or not, and every full name
    abbreviated: two names of one measure compare equal ("MAPE of weekly admissions" and
    "mean absolute percentage error (MAPE)")."""
    metric = _NAME.sub(lambda m: f"{m['name']} ({_BY_NAME[m['name'].casefold()]})", metric)
    return _ANYWHERE.sub(
        lambda m: (
            m[0]
            if ABBREVIATIONS[m["abbr"]].casefold() in metric.casefold()
            else f"{ABBREVIATIONS[m['abbr']]} ({m['abbr']})"
        ),
        metric,
    )
