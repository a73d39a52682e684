"""Searching without accents: "Godel" finds "Gödel" and "Gödel" finds "Godel".

PostgreSQL has the ``unaccent`` extension: the full-text configuration (core.fulltext.CONFIG)
runs words through it before stemming, and ``field__unaccent__icontains`` strips both sides of
a plain match. SQLite has no such function, so every SQLite connection gets one of the same
name (``register_unaccent``) and the same lookups work there unchanged.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that are not a base letter plus a combining mark, so decomposing leaves them as
# they are; PostgreSQL's unaccent rules fold these too.
_LETTERS = str.maketrans(
    {
        "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
        "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH",
        "\u0131": "i", "ħ": "h", "Ħ": "H",
    }
)  # fmt: skip


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    folded = char.translate(_LETTERS)
    if folded != char:
        return folded
    decomposed = unicodedata.normalize("NFKD", char)
    return "".join(c for c in decomposed if not unicodedata.combining(c)) or char


def unaccent(text: str | None) -> str | None:
    """``text`` with accents and ligatures taken off ("Schön" → "Schon", "ß" → "ss");
    case kept, as PostgreSQL's ``unaccent`` keeps it."""
    if text is None:
        return None
    if text.isascii():
        return text
    return "".join(_fold_char(c) for c in text)


def fold_in_place(text: str) -> str:
    """``text`` lower-cased and unaccented letter for letter, the same length, so a position
    found in the result is the same position in ``text`` (for snippets and highlights)."""
    if text.isascii():
        return text.lower()
    return "".join((_fold_char(c)[:1] or c).lower() for c in text)


def register_unaccent(sender, connection, **kwargs) -> None:
    """Give an SQLite connection an ``unaccent()`` SQL function (``connection_created``)."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("unaccent", 1, unaccent, deterministic=True)
