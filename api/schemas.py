"""What the API reads and writes: typed schemas, which are also the OpenAPI document."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import URLValidator
from ninja import Field, Schema
from pydantic import AfterValidator, BeforeValidator, StringConstraints, model_validator

from core.limits import MAX_CLAIM, MAX_LEAD, MAX_QUOTE
from entries.models import MAX_CLAIMS, EntryStatus, Evidence
from entries.review.suggestions import claim_suggestions
from papers.filters import SORT_CHOICES
from papers.models import ReadLevel
from papers.people import MAX_AUTHORS, PART_MAX_LENGTH, InvalidPerson, Person, person_from_dict

MAX_LIMIT = 100
DEFAULT_LIMIT = 25
MAX_OFFSET = 1_000_000_000
MAX_ID = 2**63 - 1
MAX_TOPICS = 50
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _storable(value: str) -> str:
    """Text both databases can keep: PostgreSQL refuses NUL characters, and neither stores
    unpaired surrogates."""
    if "\x00" in value:
        raise ValueError("Text must not contain NUL (\\u0000) characters.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("Text must be valid Unicode (no unpaired surrogates).") from None
    return value


def _url(value: str) -> str:
    if value:
        try:
            URLValidator(schemes=["http", "https"])(value)
        except DjangoValidationError:
            raise ValueError("Enter a full http(s) URL, or leave it empty.") from None
    return value


def _iso_date(value):
    # Without this, pydantic would read a number (even "0") as a Unix timestamp.
    if isinstance(value, dt.date) or (isinstance(value, str) and ISO_DATE.fullmatch(value)):
        return value
    raise ValueError("Write the date as YYYY-MM-DD, such as 2026-03-01.")


def _non_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("Must not be blank.")
    return value


def Text(max_length: int, *, blank: bool = True) -> type[str]:
    """A string of at most ``max_length`` characters that the database can store."""
    constraints = StringConstraints(max_length=max_length, min_length=0 if blank else 1)
    if blank:
        return Annotated[str, constraints, AfterValidator(_storable)]  # type: ignore[return-value]
    return Annotated[str, constraints, AfterValidator(_storable), AfterValidator(_non_blank)]  # type: ignore[return-value]


IsoDate = Annotated[dt.date, BeforeValidator(_iso_date)]
Slug = Annotated[str, StringConstraints(max_length=200), AfterValidator(_storable)]
Url = Annotated[
    str, StringConstraints(max_length=500), AfterValidator(_storable), AfterValidator(_url)
]
EntryStatusValue = Literal["draft", "pending", "published", "changes_requested", "rejected"]
SubmitStatus = Literal["draft", "pending"]
TargetStatus = Literal["pending", "published", "changes_requested", "rejected"]
EvidenceValue = Literal["unmarked", "full_text", "abstract_only", "secondary", "editorial"]
ReadLevelValue = Literal["full_text", "abstract_only", "metadata_only"]
SortValue = Literal[tuple(key for key, _ in SORT_CHOICES)]  # type: ignore[valid-type]

assert set(EntryStatusValue.__args__) == set(EntryStatus.values)
assert set(EvidenceValue.__args__) == set(Evidence.values)
assert set(ReadLevelValue.__args__) == set(ReadLevel.values)


# Errors ------------------------------------------------------------------------------


class FieldError(Schema):
    field: str = Field(description="Where: a dotted path such as “claims.0.text”.")
    message: str


class ErrorOut(Schema):
    detail: str = Field(description="What went wrong, in a sentence for a person.")
    errors: list[FieldError] = Field(
        default_factory=list, description="One message per field at fault, when it is a field."
    )


# Pagination --------------------------------------------------------------------------


class PageParams(Schema):
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT, description="At most 100.")
    offset: int = Field(0, ge=0, le=MAX_OFFSET)


class PageOut(Schema):
    count: int = Field(description="How many items match, over all pages.")
    limit: int
    offset: int
    next_offset: int | None = Field(description="The offset of the next page, if any.")


# Papers ------------------------------------------------------------------------------


class PaperFilters(PageParams):
    """The filters of the /papers/ page, with the same names and meanings."""

    q: Text(200) | None = Field(
        None, description="Words of title, authors or abstract; or an arXiv id."
    )
    topic: list[Slug] = Field(default_factory=list, description="Concept slugs.")
    match: Literal["any", "all"] = Field("any", description="Papers with any or all topics.")
    published_after: IsoDate | None = None
    published_before: IsoDate | None = None
    author: Text(200) | None = Field(
        None, description="Words of an author's name: a family name, van der Berg, an organisation."
    )
    read_level: ReadLevelValue | None = None
    organisation: Text(300) | None = Field(None, description="Exact, ignoring case.")
    sort: SortValue = "newest"


class PersonOut(Schema):
    """One author: family and given names with a particle and suffix, or one literal name
    (an organisation). Empty parts are empty strings."""

    family: str = Field(description="Family name without its particle: Berg.")
    given: str = Field(description="Given names or initials: Anna.")
    particle: str = Field(
        description="A particle kept with the family name (CSL's non-dropping-particle): van der."
    )
    suffix: str = Field(description="Jr., III.")
    literal: str = Field(description="A name never split, such as World Health Organization.")


class PersonIn(Schema):
    family: Text(PART_MAX_LENGTH) = ""
    given: Text(PART_MAX_LENGTH) = ""
    particle: Text(PART_MAX_LENGTH) = ""
    suffix: Text(PART_MAX_LENGTH) = ""
    literal: Text(PART_MAX_LENGTH) = Field("", description="An organisation; then no other part.")

    @model_validator(mode="after")
    def _one_person(self) -> PersonIn:
        try:
            person_from_dict(self.model_dump())
        except InvalidPerson as exc:
            raise ValueError(str(exc)) from None
        return self

    def person(self) -> Person:
        return person_from_dict(self.model_dump())


class PaperRef(Schema):
    id: int
    arxiv_id: str | None
    title: str


class PaperOut(Schema):
    id: int
    citation_key: str = Field(description="The key documents cite the paper by; never reused.")
    arxiv_id: str | None
    arxiv_version: int | None
    doi: str
    url: str
    title: str
    authors: list[PersonOut] = Field(description="The authors in the paper's order.")
    authors_display: str = Field(
        description="The names as shown: Anna van der Berg, John Smith Jr., World Health "
        "Organization."
    )
    organisation: str
    published: dt.date | None = Field(description="First (arXiv v1) publication date.")
    published_precision: Literal["day", "month", "year"] = Field(
        description="How much of the date is known: a year-only date is stored as 1 January."
    )
    added: dt.datetime
    updated: dt.datetime
    abstract: str
    categories: str
    code_url: str
    entry_type: str = Field(
        description="article, inproceedings, incollection, book, techreport, phdthesis, "
        "mastersthesis, or empty for a preprint or other."
    )
    journal: str
    booktitle: str = Field(description="The proceedings or book the paper is in.")
    volume: str
    issue: str
    pages: str = Field(description="As 12--19.")
    publisher: str = Field(description="Or the institution of a report, a thesis's school.")
    read_level: ReadLevelValue
    topics: list[str] = Field(description="Concept slugs.")
    page_url: str

    @staticmethod
    def resolve_topics(paper) -> list[str]:
        return [t.slug for t in paper.topics.all()]

    @staticmethod
    def resolve_authors(paper) -> list[dict[str, str]]:
        return [
            {part: getattr(person, part) for part in PersonOut.model_fields}
            for person in paper.people
        ]

    @staticmethod
    def resolve_authors_display(paper) -> str:
        return paper.authors

    @staticmethod
    def resolve_page_url(paper) -> str:
        return paper.get_absolute_url()

    @staticmethod
    def resolve_citation_key(paper) -> str:
        return paper.cite_key


class PaperPage(PageOut):
    results: list[PaperOut]


class PaperIn(Schema):
    """A paper by arXiv id. Created when new; otherwise the fields sent are updated and
    the others left as they are (omitted or null)."""

    arxiv_id: Text(100, blank=False) = Field(
        description="Any spelling: 2608.17528, arXiv:2608.17528v2, an arxiv.org URL."
    )
    title: Text(500, blank=False) | None = None
    authors: Annotated[list[PersonIn], Field(max_length=MAX_AUTHORS)] | Text(5000) | None = Field(
        None,
        description="The authors in order, as people; or, as older clients send them, one "
        "string of names joined by commas (Ada Lovelace, John Smith, Jr.).",
    )
    organisation: Text(300) | None = None
    published: IsoDate | None = None
    abstract: Text(20000) | None = None
    doi: Text(200) | None = None
    url: Url | None = None
    code_url: Url | None = None
    categories: Text(300) | None = None
    read_level: ReadLevelValue | None = None
    topics: list[Slug] | None = Field(
        None, max_length=MAX_TOPICS, description="Concept slugs; replaces the paper's topics."
    )


# Concepts ----------------------------------------------------------------------------


class ConceptFilters(PageParams):
    q: Text(200) | None = Field(None, description="Words of the title, summary or an alias.")


class ConceptSummaryOut(Schema):
    id: int
    slug: str
    title: str
    summary: str
    entry_count: int = Field(description="Published entries on this topic.")
    paper_count: int
    page_url: str

    @staticmethod
    def resolve_page_url(concept) -> str:
        return concept.get_absolute_url()


class ConceptPage(PageOut):
    results: list[ConceptSummaryOut]


class RevisionOut(Schema):
    number: int
    created: dt.datetime
    author: str | None
    edit_summary: str

    @staticmethod
    def resolve_author(revision) -> str | None:
        return revision.author.get_username() if revision.author else None


class ConceptOut(Schema):
    id: int
    slug: str
    title: str
    summary: str
    body: str | None = Field(description="Markdown of the current (last approved) revision.")
    html: str | None = Field(description="The body rendered, as the concept page shows it.")
    revision: RevisionOut | None
    aliases: list[str]
    related: list[str] = Field(description="Slugs of related concepts.")
    page_url: str

    @staticmethod
    def resolve_body(concept) -> str | None:
        return concept.current_revision.body if concept.current_revision else None

    @staticmethod
    def resolve_html(concept) -> str | None:
        return concept.current_revision.html if concept.current_revision else None

    @staticmethod
    def resolve_revision(concept):
        return concept.current_revision

    @staticmethod
    def resolve_aliases(concept) -> list[str]:
        return [a.name for a in concept.aliases.all()]

    @staticmethod
    def resolve_related(concept) -> list[str]:
        return [c.slug for c in concept.related.all()]

    @staticmethod
    def resolve_page_url(concept) -> str:
        return concept.get_absolute_url()


# Entries and claims ------------------------------------------------------------------


class SuggestionOut(Schema):
    kind: Literal["evidence", "caveat"]
    value: str = Field(description="An evidence level or a caveat name.")
    reason: str = Field(description="Why, quoting the words that triggered it.")


class ClaimOut(Schema):
    id: int
    position: int
    text: str = Field(description="Short Markdown.")
    html: str
    paper: PaperRef | None
    quote: str
    evidence: EvidenceValue
    evidence_reason: str = Field(
        description="Why the level is what it is: the note's own words when they set it, or "
        "the editor's reason (e.g. where the full text was read)."
    )
    evidence_level: Literal["", "claim", "section", "page", "paper", "editor"] = Field(
        description="Which words gave the level, in order of precedence: the claim's own "
        "(claim), its section's (section), the page's shape, a feed item being a digest "
        "(page), the cited paper's read level (paper); or an editor; empty when unmarked."
    )
    caveats: list[str] = Field(description="Caveat names, e.g. “no figure stated”.")
    caveat_reasons: dict[str, str] = Field(description="Caveat name → the words that set it.")
    suggestions: list[SuggestionOut] = Field(
        description="Marks an editor might set, each with its reason; never applied silently."
    )
    marked_at: dt.datetime | None

    @staticmethod
    def resolve_caveats(claim) -> list[str]:
        return [c.name for c in claim.caveats.all()]

    @staticmethod
    def resolve_suggestions(claim) -> list[dict]:
        names = {c.name for c in claim.caveats.all()}
        return [
            {"kind": s.kind, "value": s.value, "reason": s.reason}
            for s in claim_suggestions(claim, names)
        ]


class MarkOut(ClaimOut):
    entry_version: int = Field(description="The entry's version after this mark.")

    @staticmethod
    def resolve_entry_version(claim) -> int:
        return claim.entry.version


class EntryOut(Schema):
    id: int
    version: int = Field(
        description="Goes up with every change of the text, topics, claims or marks; an "
        "approval names the version it approves."
    )
    date: dt.date
    headline: str
    lead: str = Field(description="Markdown.")
    lead_html: str
    status: EntryStatusValue
    author: str | None
    external_id: str | None
    revision_of: int | None = Field(
        description="For a proposed revision of a published entry: that entry's id."
    )
    topics: list[str] = Field(description="Concept slugs.")
    claims: list[ClaimOut]
    created: dt.datetime
    updated: dt.datetime
    published_at: dt.datetime | None
    review_by: dt.date | None = Field(
        description="Read-only. The re-review date an editor set on a published State of the "
        "Art entry: on and after it the entry is due for re-review. Set on the entry page."
    )
    page_url: str

    @staticmethod
    def resolve_author(entry) -> str | None:
        return entry.author.get_username() if entry.author else None

    @staticmethod
    def resolve_revision_of(entry) -> int | None:
        return entry.revision_of_id

    @staticmethod
    def resolve_topics(entry) -> list[str]:
        return [t.slug for t in entry.topics.all()]

    @staticmethod
    def resolve_claims(entry):
        return list(entry.claims.all())

    @staticmethod
    def resolve_page_url(entry) -> str:
        return entry.get_absolute_url()


class EventOut(Schema):
    action: str
    actor: str | None
    from_status: str
    to_status: str
    comment: str = Field(
        description="A decision's comment: given only to the entry's author and editors."
    )
    detail: dict = Field(
        description="What changed, as data: for “changed a mark”, the claim and its "
        "evidence and caveats from and to."
    )
    created: dt.datetime

    @staticmethod
    def resolve_actor(event) -> str | None:
        return event.actor.get_username() if event.actor else None


class TransitionOut(Schema):
    to: TargetStatus
    label: str = Field(description="The button on the entry page.")
    needs_comment: bool

    @staticmethod
    def resolve_to(transition) -> str:
        return transition.target


class EntryDetailOut(EntryOut):
    history: list[EventOut] = Field(description="Every transition, oldest first.")
    transitions: list[TransitionOut] = Field(
        description="The moves the requesting user may try now."
    )

    @staticmethod
    def resolve_history(entry):
        return list(entry.events.all())

    @staticmethod
    def resolve_transitions(entry):
        return getattr(entry, "allowed_transitions", [])


class EntryPage(PageOut):
    results: list[EntryOut]


class EntryFilters(PageParams):
    status: EntryStatusValue | None = Field(
        None,
        description="Entries other than published ones are listed only for their "
        "author and for editors.",
    )
    topic: Slug | None = Field(None, description="A concept slug.")
    date_after: IsoDate | None = Field(None, description="On or after this date.")
    date_before: IsoDate | None = Field(None, description="On or before this date.")
    mine: bool = Field(False, description="Only the requesting user's own entries.")


class ClaimIn(Schema):
    text: Text(MAX_CLAIM, blank=False) = Field(description="One statement, short Markdown.")
    paper: Text(200) | None = Field(
        None, description="The source paper: an arXiv id (any spelling) or a library id."
    )
    quote: Text(MAX_QUOTE) = Field("", description="The supporting sentence, verbatim.")


class EntryIn(Schema):
    date: IsoDate
    headline: Text(300, blank=False)
    lead: Text(MAX_LEAD) = Field("", description="Markdown.")
    topics: list[Slug] = Field(default_factory=list, max_length=MAX_TOPICS)
    claims: list[ClaimIn] = Field(default_factory=list, max_length=MAX_CLAIMS)
    status: SubmitStatus = Field(
        "draft", description="“pending” submits the entry for review straight away."
    )
    external_id: Text(200, blank=False) | None = Field(
        None,
        description="Your pipeline's id for this entry: sending it again updates the entry "
        "(while it is a draft or pending) instead of creating another.",
    )


class TransitionIn(Schema):
    to: TargetStatus
    comment: Text(5000) = Field("", description="Required to request changes or reject.")
    expected: EntryStatusValue | None = Field(
        None, description="The status you saw; if the entry has moved on since, 409."
    )
    version: int | None = Field(
        None,
        ge=1,
        le=MAX_ID,
        description="The entry's `version` you reviewed: required to approve. If the entry "
        "changed since (its text, claims or marks), the approval is refused with 409.",
    )


class MarkIn(Schema):
    evidence: EvidenceValue
    caveats: list[Text(100)] = Field(
        default_factory=list, max_length=50, description="Caveat names or slugs."
    )
    reason: Text(1000) = Field(
        "",
        description="Why this level: required for “full_text” on a paper read only in "
        "abstract or metadata (400 without it); kept with the claim.",
    )
    version: int | None = Field(
        None,
        ge=1,
        le=MAX_ID,
        description="The entry's `version` you looked at; if it changed since, 409.",
    )


class CaveatOut(Schema):
    name: str
    slug: str
    description: str


class MeOut(Schema):
    username: str
    can_contribute: bool
    is_editor: bool


# Benchmarks and results --------------------------------------------------------------


class BenchmarkOut(Schema):
    id: int
    slug: str
    name: str
    description: str
    direction: Literal["higher", "lower"] = Field(description="Which way is better.")
    unit: str = Field(description="The default unit.")
    aliases: list[str]
    page_url: str

    @staticmethod
    def resolve_aliases(benchmark) -> list[str]:
        return [a.name for a in benchmark.aliases.all()]

    @staticmethod
    def resolve_page_url(benchmark) -> str:
        return benchmark.get_absolute_url()


class BenchmarkPage(PageOut):
    results: list[BenchmarkOut]


class ResultFilters(PageParams):
    concept: Text(200) | None = Field(None, description="A concept's slug: its claims' results.")
    benchmark: Text(200) | None = Field(None, description="A benchmark's slug.")
    protocol: Text(200) | None = Field(None, description="A protocol, as grouped (normalised).")
    evidence: Evidence | None = Field(None, description="The claim's evidence level.")
    date_from: IsoDate | None = Field(None, description="On or after this date (YYYY-MM-DD).")
    date_to: IsoDate | None = Field(None, description="On or before this date (YYYY-MM-DD).")


class ResultOut(Schema):
    """A confirmed result of a published claim: the columns of the results table's CSV and
    JSON, in their order, and its id."""

    id: int
    benchmark: str
    protocol: str
    metric: str
    value: float
    unit: str
    direction: str = Field(description="“higher is better” or “lower is better”.")
    baseline: str
    model: str
    paper: str = Field(description="The cited paper's arXiv id or DOI.")
    date: str
    evidence: str
    caveats: str
    claim: str = Field(description="The claim's address.")


class ResultPage(PageOut):
    results: list[ResultOut]
