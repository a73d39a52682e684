"""Which paper a claim cites: the one its own sentences name.

A claim cites a paper when its text carries the paper's arXiv id (new style
``YYMM.NNNNN``, optionally ``arXiv:`` before and ``vN`` after; the version is dropped)
or the exact title of a paper known on the page (case-insensitive, tolerant of
punctuation and spacing), or one of the paper's short names (matched case-sensitively,
as they are usually acronyms such as "SPADE"). A paper named only later in the
paragraph is never cited: the importer passes each claim's own text.

When a claim names two papers, the first named wins: notes name the paper a finding is
about first and the papers it is compared with afterwards ("X reports …, against Y").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

ARXIV_IN_TEXT = re.compile(
    r"(?<![\w./-])(?:arxiv[:\s]\s*)?(?P<id>\d{2}(?:0[1-9]|1[0-2])\.\d{4,5})(?:v\d{1,3})?(?![\w.]*\d)",
    re.IGNORECASE,
)
# Titles shorter than this are too likely to occur as ordinary words ("Polar").
MIN_TITLE_CHARS = 12


@dataclass(frozen=True)
class KnownPaper:
    """A paper the page (or the library) knows: ``key`` is the caller's handle for it."""

    key: str
    title: str = ""
    arxiv_id: str | None = None
    aliases: tuple[str, ...] = field(default=())


def normalise_arxiv_id(raw: str) -> str | None:
    match = ARXIV_IN_TEXT.search(raw or "")
    return match.group("id") if match else None


def arxiv_ids(text: str) -> list[str]:
    """New-style arXiv ids in order of mention, without version, each once."""
    found: list[str] = []
    for match in ARXIV_IN_TEXT.finditer(text):
        if match.group("id") not in found:
            found.append(match.group("id"))
    return found


def _fold(text: str) -> tuple[str, list[int]]:
    """Lower-case text with punctuation runs made one space, and each character's offset
    in the original, so a title match can be placed in the claim."""
    out: list[str] = []
    where: list[int] = []
    for i, char in enumerate(unicodedata.normalize("NFKC", text)):
        if char.isalnum():
            out.append(char.lower())
            where.append(i)
        elif out and out[-1] != " ":
            out.append(" ")
            where.append(i)
    return "".join(out).strip(), where


def _title_key(title: str) -> str:
    return _fold(title)[0]


def mentions(text: str, papers: list[KnownPaper]) -> list[tuple[int, str]]:
    """(offset, key) for every known paper the text names, in order of offset."""
    found: dict[str, int] = {}
    by_id = {p.arxiv_id: p.key for p in papers if p.arxiv_id}
    for match in ARXIV_IN_TEXT.finditer(text):
        key = by_id.get(match.group("id"), f"arXiv:{match.group('id')}")
        found.setdefault(key, match.start())
    # Folded once, and only when some paper could be named by its title.
    folded, where = _fold(text) if papers else ("", [])
    padded = f" {folded} "
    for paper in papers:
        title = _title_key(paper.title)
        if len(title) >= MIN_TITLE_CHARS:
            at = padded.find(f" {title} ")
            if at >= 0:
                offset = where[at] if at < len(where) else 0
                found[paper.key] = min(found.get(paper.key, offset), offset)
        for alias in paper.aliases:
            if len(alias) < 3:
                continue
            match = re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", text)
            if match:
                found[paper.key] = min(found.get(paper.key, match.start()), match.start())
    return sorted((offset, key) for key, offset in found.items())


def cited_paper(text: str, papers: list[KnownPaper]) -> str | None:
    """The key of the paper the text names first, or None when it names none.

    An arXiv id of a paper not in ``papers`` is returned as ``"arXiv:<id>"`` so the
    caller can create the paper or ignore it.
    """
    named = mentions(text, papers)
    return named[0][1] if named else None
