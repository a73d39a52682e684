"""Citation keys: the name a LaTeX document cites a paper by (``\\cite{vaswani2017attention}``).

A paper gets its key once, when it joins the library: the key of the file it was imported
from, else one made here from its first author, year and first title word, with a letter
added when another paper holds it already. The key is stored; exports read it and never
invent one, so sorting or filtering an export cannot move a key to another paper.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

KEY_MAX_LENGTH = 100
# What biber and BibTeX accept in a key without quoting: no spaces, commas, braces,
# quotes, parentheses, "=", "#" or "%".
KEY_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_:.\-/+]{0,99}")
KEY_RULE = (
    "A citation key is a letter or digit followed by letters, digits and _ : . - / + "
    f"(at most {KEY_MAX_LENGTH} characters, no spaces)."
)
_STOP_WORDS = {"a", "an", "the", "on", "of", "in", "for", "and", "to", "is", "with"}


def key_valid(key: str) -> bool:
    return bool(KEY_PATTERN.fullmatch(key))


def _ascii_word(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]", "", folded).lower()


def key_base(*, first_author: str, year: int | None, title: str) -> str:
    """``surnameYEARfirstword``, as Google Scholar and Zotero make them: ``anon`` without
    an author, no year without a date, the first title word that is not a stop word."""
    surname = _ascii_word(first_author.split()[-1]) if first_author.split() else ""
    words = (_ascii_word(w) for w in title.split())
    first = next((w for w in words if w and w not in _STOP_WORDS), "")
    return f"{surname or 'anon'}{year or ''}{first}"[: KEY_MAX_LENGTH - 4]


def _suffix(n: int) -> str:
    """1 → a, 26 → z, 27 → aa."""
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def key_candidates(base: str, count: int = 27 * 26) -> list[str]:
    """``base``, then ``base`` with a suffix: a to z, then aa to zz (lower case)."""
    return [f"{base}{_suffix(n)}".lower() for n in range(count + 1)]


def key_free(base: str, taken: Collection[str]) -> str:
    """``base`` when no paper holds it, else ``base`` with the first free letter suffix."""
    count = 0
    key = base
    while key.lower() in taken:
        count += 1
        key = f"{base}{_suffix(count)}"
    return key
