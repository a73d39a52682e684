"""The review queue's rows, each rendered once per what it shows and reused by every editor.

A queued entry's summary line and each claim of an opened entry (the text, badges, source,
reasons, suggestions and the mark form) are the same for every editor: only the form's
CSRF token and the page to come back to (``next``) differ. They are kept as parts keyed by
a digest of exactly the rows they show (``core.cache.cached_parts``, as the concept page's
State of the Art sections): the entry's columns, its author's name, its topics' titles and
its claim counts for a summary; the claim's columns, its cited paper's columns, its
caveats and the caveat vocabulary for a claim. The digest's data are read as plain rows
(no model objects); only a part whose digest is not in the cache is rendered from models.
A mark, a paper edited, a topic or a person renamed, a caveat reworded: each changes the
digest of exactly the parts that show it, whoever wrote it.

Nothing per person is rendered into a part: a claim part holds markers where the token
and ``next`` go, filled in per request (the markers hold NUL, which no stored text can:
PostgreSQL refuses it in text and the request guard refuses it in input). What depends on
the editor (the decision buttons, the four-eyes rule, messages) is rendered per request.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from core.cache import Unstored, cached_fragment, cached_parts, data_digest
from core.chrome import page_token
from entries.models import Caveat, Claim, Entry, Evidence
from entries.reading.selectors import PAPER_TEXT, caveat_vocabulary
from entries.review.selectors import decorate_for_review, review_queue
from entries.review.workflow import entry_writers
from papers.models import Paper

# The names change with the parts' markup, so no part of an older layout is reused.
SUMMARY_PARTS = "review-summary-1"
CLAIM_PARTS = "review-claim-2"
TOKEN_MARKER = "\x00rw-csrf-token\x00"
NEXT_MARKER = "\x00rw-next\x00"

# What a summary shows: the entry's columns and its author's name (whole values, so a
# column the template starts to show is easy to add here).
_SUMMARY_FIELDS = (
    "pk",
    "headline",
    "date",
    "submitted_at",
    "revision_of_id",
    "author__username",
    "author__first_name",
    "author__last_name",
)
# What a claim part shows: every column of the claim and of its paper but the paper's long
# text, which no claim shows.
CLAIM_COLUMNS = tuple(f.attname for f in Claim._meta.concrete_fields)
PAPER_COLUMNS = tuple(
    f.attname
    for f in Paper._meta.concrete_fields
    if f"paper__{f.name}" not in PAPER_TEXT and f.attname != "id"
)
_VOCABULARY_FIELDS = ("pk", "name", "slug", "description", "position")


@dataclass
class QueueRow:
    """One queued entry as the queue lists it: its summary line (a shared part) and the
    counts the page needs besides."""

    pk: int
    summary: SafeString
    unmarked_count: int
    review_messages: list = field(default_factory=list)

    def get_absolute_url(self) -> str:
        return reverse("entries:detail", kwargs={"pk": self.pk})


@dataclass(frozen=True)
class PageInfo:
    """Where a page of the queue is among all of them (what the template asks of a
    ``Page``), without the paginator's queryset."""

    number: int
    num_pages: int
    count: int

    @property
    def paginator(self) -> PageInfo:
        return self

    def has_previous(self) -> bool:
        return self.number > 1

    def has_next(self) -> bool:
        return self.number < self.num_pages

    def has_other_pages(self) -> bool:
        return self.has_previous() or self.has_next()

    def previous_page_number(self) -> int:
        return self.number - 1

    def next_page_number(self) -> int:
        return self.number + 1


@dataclass(frozen=True)
class QueuePage:
    """What a page of the queue shows every editor. Shared between requests: read-only
    (``first`` is copied before a request decorates it)."""

    page: PageInfo
    rows: tuple[tuple[int, str, int], ...]  # (pk, summary, unmarked count)
    first: Entry | None  # the entry opened with its controls
    first_claims: ClaimRows | None  # its claims, with markers; None for a revision
    first_writers: frozenset[int]  # who wrote it (the four-eyes rule)


def queue_page(number: str | None, page_size: int) -> QueuePage:
    """Page ``number`` of the queue, read and rendered once per content version (any write
    to an entry, claim, paper, topic or caveat, or a person's name, replaces it): a warm
    page asks no query. After a write, the rows whose data did not change come from their
    own parts (``queue_rows``, ``claim_parts``)."""
    key = hashlib.sha256(f"{number}:{page_size}".encode()).hexdigest()[:32]
    return cached_fragment(f"review-queue:{key}", lambda: _queue_page(number, page_size))


def _queue_page(number: str | None, page_size: int) -> QueuePage:
    page = Paginator(review_queue(), page_size).get_page(number)
    rows = queue_rows(list(page.object_list))
    first = review_entry(rows[0].pk) if rows else None
    claims = claim_parts(first) if first is not None and first.revision_of is None else None
    return QueuePage(
        page=PageInfo(page.number, page.paginator.num_pages, page.paginator.count),
        rows=tuple((row.pk, str(row.summary), row.unmarked_count) for row in rows),
        first=first,
        first_claims=claims,
        first_writers=frozenset(entry_writers(first)) if first is not None else frozenset(),
    )


