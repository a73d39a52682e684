"""BibTeX out (one entry per paper) and in (entries read into paper fields).

Export writes the fields arXiv's own BibTeX uses (eprint, archivePrefix, primaryClass)
plus biblatex's ``date`` so a re-import gets the exact day back.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import bibtexparser
from bibtexparser.bparser import BibTexParser
from bibtexparser.customization import convert_to_unicode

from papers.identifiers import InvalidArxivId, find_arxiv_ids, parse_arxiv_id
from papers.models import Paper

MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
# Entry types that hold no paper.
NOT_ENTRIES = {"comment", "string", "preamble"}
_HEADER = re.compile(r"@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)\s*,?")


def _escape(value: str) -> str:
    """A value safe inside braces: BibTeX needs its braces balanced; drop stray ones."""
    value = re.sub(r"\s+", " ", value).strip()
    depth = 0
    out = []
    for char in value:
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                continue
            depth -= 1
        out.append(char)
    text = "".join(out) + "}" * depth
    # A bare % starts a comment in TeX.
    return re.sub(r"(?<!\\)%", r"\\%", text)


def _ascii_word(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]", "", folded).lower()


def citation_key(paper: Paper) -> str:
    """``surnameYEARfirstword``, as Google Scholar and Zotero make them."""
    names = [n.strip() for n in paper.authors.split(",") if n.strip()]
    surname = _ascii_word(names[0].split()[-1]) if names else "anon"
    year = str(paper.published.year) if paper.published else ""
    stop = {"a", "an", "the", "on", "of", "in", "for", "and", "to", "is", "with"}
    words = [_ascii_word(w) for w in paper.title.split()]
    first = next((w for w in words if w and w not in stop), "")
    return f"{surname or 'anon'}{year}{first}" or f"paper{paper.pk}"


def paper_entry(paper: Paper, key: str) -> str:
    """One ``@misc``/``@article`` entry for the paper."""
    fields: list[tuple[str, str]] = [("title", paper.title)]
    names = [n.strip() for n in paper.authors.split(",") if n.strip()]
    if names:
        fields.append(("author", " and ".join(names)))
    if paper.published:
        fields += [
            ("year", str(paper.published.year)),
            ("month", MONTHS[paper.published.month - 1]),
            ("date", paper.published.isoformat()),
        ]
    if paper.arxiv_id:
        version = f"v{paper.arxiv_version}" if paper.arxiv_version else ""
        fields += [("eprint", f"{paper.arxiv_id}{version}"), ("archivePrefix", "arXiv")]
        if paper.categories:
            fields.append(("primaryClass", paper.categories.split(",")[0].strip()))
    if paper.doi:
        fields.append(("doi", paper.doi))
    url = paper.url or paper.arxiv_abs_url
    if url:
        fields.append(("url", url))
    if paper.organisation:
        fields.append(("institution", paper.organisation))
    if paper.abstract:
        fields.append(("abstract", paper.abstract))
    topics = getattr(paper, "_prefetched_objects_cache", {}).get("topics")
    if topics:
        fields.append(("keywords", ", ".join(t.title for t in topics)))
    entry_type = "misc" if paper.arxiv_id and not paper.doi else "article"
    body = ",\n".join(f"  {name} = {{{_escape(value)}}}" for name, value in fields)
    return f"@{entry_type}{{{key},\n{body}\n}}\n"


def papers_to_bibtex(papers: Iterable[Paper]) -> Iterator[str]:
    """Entries for ``papers`` in order, with keys made unique (a, b, c... suffixes)."""
    used: dict[str, int] = {}
    for paper in papers:
        key = citation_key(paper)
        count = used.get(key, 0)
        used[key] = count + 1
        if count:
            key = f"{key}{_suffix(count)}"
        yield paper_entry(paper, key) + "\n"


def _suffix(n: int) -> str:
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


# --- import -----------------------------------------------------------------------------


@dataclass
class BibRecord:
    """One BibTeX entry read into paper fields; ``problem`` says why it cannot be used."""

    key: str
    fields: dict[str, object] = field(default_factory=dict)
    topics: list[str] = field(default_factory=list)
    problem: str = ""


def _strip_braces(value: str) -> str:
    return re.sub(r"\s+", " ", value.replace("{", "").replace("}", "")).strip()


def _authors(value: str) -> str:
    """``Lovelace, Ada and Turing, Alan`` → ``Ada Lovelace, Alan Turing``."""
    names = []
    for name in re.split(r"\s+and\s+", value.strip()):
        name = _strip_braces(name)
        if not name or name.lower() == "others":
            continue
        if "," in name:
            last, _, first = name.partition(",")
            name = f"{first.strip()} {last.strip()}".strip()
        names.append(name)
    return ", ".join(names)


def _published(entry: dict[str, str]) -> tuple[dt.date | None, str]:
    """The publication date and, when the fields are unreadable, why."""
    raw_date = entry.get("date", "").strip()
    if raw_date:
        parts = raw_date.split("-")
        try:
            numbers = [int(p) for p in parts[:3]]
            return dt.date(numbers[0], *[*numbers[1:], 1, 1][:2]), ""
        except (ValueError, IndexError):
            return None, f"the date “{raw_date}” is not YYYY-MM-DD"
    year = entry.get("year", "").strip()
    if not year:
        return None, ""
    if not re.fullmatch(r"\d{4}", year):
        return None, f"the year “{year}” is not a four-digit year"
    month_raw = entry.get("month", "").strip().lower()[:3]
    month = 1
    if month_raw:
        if month_raw.isdigit():
            month = int(month_raw)
        elif month_raw in MONTHS:
            month = MONTHS.index(month_raw) + 1
    if not 1 <= month <= 12:
        month = 1
    return dt.date(int(year), month, 1), ""


def _arxiv_id(entry: dict[str, str]) -> tuple[str | None, int | None, str]:
    """The arXiv id and version, from eprint or, failing that, a URL or journal note."""
    eprint = entry.get("eprint", "").strip()
    prefix = entry.get("archiveprefix", entry.get("eprinttype", "arxiv")).strip().lower()
    if eprint and prefix == "arxiv":
        try:
            parsed = parse_arxiv_id(eprint)
        except InvalidArxivId:
            return None, None, f"the eprint “{eprint[:40]}” is not an arXiv id"
        return parsed.id, parsed.version, ""
    for name in ("url", "journal", "note", "howpublished"):
        value = entry.get(name, "")
        if "arxiv" not in value.lower():
            continue
        try:
            parsed = parse_arxiv_id(value.strip())
            return parsed.id, parsed.version, ""
        except InvalidArxivId:
            ids = find_arxiv_ids(value)
            if ids:
                return ids[0], None, ""
    return None, None, ""


def parse_bibtex(text: str) -> list[BibRecord]:
    """Every entry of a .bib file, in order, each usable or with the reason it is not.

    bibtexparser skips what it cannot parse without a word; the entry headers found in the
    raw text catch those, so nothing is dropped silently.
    """
    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False)
    parser.customization = convert_to_unicode
    parser.homogenise_fields = False
    try:
        database = bibtexparser.loads(text, parser=parser)
        parsed = database.entries
    except Exception:  # bibtexparser raises assorted errors on broken input
        parsed = []
    by_key: dict[str, list[dict[str, str]]] = {}
    for entry in parsed:
        by_key.setdefault(entry.get("ID", ""), []).append(entry)
    records: list[BibRecord] = []
    for match in _HEADER.finditer(text):
        entry_type, key = match.group(1).lower(), match.group(2)
        if entry_type in NOT_ENTRIES:
            continue
        candidates = by_key.get(key)
        if not candidates:
            records.append(BibRecord(key=key or "(no key)", problem="could not be parsed"))
            continue
        records.append(_record(candidates.pop(0)))
    return records


def _record(raw: dict[str, str]) -> BibRecord:
    entry = {name.lower(): value for name, value in raw.items()}
    key = entry.get("id", "")
    record = BibRecord(key=key)
    title = _strip_braces(entry.get("title", ""))
    if not title:
        record.problem = "has no title"
        return record
    arxiv_id, version, problem = _arxiv_id(entry)
    if problem:
        record.problem = problem
        return record
    published, problem = _published(entry)
    if problem:
        record.problem = problem
        return record
    doi = _strip_braces(entry.get("doi", ""))
    doi = re.sub(r"^https?://(dx\.)?doi\.org/", "", doi)
    url = _strip_braces(entry.get("url", ""))
    if arxiv_id and "arxiv.org" in url:
        url = ""  # derived from the id; keep the field for other links
    values: dict[str, object] = {
        "title": title[:500],
        "authors": _authors(entry.get("author", "")),
        "organisation": _strip_braces(entry.get("institution", ""))[:300],
        "published": published,
        "abstract": re.sub(r"\s+", " ", entry.get("abstract", "")).strip(),
        "doi": doi[:200],
        "url": url[:500] if url.startswith(("http://", "https://")) else "",
        "arxiv_id": arxiv_id,
        "arxiv_version": version,
        "categories": _strip_braces(entry.get("primaryclass", ""))[:300],
    }
    record.fields = {name: value for name, value in values.items() if value not in ("", None)}
    record.topics = [
        t.strip() for t in _strip_braces(entry.get("keywords", "")).split(",") if t.strip()
    ]
    return record
