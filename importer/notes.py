"""What a notes file becomes once read: plain dataclasses, and the error that says why a
file cannot be read."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from core.limits import MAX_CLAIM, MAX_CONCEPT_BODY, MAX_LEAD
from papers.identifiers import find_arxiv_ids

MAX_TITLE = 200  # Concept.title
MAX_HEADLINE = 200  # well inside Entry.headline's 300
MAX_PAPER_TITLE = 500  # Paper.title
MAX_NOTE = 500  # KeyPaper.note
MAX_FILE_BYTES = 2 * 1024 * 1024


class NoteError(ValueError):
    """A file that cannot be imported; ``line`` is 1-based, or None for the whole file."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


# --- What a file becomes -------------------------------------------------------------


@dataclass
class ClaimNote:
    """One block of an entry's text: a paragraph ("prose", which the evidence step splits
    into claims of a few sentences), a bullet or a table row (one claim each). A sub-heading
    the block stands under goes in front of its first claim."""

    text: str
    line: int
    kind: str = "prose"  # "prose", "bullet" or "row"
    heading: str = ""
    under: str = ""  # the sub-heading of every block under it, for the evidence step

    @property
    def arxiv_ids(self) -> list[str]:
        return find_arxiv_ids(self.text)


@dataclass
class EntryNote:
    date: dt.date
    headline: str
    line: int
    lead: str = ""
    claims: list[ClaimNote] = field(default_factory=list)


@dataclass
class KeyPaperNote:
    title: str  # "" when the line gives only an id
    arxiv_id: str | None
    note: str
    line: int
    organisation: str = ""
    published: dt.date | None = None


@dataclass
class ConceptPage:
    title: str
    summary: str
    body: str
    entries: list[EntryNote]
    key_papers: list[KeyPaperNote]
    related: list[str]
    # Every arXiv id in the text, in order of first mention, with a title when the text
    # gives one next to the id ("" otherwise).
    papers: dict[str, str]
    # Titles of papers named without an id (from Key Papers), so claims can cite them.
    kind: str = "concept page"

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.title, self.summary, self.body)


@dataclass
class TopicFeed:
    topic: str
    site: str
    count: int
    entries: list[EntryNote]
    kind: str = "topic feed"


Note = ConceptPage | TopicFeed


def fingerprint(*parts: str) -> str:
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8", "replace")).hexdigest()
    return digest[:12]


def decode_note(data: bytes) -> str:
    """The file's text, or NoteError for what is not a UTF-8 text file of a sane size."""
    if len(data) > MAX_FILE_BYTES:
        raise NoteError(
            f"the file is larger than the limit of {MAX_FILE_BYTES // 1024 // 1024} MB per file"
        )
    if not data.strip():
        raise NoteError("the file is empty")
    if b"\x00" in data:
        raise NoteError("this is a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise NoteError("the file is not UTF-8 text", line=line) from None


def check_lengths(note: Note) -> Note:
    """The note itself, or NoteError at the first text longer than the wiki stores for its
    field (the same caps as the web forms and the API)."""
    if isinstance(note, ConceptPage) and len(note.body) > MAX_CONCEPT_BODY:
        raise NoteError(f"the page's text is longer than {MAX_CONCEPT_BODY:,} characters")
    for entry in note.entries:
        if len(entry.lead) > MAX_LEAD:
            raise NoteError(
                f"the entry's lead is longer than {MAX_LEAD:,} characters", line=entry.line
            )
        for claim in entry.claims:
            if len(claim.text) > MAX_CLAIM:
                raise NoteError(
                    f"a claim is longer than {MAX_CLAIM:,} characters: split it into "
                    "shorter statements",
                    line=claim.line,
                )
    return note