def queue_rows(ids: list[int]) -> list[QueueRow]:
    """The summary lines of the queued entries ``ids``, in that order: two queries of plain
    rows, and a rendering only for a line whose data changed."""
    counts = {
        "claim_count": Count("claims", distinct=True),
        "unmarked_count": Count(
            "claims", filter=Q(claims__evidence=Evidence.UNMARKED), distinct=True
        ),
    }
    rows = {
        row["pk"]: row
        for row in Entry.objects.filter(pk__in=ids)
        .order_by()
        .values(*_SUMMARY_FIELDS)
        .annotate(**counts)
    }
    topics = Entry.topics.through.objects.filter(entry_id__in=list(rows)).values_list(
        "entry_id", "concept__title"
    )
    for row in rows.values():
        row["topics"] = []
    for entry_id, title in sorted(topics, key=lambda t: (t[0], t[1].lower(), t[1])):
        rows[entry_id]["topics"].append(title)
    digests = {pk: data_digest(sorted(row.items())) for pk, row in rows.items()}

    def render(missing: list[int]) -> dict[int, str]:
        return {
            pk: render_to_string("entries/_review_summary.html", {"row": rows[pk]})
            for pk in missing
        }

    parts = cached_parts(SUMMARY_PARTS, digests, render)
    return [
        QueueRow(pk, mark_safe(parts[pk]), rows[pk]["unmarked_count"]) for pk in ids if pk in rows
    ]


@dataclass(frozen=True)
class ClaimRows:
    """An entry's claims with the editor's controls (with markers, or for one request)."""

    html: SafeString
    count: int
    unmarked_count: int
    suggested: bool  # whether any claim has a suggestion left ("Apply all suggestions")


def claim_rows(request: HttpRequest, parts: ClaimRows, next_url: str) -> ClaimRows:
    """``parts`` (from ``claim_parts``) with this request's CSRF token and ``next``."""
    html = parts.html.replace(TOKEN_MARKER, page_token(request))
    return replace(parts, html=mark_safe(html.replace(NEXT_MARKER, escape(next_url))))


def claim_rows_with_caveats(
    entry_pk: int, *caveat_columns: str
) -> tuple[list[tuple], dict[int, list[tuple]]]:
    """An entry's claims as plain rows (``CLAIM_COLUMNS`` then ``PAPER_COLUMNS``, in
    order) and, per claim id, its caveats' ``caveat_columns``: two queries, the data that
    the claims' shared parts are keyed by."""
    claims = list(
        Claim.objects.filter(entry=entry_pk)
        .order_by("position", "id")
        .values_list(*CLAIM_COLUMNS, *(f"paper__{f}" for f in PAPER_COLUMNS))
    )
    pk_at = CLAIM_COLUMNS.index("id")
    marks: dict[int, list[tuple]] = {row[pk_at]: [] for row in claims}
    through = Claim.caveats.through.objects.filter(claim__entry=entry_pk)
    for claim_id, *caveat in through.values_list("claim_id", *caveat_columns):
        marks[claim_id].append(tuple(caveat))
    return claims, marks


def claim_parts(entry: Entry) -> ClaimRows:
    """``entry``'s claims as ``entries/_claim_review.html`` shows them, from shared parts,
    with markers where each request's CSRF token and ``next`` go (``claim_rows``).

    Load ``entry`` (its version) before calling this: the claims read here are then at
    least as new as the version the editor's approval will name, never older.
    """
    vocabulary = caveat_vocabulary()
    words = data_digest([tuple(getattr(c, f) for f in _VOCABULARY_FIELDS) for c in vocabulary])
    claims, marks = claim_rows_with_caveats(entry.pk, "caveat_id")
    pk_at, evidence_at = CLAIM_COLUMNS.index("id"), CLAIM_COLUMNS.index("evidence")
    digests = {
        row[pk_at]: _claim_digest(row, [c for (c,) in marks[row[pk_at]]], words) for row in claims
    }

    def render(missing: list[int]) -> dict[int, tuple[str, bool] | Unstored]:
        return _render_claims(missing, vocabulary, words, digests)

    parts = cached_parts(CLAIM_PARTS, digests, render)
    return ClaimRows(
        html=mark_safe("".join(parts[row[pk_at]][0] for row in claims)),
        count=len(claims),
        unmarked_count=sum(row[evidence_at] == Evidence.UNMARKED for row in claims),
        suggested=any(parts[row[pk_at]][1] for row in claims),
    )


def _claim_digest(row: tuple, caveat_ids: list[int], words: str) -> str:
    return data_digest((row, sorted(caveat_ids), words))


def _render_claims(
    missing: list[int], vocabulary: list[Caveat], words: str, digests: dict[int, str]
) -> dict[int, tuple[str, bool] | Unstored]:
    """The parts of the claims ``missing``, rendered from models read now. A claim that
    changed since its digest was taken is shown as it is now but not kept under the older
    digest (whose data it no longer shows)."""
    claims = (
        Claim.objects.filter(pk__in=missing)
        .select_related("paper")
        .defer(*PAPER_TEXT)
        .prefetch_related("caveats")
    )
    rendered: dict[int, tuple[str, bool] | Unstored] = {}
    for claim in decorate_for_review(claims):
        context = {
            "claim": claim,
            "caveats": vocabulary,
            "next": NEXT_MARKER,
            "csrf_token": TOKEN_MARKER,
        }
        value = (render_to_string("entries/_claim_review.html", context), bool(claim.suggestions))
        paper = claim.paper
        row = (
            *(getattr(claim, f) for f in CLAIM_COLUMNS),
            *(getattr(paper, f) if paper else None for f in PAPER_COLUMNS),
        )
        seen = _claim_digest(row, [c.pk for c in claim.caveats.all()], words)
        rendered[claim.pk] = value if seen == digests[claim.pk] else Unstored(value)
    for pk in missing:  # deleted meanwhile: shown as nothing, kept as nothing
        rendered.setdefault(pk, Unstored(("", False)))
    return rendered


def review_entry(pk: int) -> Entry | None:
    """A queued entry with the columns its review body shows besides its claims."""
    return (
        Entry.objects.select_related("author", "revision_of")
        .defer("lead", "search_vector", "revision_of__lead", "revision_of__search_vector")
        .filter(pk=pk)
        .first()
    )
