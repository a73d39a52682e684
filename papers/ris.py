"""RIS out (one record per paper) and in (records read into paper fields).

RIS is the tagged format of reference managers (Zotero, EndNote, Mendeley): a record runs
from ``TY  -`` to ``ER  -``, one ``TAG  - value`` per line, a tag repeated for each
author or keyword. The arXiv id travels as ``AN  - arXiv:2305.18290v2`` (accession
number), and is also found in arXiv URLs and DOIs when another tool wrote the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from papers.bibtex import keyed
from papers.dates import YEAR, PartialDate
from papers.models import Paper
from papers.people import Person, person_parse
from papers.records import (
    PaperRecord,
    arxiv_in,
    date_from_parts,
    pages_join,
    pages_split,
    paper_record,
    venue_container,
)

_LINE = re.compile(r"^([A-Z][A-Z0-9])  -(?: (.*))?$")
# The names of authors, in the order RIS readers expect them.
AUTHOR_TAGS = ("AU", "A1")


def _line(tag: str, value: str) -> str:
    return f"{tag}  - {' '.join(value.split())}\n"


# The library's entry types and RIS's; reading also takes the other spellings.
_TYPES = {
    "article": "JOUR", "inproceedings": "CPAPER", "incollection": "CHAP", "book": "BOOK",
    "techreport": "RPRT", "phdthesis": "THES", "mastersthesis": "THES",
}  # fmt: skip
_TYPES_READ = {
    **{ris: kind for kind, ris in _TYPES.items() if kind != "mastersthesis"},
    "JFULL": "article", "EJOUR": "article", "CONF": "inproceedings", "EBOOK": "book",
    "ECHAP": "incollection",
}  # fmt: skip


def _ris_type(paper: Paper) -> str:
    if paper.entry_type:
        return _TYPES[paper.entry_type]
    return "JOUR" if paper.journal else "CPAPER" if paper.booktitle else "UNPB"


def _venue_lines(paper: Paper) -> list[str]:
    first, last = pages_split(paper.pages)
    values = [
        ("T2", paper.journal or paper.booktitle), ("VL", paper.volume), ("IS", paper.issue),
        ("SP", first), ("EP", last), ("PB", paper.publisher),
    ]  # fmt: skip
    return [_line(tag, value) for tag, value in values if value]


def paper_record_ris(paper: Paper, key: str) -> str:
    lines = [_line("TY", _ris_type(paper)), _line("ID", key)]
    lines.append(_line("TI", paper.title))
    lines += [_line("AU", person.ris) for person in paper.people]
    published = paper.published_date
    if published:
        lines.append(_line("PY", str(published.date.year)))
        if published.precision != YEAR:  # RIS dates are YYYY/MM/DD/, unknown parts empty
            parts = [f"{p:02d}" for p in published.parts[1:]]
            lines.append(_line("DA", "/".join([str(published.date.year), *parts, "", ""][:4])))
    lines += _venue_lines(paper)
    if paper.arxiv_id:
        version = f"v{paper.arxiv_version}" if paper.arxiv_version else ""
        lines.append(_line("AN", f"arXiv:{paper.arxiv_id}{version}"))
    if paper.doi:
        lines.append(_line("DO", paper.doi))
    url = paper.url or paper.arxiv_abs_url
    if url:
        lines.append(_line("UR", url))
    if paper.arxiv_id:
        lines.append(_line("L1", paper.arxiv_pdf_url))
    if paper.organisation:
        lines.append(_line("AD", paper.organisation))
    if paper.abstract:
        lines.append(_line("AB", paper.abstract))
    topics = getattr(paper, "_prefetched_objects_cache", {}).get("topics") or []
    lines += [_line("KW", topic.title) for topic in topics]
    lines.append("ER  - \n")
    return "".join(lines)


def papers_to_ris(papers: Iterable[Paper]) -> Iterator[str]:
    for paper, key in keyed(papers):
        yield paper_record_ris(paper, key) + "\n"


# --- import -----------------------------------------------------------------------------


def parse_ris(text: str) -> list[PaperRecord]:
    """Every record of a RIS file, in order, each usable or with the reason it is not.

    A line without a tag continues the value above it (long abstracts wrap); a record
    the file never closes with ``ER`` is reported, not dropped.
    """
    records: list[PaperRecord] = []
    tags: list[tuple[str, str]] | None = None
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        match = _LINE.match(line.lstrip("\ufeff"))
        if match is None:
            if tags and line.strip():
                tag, value = tags[-1]
                tags[-1] = (tag, f"{value} {line.strip()}")
            continue
        tag, value = match.group(1), (match.group(2) or "").strip()
        if tag == "TY":
            if tags is not None:
                records.append(_unclosed(tags, start))
            tags, start = [("TY", value)], number
        elif tag == "ER":
            if tags is not None:
                records.append(_record(tags, start))
            tags = None
        elif tags is not None:
            tags.append((tag, value))
    if tags is not None:
        records.append(_unclosed(tags, start))
    return records


def _key(tags: list[tuple[str, str]], start: int) -> str:
    found = next((v for t, v in tags if t == "ID" and v), "")
    return found[:100] or f"record at line {start}"


def _unclosed(tags: list[tuple[str, str]], start: int) -> PaperRecord:
    return PaperRecord(key=_key(tags, start), problem="is not closed by an ER line")


def _first(tags: list[tuple[str, str]], *names: str) -> str:
    for name in names:
        for tag, value in tags:
            if tag == name and value:
                return value
    return ""


def _published(tags: list[tuple[str, str]]) -> tuple[PartialDate | None, str]:
    """DA (YYYY/MM/DD), else PY or Y1 (YYYY, or YYYY/MM/DD/other)."""
    raw = _first(tags, "DA", "PY", "Y1")
    if not raw:
        return None, ""
    parts = re.split(r"[/-]", raw)[:3]
    if not re.fullmatch(r"\d{4}", parts[0].strip()):
        return None, f"the date “{raw[:40]}” is not YYYY/MM/DD"
    return date_from_parts(parts)


def _person(value: str) -> Person | None:
    """``Lastname, Firstname, Suffix`` (a particle leads the last name: ``van der Berg,
    Jan``); a name without a comma is one literal name, as Zotero writes an organisation."""
    parts = [" ".join(p.split()) for p in value.split(",")]
    if len(parts) == 1:
        return Person(literal=parts[0]) if parts[0] else None
    last, given, suffix = parts[0], parts[1], ", ".join(p for p in parts[2:] if p)
    person = person_parse(f"{{{last}}}" if not given else f"{last}, {given}", latex=False)
    if person is None:
        return None
    if person.literal:  # a last name alone
        person = Person(family=person.literal)
    return Person(family=person.family, given=person.given, particle=person.particle, suffix=suffix)


def _record(tags: list[tuple[str, str]], start: int) -> PaperRecord:
    key = _key(tags, start)
    published, problem = _published(tags)
    if problem:
        return PaperRecord(key=key, problem=problem)
    doi = _first(tags, "DO")
    arxiv = arxiv_in(
        doi=doi,
        others=[v for t, v in tags if t in ("AN", "UR", "L1", "M1", "N1", "T2", "JO")],
    )
    kind = _TYPES_READ.get(_first(tags, "TY").upper(), "")
    venue = {
        "entry_type": kind,
        "volume": _first(tags, "VL"),
        "issue": _first(tags, "IS"),
        "pages": pages_join(_first(tags, "SP"), _first(tags, "EP")),
        "publisher": _first(tags, "PB"),
        **venue_container(kind, _first(tags, "T2", "JF", "JO", "BT", "JA")),
    }
    return paper_record(
        key,
        title=_first(tags, "TI", "T1", "CT"),
        venue=venue,
        authors=[p for p in (_person(v) for t, v in tags if t in AUTHOR_TAGS) if p],
        published=published,
        arxiv=arxiv,
        doi=doi,
        url=next((v for t, v in tags if t == "UR" and "arxiv.org" not in v.lower()), ""),
        abstract=_first(tags, "AB", "N2"),
        organisation=_first(tags, "AD"),
        topics=[v for t, v in tags if t == "KW"],
    )
