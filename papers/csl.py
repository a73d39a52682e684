"""CSL-JSON out (one item per paper) and in (items read into paper fields).

CSL-JSON is the citation data of citeproc, Zotero, Pandoc and Mendeley: a JSON array of
items with ``title``, ``author`` (``family``/``given``), ``issued`` (``date-parts``).
An arXiv preprint is written as Zotero writes one: ``type`` "article", ``publisher``
"arXiv", ``number`` "arXiv:2305.18290", with the version cited in ``version``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from papers.bibtex import keyed
from papers.models import Paper
from papers.people import Person, people_from_names
from papers.records import (
    PaperRecord,
    arxiv_in,
    date_from_parts,
    pages_join,
    pages_split,
    paper_record,
    venue_container,
)


def _author(person: Person) -> dict[str, str]:
    """A CSL name: family, given, non-dropping-particle (``van der``), suffix; or literal."""
    if person.literal:
        return {"literal": person.literal}
    name = {
        "family": person.family,
        "given": person.given,
        "non-dropping-particle": person.particle,
        "suffix": person.suffix,
    }
    return {part: value for part, value in name.items() if value}


# The library's entry types and CSL's; a preprint or other is CSL's "article".
_TYPES = {
    "article": "article-journal", "inproceedings": "paper-conference", "incollection": "chapter",
    "book": "book", "techreport": "report", "phdthesis": "thesis", "mastersthesis": "thesis",
}  # fmt: skip
_TYPES_READ = {csl: kind for kind, csl in _TYPES.items() if kind != "mastersthesis"}
_MASTERS = "Master's thesis"


def _venue(paper: Paper) -> dict[str, str]:
    values = {
        "container-title": paper.journal or paper.booktitle,
        "volume": paper.volume,
        "issue": paper.issue,
        "page": paper.pages.replace("--", "-"),
        "publisher": paper.publisher,
        "genre": _MASTERS if paper.entry_type == "mastersthesis" else "",
    }
    return {name: value for name, value in values.items() if value}


def paper_item(paper: Paper, key: str) -> dict[str, Any]:
    kind = paper.entry_type or ("article" if paper.journal else "")
    item: dict[str, Any] = {
        "id": key,
        "type": _TYPES.get(kind, "article"),
        "title": paper.title,
    }
    people = paper.people
    if people:
        item["author"] = [_author(person) for person in people]
    if paper.published_date:
        item["issued"] = {"date-parts": [paper.published_date.parts]}
    item |= _venue(paper)
    if paper.arxiv_id:
        item |= {"publisher": paper.publisher or "arXiv", "number": f"arXiv:{paper.arxiv_id}"}
        if paper.arxiv_version:
            item["version"] = str(paper.arxiv_version)
    if paper.doi:
        item["DOI"] = paper.doi
    url = paper.url or paper.arxiv_abs_url
    if url:
        item["URL"] = url
    if paper.abstract:
        item["abstract"] = paper.abstract
    topics = getattr(paper, "_prefetched_objects_cache", {}).get("topics")
    if topics:
        item["keyword"] = ", ".join(t.title for t in topics)
    custom = {"organisation": paper.organisation, "categories": paper.categories}
    custom = {name: value for name, value in custom.items() if value}
    if custom:
        item["custom"] = custom  # CSL-JSON's place for fields of its own
    return item


def papers_to_csljson(papers: Iterable[Paper]) -> Iterator[str]:
    """A JSON array written item by item, one to a line, so a long list streams."""
    yield "["
    for index, (paper, key) in enumerate(keyed(papers)):
        item = json.dumps(paper_item(paper, key), ensure_ascii=False)
        yield ("\n" if index == 0 else ",\n") + item
    yield "\n]\n"


# --- import -----------------------------------------------------------------------------


class CslError(ValueError):
    """The file is not CSL-JSON at all (not JSON, or not a list of items)."""


def parse_csljson(text: str) -> list[PaperRecord]:
    """Every item of a CSL-JSON file (an array, or one item), in order, each usable or
    with the reason it is not. Raises CslError when the file is not CSL-JSON."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CslError(f"The file is not valid JSON: {str(exc)[:120]}") from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise CslError("The file holds no CSL-JSON items: expected a list of objects.")
    records = []
    for index, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            records.append(PaperRecord(key=f"item {index}", problem="is not a JSON object"))
            continue
        records.append(_record(item, index))
    return records


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def _person(author: object) -> Person | None:
    """A CSL name object; a bare string (some tools write one) is read as ``Given Family``."""
    if not isinstance(author, dict):
        found = people_from_names([_text(author)])
        return found[0] if found else None
    literal = " ".join(_text(author.get("literal")).split())
    if literal:
        return Person(literal=literal)
    particles = [author.get(p) for p in ("dropping-particle", "non-dropping-particle")]
    parts = {
        "family": _text(author.get("family")),
        "given": _text(author.get("given")),
        "particle": " ".join(_text(p) for p in particles if _text(p)),
        "suffix": _text(author.get("suffix")),
    }
    parts = {name: " ".join(value.split()) for name, value in parts.items()}
    return Person(**parts) if parts["family"] or parts["given"] else None


