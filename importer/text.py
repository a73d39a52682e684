"""Small text helpers of the notes reader: patterns, dates, sentences, headlines."""

from __future__ import annotations

import datetime as dt
import re

from importer.notes import MAX_HEADLINE, MAX_PAPER_TITLE, NoteError
from papers.identifiers import IN_TEXT

# --- Small text helpers --------------------------------------------------------------

BULLET = re.compile(r"^\s*(?:[•●▪◦‣∙·]|[-*+](?=\s))\s*")
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
SOTA = re.compile(r"^state of the art\b\s*(?P<rest>.*)$", re.IGNORECASE)
SOTA_DATE = re.compile(r"^[(\[]\s*(?P<date>[^)\]]*?)\s*[)\]]\s*:?$")
DATED_BULLET = re.compile(r"\((?P<date>\d{4}-\d{1,2}-\d{1,2})(?P<extra>[^()]*)\)")
DASH_SPLIT = re.compile(r"\s+(?:—|\u2013|--)\s+")
ARTICLES = re.compile(r"^(?P<n>\d[\d,]*)\s+(?:articles?|items?|summaries|stories|posts)\.?$", re.I)

SECTION_KINDS = {
    "definition": "definition",
    "key papers": "key_papers",
    "related concepts": "related",
}
# Headings that always start a top-level section (all but the three above go to the body).
KNOWN_BODY = {
    "why it matters",
    "open problems",
    "sources",
    "see also",
    "references",
    "notes",
    "background",
    "overview",
    "history",
    "further reading",
    "links",
    "limitations",
    "applications",
    "related work",
}
ABBREVIATIONS = {"al.", "e.g.", "i.e.", "vs.", "cf.", "fig.", "approx.", "no.", "eq.", "etc."}
_SENTENCE_END = re.compile(r"([.!?][)\"”\u2019']*)(\s+)(?=[A-Z0-9\"“\u2018(\[*])")


def parse_iso_date(raw: str, *, line: int) -> dt.date:
    match = ISO_DATE.fullmatch(raw.strip())
    try:
        if not match:
            raise ValueError
        return dt.date(*(int(g) for g in match.groups()))
    except ValueError:
        raise NoteError(
            f"unparseable date “{raw.strip()[:40]}”: expected YYYY-MM-DD", line=line
        ) from None


def split_sentences(text: str) -> list[str]:
    sentences, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        last_word = text[start : match.end(1)].rsplit(None, 1)[-1].lower()
        if last_word in ABBREVIATIONS or re.fullmatch(r"[a-z]\.", last_word):
            continue  # "et al. The…", "J. Smith"
        sentences.append(text[start : match.end(1)])
        start = match.end(2)
    sentences.append(text[start:])
    return [s.strip() for s in sentences if s.strip()]


def shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:—\u2013-") + "…"


def headline_from(text: str) -> str:
    """The first sentence of a text, plain and short enough for a headline."""
    first = split_sentences(text)[0] if text.strip() else ""
    first = re.sub(r"\*\*|__|`", "", first).strip()
    if first.endswith(".") and not first.endswith(".."):
        first = first[:-1]
    return shorten(first, MAX_HEADLINE)


_CONNECTORS = {
    "a", "an", "the", "of", "for", "in", "on", "and", "or", "to", "from", "with", "via",
    "by", "at", "as", "into", "without", "vs", "is", "are", "do", "does", "can", "your",
    "not", "than", "through", "under", "over", "beyond", "towards", "toward", "&",
}  # fmt: skip


def title_before(text: str, start: int) -> str:
    """The paper title written just before an id in brackets: "Some Title: Sub (arXiv:…)".

    Walks back over title-like words (capitalised, numbered or short connectors) and
    keeps the result only when it reads like a title, so "A third (2608.24646)" or
    "BPCO (2608.23566)" give nothing and the paper stays a stub titled with its id.
    """
    before = text[:start].rstrip()
    if not before.endswith("("):
        return ""
    words = before[:-1].split()
    kept: list[str] = []
    for word in reversed(words):
        core = word.rstrip(":?")
        if (
            not core
            or core[-1] in ".,;)!—\u2013→/"
            or core[0] in "([\"“\u2018'—\u2013/→"
            or core.endswith(("'s", "\u2019s"))
        ):
            break
        if word.endswith("?") and not (core[0].isupper() and kept):
            break
        if core.lower() in _CONNECTORS or core[0].isupper() or any(c.isdigit() for c in core):
            kept.append(word)
            continue
        break
    while kept and kept[-1].rstrip(":").lower() in _CONNECTORS:
        kept.pop()  # leading connectors belong to the sentence, not the title
    title = " ".join(reversed(kept)).rstrip(":")
    if not title or not title[0].isupper():
        return ""
    if len(kept) >= 3 or (":" in title and len(kept) >= 2):
        return title[:MAX_PAPER_TITLE]
    return ""


def titles_for_ids(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in IN_TEXT.finditer(text):
        arxiv_id = match.group("id")
        if not found.get(arxiv_id):
            found[arxiv_id] = title_before(text, match.start())
    return found
