"""arXiv identifiers: one paper, one normalised id.

``arXiv:2608.17528v2``, ``https://arxiv.org/abs/2608.17528`` and ``2608.17528`` are the
same paper; so are ``hep-th/9901001v3`` and ``https://arxiv.org/pdf/hep-th/9901001``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# New style (April 2007 on): YYMM.NNNN (to 2014) or YYMM.NNNNN (2015 on).
NEW_STYLE = r"(?P<new>\d{2}(?:0[1-9]|1[0-2])\.\d{4,5})"
# Old style: archive(.SUBJECT-CLASS)/YYMMNNN, e.g. hep-th/9901001, math.GT/0309136.
OLD_STYLE = r"(?P<old>[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/\d{2}(?:0[1-9]|1[0-2])\d{3})"
VERSION = r"(?:v(?P<version>\d{1,3}))?"

# ASCII only: an id in full-width digits looks like an id but is none; taking it
# would make a second paper of one.
_ID = re.compile(rf"^(?:{NEW_STYLE}|{OLD_STYLE}){VERSION}$", re.ASCII)
_PREFIXES = re.compile(
    r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/|^arxiv:\s*", re.IGNORECASE
)
# For finding ids inside prose: "arXiv 2609.33848", "arXiv:2608.17528v2", a bare new-style id.
IN_TEXT = re.compile(
    r"(?<![\w./-])(?:arxiv[:\s]\s*)?(?P<id>\d{2}(?:0[1-9]|1[0-2])\.\d{4,5})(?:v\d{1,3})?(?![\w.]*\d)",
    re.IGNORECASE | re.ASCII,
)


class ArxivId(NamedTuple):
    id: str
    version: int | None


class InvalidArxivId(ValueError):
    pass


def parse_arxiv_id(raw: str) -> ArxivId:
    """Return the normalised id and the version, or raise InvalidArxivId with a message."""
    text = (raw or "").strip()
    if not text:
        raise InvalidArxivId("Enter an arXiv id, such as 2608.17528.")
    text = _PREFIXES.sub("", text)
    text = text.split("?")[0].split("#")[0].rstrip("/")
    if text.lower().endswith(".pdf"):
        text = text[:-4]
    match = _ID.match(text)
    if not match:
        raise InvalidArxivId(
            f"“{raw.strip()[:80]}” is not an arXiv id: expected something like 2608.17528, "
            "arXiv:2608.17528v2 or hep-th/9901001."
        )
    paper_id = match.group("new") or match.group("old")
    version = match.group("version")
    return ArxivId(paper_id, int(version) if version else None)


def normalise_arxiv_id(raw: str) -> str:
    """The id without prefix, URL or version suffix."""
    return parse_arxiv_id(raw).id


def find_arxiv_ids(text: str) -> list[str]:
    """Distinct new-style arXiv ids mentioned in prose, in order of first appearance."""
    seen: dict[str, None] = {}
    for match in IN_TEXT.finditer(text or ""):
        seen.setdefault(match.group("id"), None)
    return list(seen)