def _published(item: dict[str, Any]):
    issued = item.get("issued")
    if issued is None:
        return None, ""
    if isinstance(issued, str):  # some tools write "2023-05-29"
        return date_from_parts(issued.split("-"))
    if not isinstance(issued, dict):
        return None, "the date in “issued” is not a CSL date"
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list):
        return date_from_parts(parts[0])
    raw = _text(issued.get("raw")) or _text(issued.get("literal"))
    if raw[:4].isdigit():
        return date_from_parts(raw[:10].split("-"))
    return None, f"the date “{raw[:40]}” is not YYYY-MM-DD" if raw else ""


def _record(item: dict[str, Any], index: int) -> PaperRecord:
    key = _text(item.get("id"))[:100] or f"item {index}"
    published, problem = _published(item)
    if problem:
        return PaperRecord(key=key, problem=problem)
    doi = _text(item.get("DOI"))
    number, version = _text(item.get("number")), _text(item.get("version"))
    eprint = ""
    if number and "arxiv" in (number + _text(item.get("publisher"))).lower():
        versioned = version.isdigit() and not re.search(r"v\d+$", number)
        eprint = f"{number}v{version}" if versioned else number
    arxiv = arxiv_in(
        eprint=eprint,
        doi=doi,
        others=[_text(item.get(n)) for n in ("URL", "note", "container-title", "archive_location")],
        label="number",
    )
    kind = _TYPES_READ.get(_text(item.get("type")), "")
    if kind == "phdthesis" and "master" in _text(item.get("genre")).lower():
        kind = "mastersthesis"
    publisher = _text(item.get("publisher"))
    venue = {
        "entry_type": kind,
        "volume": _text(item.get("volume")),
        "issue": _text(item.get("issue")),
        "pages": pages_join(*pages_split(_text(item.get("page")))),
        # arXiv as a preprint's publisher says where the id comes from, not a venue.
        "publisher": "" if publisher.lower() == "arxiv" else publisher,
        **venue_container(kind, _text(item.get("container-title"))),
    }
    authors = item.get("author")
    custom = item.get("custom") if isinstance(item.get("custom"), dict) else {}
    keywords = _text(item.get("keyword"))
    return paper_record(
        key,
        title=_text(item.get("title")),
        venue=venue,
        authors=[p for p in map(_person, authors) if p] if isinstance(authors, list) else [],
        published=published,
        arxiv=arxiv,
        doi=doi,
        url=_text(item.get("URL")),
        abstract=_text(item.get("abstract")),
        organisation=_text(custom.get("organisation")),
        categories=_text(custom.get("categories")),
        topics=keywords.split(",") if keywords else [],
    )
