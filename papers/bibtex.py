"""BibTeX out (one entry per paper) and in (entries read into paper fields).

Export writes biblatex's data model as biber checks it (the type's mandatory fields, no
field the type does not allow, a month as its macro), the fields arXiv's own BibTeX uses
(eprint, archivePrefix, primaryClass) and biblatex's ``date``, as precise as it is known,
so a re-import gets the same paper back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import bibtexparser
import bibtexparser.model
from bibtexparser.middlewares import LatexDecodingMiddleware

from papers.dates import YEAR, PartialDate, partial_date_from_parts, partial_date_parse
from papers.models import Paper
from papers.people import people_parse_bibtex
from papers.records import PaperRecord, arxiv_in, paper_record

# EDTF's "year unknown", which biblatex reads: a reference without a date still has one.
UNKNOWN_DATE = "XXXX"
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
# Entry types that hold no paper.
NOT_ENTRIES = {"comment", "string", "preamble"}


def _escape(value: str, *, verbatim: bool = False) -> str:
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
    # A bare % starts a comment in TeX; & # _ are TeX's too, but not in a URL or DOI,
    # which biblatex reads verbatim.
    specials = "%" if verbatim else "%&#_"
    return re.sub(rf"(?<!\\)([{specials}])", r"\\\1", text)


def _value(name: str, value: str) -> str:
    """A field's value as written: a month as the bare macro (``jan``) biber reads as a
    month, anything else in braces."""
    if name == "month":
        return value
    return f"{{{_escape(value, verbatim=name.lower() in VERBATIM)}}}"


# biblatex's data model, as biber checks it: for each type the paper may be written as, the
# fields it must have, and where the venue fields go in it (others are not allowed there).
_REQUIRED = {
    "article": ("author", "journal"),
    "inproceedings": ("author", "booktitle"),
    "incollection": ("author", "booktitle"),
    "book": ("author",),
    "techreport": ("author", "institution"),
    "phdthesis": ("author", "school"),
    "mastersthesis": ("author", "school"),
}
_VENUE_FIELDS = {
    "article": {"journal": "journal", "volume": "volume", "issue": "number", "pages": "pages"},
    "inproceedings": {
        "booktitle": "booktitle", "volume": "volume", "issue": "number", "pages": "pages",
        "publisher": "publisher", "organisation": "organization",
    },
    # biblatex's @incollection needs an editor the library does not keep: @inbook does not.
    "incollection": {
        "booktitle": "booktitle", "volume": "volume", "issue": "number", "pages": "pages",
        "publisher": "publisher",
    },
    "book": {"volume": "volume", "pages": "pages", "publisher": "publisher"},
    "techreport": {"publisher": "institution", "issue": "number", "pages": "pages"},
    "phdthesis": {"publisher": "school", "pages": "pages"},
    "mastersthesis": {"publisher": "school", "pages": "pages"},
    "misc": {"organisation": "organization"},
}  # fmt: skip
_WRITTEN_AS = {"incollection": "inbook"}
# A word with a capital after its first letter (ROUGE, GPT-4, LaTeX) keeps its case in
# every bibliography style only inside braces.
_CASED_WORD = re.compile(r"(?<![\\\w{])([A-Za-z0-9][\w-]*[A-Z][\w-]*)")


def _protect_case(title: str) -> str:
    """Braces around the words of ``title`` whose capitals must survive, outside the
    braces it already has."""
    parts = re.split(r"(\{[^{}]*\})", title)
    return "".join(p if p.startswith("{") else _CASED_WORD.sub(r"{\1}", p) for p in parts)


def _venue(paper: Paper) -> dict[str, str]:
    return {
        "journal": paper.journal, "booktitle": paper.booktitle, "volume": paper.volume,
        "issue": paper.issue, "pages": paper.pages, "publisher": paper.publisher,
        "organisation": paper.organisation,
    }  # fmt: skip


def entry_type(paper: Paper) -> str:
    """The type the paper is written as: its own (without one, an article when it names a
    journal, a conference paper when it names proceedings) when it has what that type
    needs (a journal for an article, a date and authors for any), else ``misc``."""
    kind = paper.entry_type or (
        "article" if paper.journal else "inproceedings" if paper.booktitle else ""
    )
    if kind not in _REQUIRED or not paper.published or not paper.people:
        return "misc"
    venue = _venue(paper)
    wanted = [field for field, name in _VENUE_FIELDS[kind].items() if name in _REQUIRED[kind]]
    return kind if all(venue[field] for field in wanted) else "misc"


def paper_entry(paper: Paper, key: str) -> str:
    """One entry for the paper, valid in biblatex's data model (biber's check)."""
    kind = entry_type(paper)
    fields: list[tuple[str, str]] = [("title", _protect_case(paper.title))]
    people = paper.people
    if people:
        # "von Last, Jr, First" with braces around organisations: BibTeX's own forms, which
        # read back into the same parts.
        fields.append(("author", " and ".join(person.bibtex for person in people)))
    published = paper.published_date
    if published:
        fields.append(("year", str(published.date.year)))
        if published.precision != YEAR:
            fields.append(("month", MONTHS[published.date.month - 1]))
        fields.append(("date", published.iso))
    else:
        fields.append(("date", UNKNOWN_DATE))
    venue = _venue(paper)
    fields += [(name, venue[field]) for field, name in _VENUE_FIELDS[kind].items() if venue[field]]
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
    if paper.abstract:
        fields.append(("abstract", paper.abstract))
    topics = getattr(paper, "_prefetched_objects_cache", {}).get("topics")
    if topics:
        fields.append(("keywords", ", ".join(t.title for t in topics)))
    body = ",\n".join(f"  {name} = {_value(name, value)}" for name, value in fields)
    return f"@{_WRITTEN_AS.get(kind, kind)}{{{key},\n{body}\n}}\n"


def keyed(papers: Iterable[Paper]) -> Iterator[tuple[Paper, str]]:
    """Each paper with the key it is cited by: its own, whatever else the file holds."""
    for paper in papers:
        yield paper, paper.cite_key


def papers_to_bibtex(papers: Iterable[Paper]) -> Iterator[str]:
    """Entries for ``papers`` in order, each with its own key."""
    for paper, key in keyed(papers):
        yield paper_entry(paper, key) + "\n"


# --- import -----------------------------------------------------------------------------

# Fields that hold identifiers and addresses, read as written: LaTeX decoding would turn
# a URL's "~" into a space.
VERBATIM = {
    "url", "doi", "eprint", "archiveprefix", "eprinttype", "primaryclass", "date", "pages",
}  # fmt: skip
_UNESCAPE = re.compile(r"\\([%&#_$])")
_FAILED_KEY = re.compile(r"@\s*[A-Za-z]+\s*[{(]\s*([^,\s]*)")


# Names are split into people with their braces (which keep a literal name whole), and
# each part decoded after (papers.people).
NAMES = {"author"}


class _DecodeText(LatexDecodingMiddleware):
    """LaTeX to Unicode (``M{\\"u}ller`` → ``Müller``) in every field but the verbatim ones
    and the names."""

    def transform_entry(self, entry: bibtexparser.model.Entry, library) -> object:
        kept = {f.key: f.value for f in entry.fields if f.key.lower() in VERBATIM | NAMES}
        block = super().transform_entry(entry, library)
        for f in entry.fields:
            if f.key in kept:
                f.value = kept[f.key]
        return block


def _strip_braces(value: str) -> str:
    return re.sub(r"\s+", " ", value.replace("{", "").replace("}", "")).strip()


def _published(entry: dict[str, str]) -> tuple[PartialDate | None, str]:
    """The publication date, as precise as the fields give it, and, when they are
    unreadable, why. biblatex's ``date`` wins over ``year`` and ``month``."""
    raw_date = entry.get("date", "").strip()
    if raw_date == UNKNOWN_DATE:
        return None, ""
    if raw_date:
        try:
            return partial_date_parse(raw_date[:10]), ""
        except ValueError:
            return None, f"the date “{raw_date}” is not YYYY-MM-DD"
    year = entry.get("year", "").strip()
    if not year:
        return None, ""
    if not re.fullmatch(r"\d{4}", year):
        return None, f"the year “{year}” is not a four-digit year"
    month_raw = entry.get("month", "").strip().lower()[:3]
    month = 0
    if month_raw.isascii() and month_raw.isdigit():
        month = int(month_raw)
    elif month_raw in MONTHS:
        month = MONTHS.index(month_raw) + 1
    parts = [year, month] if 1 <= month <= 12 else [year]
    return partial_date_from_parts(parts), ""


def parse_bibtex(text: str) -> list[PaperRecord]:
    """Every entry of a .bib file, in order, each usable or with the reason it is not.

    bibtexparser 2 keeps what it cannot parse as failed blocks, in place, so every entry
    of the file gets a record: nothing is dropped silently.
    """
    try:
        library = bibtexparser.parse_string(text, append_middleware=[_DecodeText()])
    except Exception:  # a parser bug on hostile input must not lose the whole report
        return [PaperRecord(key="(file)", problem="could not be parsed")]
    records: list[PaperRecord] = []
    for block in library.blocks:
        if isinstance(block, bibtexparser.model.ParsingFailedBlock):
            entry = block.ignore_error_block
            if isinstance(entry, bibtexparser.model.Entry):
                records.append(_record(entry))  # a repeated key, or undecodable LaTeX
            elif not _is_special(block.raw or ""):
                match = _FAILED_KEY.search(block.raw or "")
                key = (match.group(1) if match else "") or "(no key)"
                records.append(PaperRecord(key=key, problem="could not be parsed"))
        elif (
            isinstance(block, bibtexparser.model.Entry)
            and block.entry_type.lower() not in NOT_ENTRIES
        ):
            records.append(_record(block))
    return records


def _is_special(raw: str) -> bool:
    match = re.match(r"\s*@\s*([A-Za-z]+)", raw)
    return bool(match) and match.group(1).lower() in NOT_ENTRIES


def _text(value: object) -> str:
    """A field's value as plain text: braces that survived decoding dropped."""
    return _strip_braces(value if isinstance(value, str) else "")


def _raw(value: object) -> str:
    return value if isinstance(value, str) else ""


def _verbatim(value: object) -> str:
    return _UNESCAPE.sub(r"\1", _text(value))


# BibTeX and biblatex types → the library's entry types; others are "other" ("").
_TYPES_READ = {
    **{kind: kind for kind in _REQUIRED},
    "conference": "inproceedings", "inbook": "incollection", "report": "techreport",
    "thesis": "phdthesis", "collection": "book",
}  # fmt: skip


# Types whose institution (or school) is their publisher, not the authors' organisation.
_ISSUED_BY = ("techreport", "phdthesis", "mastersthesis")
_PREPRINT_JOURNAL = re.compile(r"arxiv\b", re.IGNORECASE)


def _venue_read(kind: str, entry: dict[str, object]) -> dict[str, str]:
    """The venue fields of an entry of the library's ``kind``: where the type keeps them
    (an article's number is its issue, a thesis's school its publisher)."""
    publisher = entry.get("publisher")
    if kind in _ISSUED_BY:
        publisher = entry.get("institution") or entry.get("school") or publisher
    journal = _text(entry.get("journal") or entry.get("journaltitle"))
    if _PREPRINT_JOURNAL.match(journal):
        kind, journal = "", ""  # Google Scholar's "arXiv preprint arXiv:…" names no journal
    return {
        "entry_type": kind,
        "journal": journal,
        "booktitle": _text(entry.get("booktitle")),
        "volume": _text(entry.get("volume")),
        "issue": _text(entry.get("number") or entry.get("issue")),
        "pages": _verbatim(entry.get("pages")),
        "publisher": _text(publisher),
    }


def _record(raw: bibtexparser.model.Entry) -> PaperRecord:
    entry = {f.key.lower(): f.value for f in raw.fields}
    key = raw.key or "(no key)"
    title = _text(entry.get("title"))
    if not title:
        return PaperRecord(key=key, problem="has no title")
    prefix = _verbatim(entry.get("archiveprefix") or entry.get("eprinttype") or "arxiv").lower()
    eprint = _verbatim(entry.get("eprint")) if prefix == "arxiv" else ""
    arxiv = arxiv_in(
        eprint=eprint,
        doi=_verbatim(entry.get("doi")),
        others=[_verbatim(entry.get(n)) for n in ("url", "journal", "note", "howpublished")],
    )
    if arxiv[2]:
        return PaperRecord(key=key, problem=arxiv[2])
    published, problem = _published({n: _verbatim(entry.get(n)) for n in ("date", "year", "month")})
    if problem:
        return PaperRecord(key=key, problem=problem)
    kind = _TYPES_READ.get(raw.entry_type.lower(), "")
    return paper_record(
        key,
        title=title,
        venue=_venue_read(kind, entry),
        authors=people_parse_bibtex(_raw(entry.get("author"))),
        published=published,
        arxiv=arxiv,
        doi=_verbatim(entry.get("doi")),
        url=_verbatim(entry.get("url")),
        abstract=_text(entry.get("abstract")),
        organisation=_text(
            entry.get("organization")
            or (entry.get("institution") if kind not in _ISSUED_BY else "")
        ),
        categories=_verbatim(entry.get("primaryclass")),
        topics=_text(entry.get("keywords")).split(","),
    )
