"""One reference read from a file (BibTeX, RIS or CSL-JSON) into paper fields.

Each format's reader finds the raw values; ``paper_record`` checks and normalises them
the same way for all three, so a paper imported from Zotero's RIS is the same paper as
the one imported from its BibTeX: same arXiv id, DOI, dates and author order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from papers.dates import PartialDate, partial_date_from_parts
from papers.identifiers import InvalidArxivId, find_arxiv_ids, parse_arxiv_id
from papers.people import MAX_AUTHORS, PART_MAX_LENGTH, Person, people_display, people_to_json

# arXiv's own DOIs (DataCite): 10.48550/arXiv.2305.18290 names the preprint.
ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(?P<id>.+)$", re.IGNORECASE)


# Where a paper appeared: the fields every format reads and writes, with their lengths.
VENUE_LIMITS = {
    "entry_type": 20, "journal": 300, "booktitle": 500, "volume": 50, "issue": 50, "pages": 50,
    "publisher": 300,
}  # fmt: skip


def pages_split(pages: str) -> tuple[str, str]:
    """``12--19`` (or 12-19, or an en dash) → ("12", "19"); one page → ("12", "")."""
    first, _, last = re.sub(r"\s*(?:--|[-\u2013\u2014])\s*", "-", pages.strip()).partition("-")
    return first, last


def pages_join(first: str, last: str) -> str:
    return f"{first.strip()}--{last.strip()}" if last.strip() else first.strip()


def venue_container(kind: str, container: str) -> dict[str, str]:
    """A container title (RIS T2, CSL container-title): the journal of an article, else
    the proceedings or book the paper is in."""
    if not container:
        return {}
    return {"journal": container} if kind in ("article", "") else {"booktitle": container}


@dataclass
class PaperRecord:
    """One reference of an imported file; ``problem`` says why it cannot be used."""

    key: str
    fields: dict[str, object] = field(default_factory=dict)
    topics: list[str] = field(default_factory=list)
    problem: str = ""


def squash(value: str) -> str:
    return re.sub(r"\s+", " ", value or "").strip()


def clean_doi(value: str) -> str:
    return re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "", squash(value), flags=re.I)


def arxiv_in(
    *, eprint: str = "", doi: str = "", others: Iterable[str] = (), label: str = "eprint"
) -> tuple[str | None, int | None, str]:
    """The arXiv id and version, from an eprint field, else an arXiv DOI, else the first
    arXiv URL or ``arXiv:`` mention in the other fields. The third value is why an
    explicit eprint (named ``label`` in the message) could not be read."""
    if eprint:
        try:
            parsed = parse_arxiv_id(eprint)
        except InvalidArxivId:
            return None, None, f"the {label} “{eprint[:40]}” is not an arXiv id"
        return parsed.id, parsed.version, ""
    match = ARXIV_DOI.match(clean_doi(doi))
    candidates = [match.group("id")] if match else []
    candidates += [v for v in others if v and "arxiv" in v.lower()]
    for value in candidates:
        try:
            parsed = parse_arxiv_id(value.strip())
            return parsed.id, parsed.version, ""
        except InvalidArxivId:
            ids = find_arxiv_ids(value)
            if ids:
                return ids[0], None, ""
    return None, None, ""


def paper_record(
    key: str,
    *,
    title: str,
    authors: Iterable[Person] = (),
    published: PartialDate | None = None,
    arxiv: tuple[str | None, int | None, str] = (None, None, ""),
    doi: str = "",
    url: str = "",
    abstract: str = "",
    organisation: str = "",
    categories: str = "",
    venue: dict[str, str] | None = None,
    topics: Iterable[str] = (),
) -> PaperRecord:
    """A record of checked, normalised paper fields, or one naming its first problem."""
    record = PaperRecord(key=key or "(no key)")
    title = squash(title)
    if not title:
        record.problem = "has no title"
        return record
    arxiv_id, version, problem = arxiv
    if problem:
        record.problem = problem
        return record
    people = [
        Person(**{name: value[:PART_MAX_LENGTH] for name, value in person.as_dict().items()})
        for person in list(authors)[:MAX_AUTHORS]
    ]
    url = squash(url)
    if arxiv_id and "arxiv.org" in url:
        url = ""  # derived from the id; the field is kept for other links
    values: dict[str, object] = {
        "title": title[:500],
        "authors": people_display(people),
        "author_list": people_to_json(people),
        "organisation": squash(organisation)[:300],
        "published": published.date if published else None,
        "published_precision": published.precision if published else None,
        "abstract": squash(abstract)[:20_000],
        "doi": clean_doi(doi)[:200],
        "url": url[:500] if url.startswith(("http://", "https://")) else "",
        "arxiv_id": arxiv_id,
        "arxiv_version": version,
        "categories": squash(categories)[:300],
        **{name: squash(value)[: VENUE_LIMITS[name]] for name, value in (venue or {}).items()},
    }
    record.fields = {name: value for name, value in values.items() if value not in ("", None, [])}
    record.topics = list(dict.fromkeys(t for t in (squash(t) for t in topics) if t))
    return record


def date_from_parts(parts: list[object]) -> tuple[PartialDate | None, str]:
    """[year], [year, month] or [year, month, day] (numbers or digit strings) as a date as
    precise as the parts given, or why it is not one."""
    if not any(str(p).strip() for p in parts[:3]):
        return None, ""
    try:
        return partial_date_from_parts(parts), ""
    except (ValueError, TypeError):
        shown = "-".join(str(p) for p in parts[:3])[:40]
        return None, f"the date “{shown}” is not a date"
