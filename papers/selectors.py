"""What the papers pages read and show: querysets sized for each page, and the small
query-string helpers the list needs. Reads only; writes live in services.py."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from math import ceil
from typing import Any
from urllib.parse import urlencode

from django.core.cache import cache
from django.core.paginator import EmptyPage, Page, Paginator
from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, QueryDict
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.text import slugify

from core.cache import cached_library
from entries.models import EVIDENCE_BADGE, Caveat, Claim, Entry, EntryStatus, Evidence
from papers.filters import DEFAULT_SORT, NEWEST, PaperFilter, paper_text_filter
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import ORGANISATIONS_CACHE_KEY, Paper
from papers.records import clean_doi
from wiki.models import Concept, KeyPaper

PAGE_SIZE = 25
DOI_SHAPE = re.compile(r"^10\.\d{4,9}/\S+$")
COUNT_CAP = 1_000
REACHABLE = 10_000  # pages go on past the count, as far as this many papers
MAX_PAGE_SIZE = 100
# Parameters that describe the filtered set; "page" and "format" only view it.
FILTER_PARAMS = (
    "q",
    "topic",
    "match",
    "published_after",
    "published_before",
    "author",
    "read_level",
    "organisation",
    "sort",
)


class CappedPaginator(Paginator):
    """Counts matches only up to COUNT_CAP: an exact count of tens of thousands of rows
    costs more than the page itself (25 ms for a topic and a year at 100k papers), and
    "more than 1,000 papers" says all a reader needs.

    Past the cap the last page is unknown, so pages go on while rows do, as far as the
    REACHABLE-th paper: each such page reads one row more to know whether another follows.
    """

    def __init__(
        self, *args, count_key: str = "", library_version: str | None = None, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.count_key = count_key  # a filter_digest: the count is cached under it
        self.library_version = library_version  # read before the count, or None

    @cached_property
    def count(self) -> int:
        def counted() -> int:
            return self.object_list.order_by().values("pk")[: COUNT_CAP + 1].count()

        if not self.count_key:
            return counted()
        name = f"papers-count:{COUNT_CAP}:{self.count_key}"
        return cached_library(name, counted, version=self.library_version)

    @property
    def capped(self) -> bool:
        return self.count > COUNT_CAP

    @property
    def last_reachable(self) -> int:
        return max(ceil(REACHABLE / self.per_page), self.num_pages)

    def validate_number(self, number) -> int:
        try:
            return super().validate_number(number)
        except EmptyPage:
            if self.capped and 1 < int(number) <= self.last_reachable:
                return int(number)
            raise

    def page(self, number) -> Page:
        if not self.capped:
            return super().page(number)
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        rows = list(self.object_list[bottom : bottom + self.per_page + 1])
        if not rows:
            raise EmptyPage(self.error_messages["no_results"])
        more = len(rows) > self.per_page and number < self.last_reachable
        return OpenEndedPage(rows[: self.per_page], number, self, more=more)

    def get_page(self, number) -> Page:
        try:
            return super().get_page(number)
        except EmptyPage:  # past the last row of a list counted only to the cap
            return self.page(self.num_pages)


class OpenEndedPage(Page):
    def __init__(self, object_list: list, number: int, paginator: Paginator, *, more: bool):
        super().__init__(object_list, number, paginator)
        self.more = more

    def has_next(self) -> bool:
        return self.more


def page_numbers(page: Page) -> list:
    """The numbered page links, around the current page."""
    paginator = page.paginator
    if not paginator.capped:
        return list(paginator.get_elided_page_range(page.number))
    # Counted only to the cap, the list has no known last page: the links run from the
    # first pages to the next one, then an ellipsis when more may follow.
    ellipsis = paginator.ELLIPSIS
    start = max(1, page.number - 3)
    head = [1, 2, ellipsis] if start > 4 else list(range(1, start))
    last = page.number + 1 if page.has_next() else page.number
    return [*head, *range(start, last + 1), *([ellipsis] if page.has_next() else [])]


def _topics_prefetch() -> Prefetch:
    return Prefetch("topics", queryset=Concept.objects.published().only("id", "title", "slug"))


# --- the list ---------------------------------------------------------------------------


def with_defaults(params: QueryDict) -> QueryDict:
    data = params.copy()
    data.setdefault("sort", DEFAULT_SORT)
    data.setdefault("match", "any")
    return data


def page_size(params: QueryDict) -> int:
    try:
        size = int(params.get("per_page", PAGE_SIZE))
    except ValueError:
        return PAGE_SIZE
    return min(max(size, 1), MAX_PAGE_SIZE)


# What a row of the list shows; never the abstract or the search vector.
LIST_FIELDS = (
    "id", "arxiv_id", "title", "authors", "author_list", "organisation", "published",
    "published_precision", "read_level",
)  # fmt: skip


def for_list(papers: QuerySet[Paper]) -> QuerySet[Paper]:
    """One page's rows: fields shown, claim counts, topics in one more query (as the list
    ``topic_list``: a manager per row cost more than the row's rendering)."""
    topics = Prefetch("topics", queryset=_topics_prefetch().queryset, to_attr="topic_list")
    return papers.only(*LIST_FIELDS).with_claim_count().prefetch_related(topics)


EXPORT_CHUNK = 500


def for_export(papers: QuerySet[Paper]) -> Iterator[Paper]:
    """The papers of an export, read in chunks (two queries per chunk, topics included),
    so a list of any length streams in bounded memory."""
    rows = papers.defer("search_vector").prefetch_related(_topics_prefetch())
    return rows.iterator(chunk_size=EXPORT_CHUNK)


def export_basename(filterset: PaperFilter) -> str:
    """A file name that says what the export holds: ``papers-topic-reward-modeling-2026``
    for the papers on Reward Modeling published in 2026 (only valid filters count)."""
    data = getattr(filterset.form, "cleaned_data", {}) if filterset.is_bound else {}
    parts = ["papers"]
    if data.get("q"):
        parts.append(slugify(data["q"])[:40])
    for concept in data.get("topic") or []:
        parts += ["topic", concept.slug]
    after, before = data.get("published_after"), data.get("published_before")
    if after and before and (after.month, after.day, before.month, before.day) == (1, 1, 12, 31):
        same = after.year == before.year
        parts.append(str(after.year) if same else f"{after.year}-{before.year}")
    else:
        if after:
            parts += ["from", after.isoformat()]
        if before:
            parts += ["until", before.isoformat()]
    if data.get("read_level"):
        parts += ["read", data["read_level"].replace("_", "-")]
    if data.get("author"):
        parts += ["by", slugify(data["author"])[:40]]
    if data.get("organisation"):
        parts.append(slugify(data["organisation"])[:40])
    name = "-".join(p for p in parts if p)
    return name[:150].rstrip("-")


ORGANISATIONS_SHOWN = 500

# The first ORGANISATIONS_SHOWN organisations in order, one probe of the organisation
# index each: a DISTINCT reads every paper's entry of the index (30-43 ms at a million
# papers), this reads one entry per organisation shown.
_ORGANISATIONS_SKIP_SCAN = """
WITH RECURSIVE known(organisation) AS (
    (SELECT organisation FROM papers_paper WHERE organisation > '' ORDER BY organisation LIMIT 1)
    UNION ALL
    SELECT (
        SELECT p.organisation FROM papers_paper p
        WHERE p.organisation > known.organisation ORDER BY p.organisation LIMIT 1
    )
    FROM known WHERE known.organisation IS NOT NULL
)
SELECT organisation FROM known WHERE organisation IS NOT NULL LIMIT %s
"""


def organisations() -> list[str]:
    """Known organisations, for the filter's suggestions, in order (the first 500)."""

    def load() -> list[str]:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(_ORGANISATIONS_SKIP_SCAN, [ORGANISATIONS_SHOWN])
                return [row[0] for row in cursor.fetchall()]
        values = (
            Paper.objects.exclude(organisation="")
            .order_by("organisation")
            .values_list("organisation", flat=True)
            .distinct()
        )
        return list(values[:ORGANISATIONS_SHOWN])

    return cache.get_or_set(ORGANISATIONS_CACHE_KEY, load, 300)


def _pairs(params: QueryDict, drop: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    return [
        (name, value)
        for name in FILTER_PARAMS
        if name not in drop
        for value in params.getlist(name)
        if value.strip()
        and not (name == "sort" and value == DEFAULT_SORT)
        and not (name == "match" and value == "any")
    ]


def filter_digest(params: QueryDict, drop: tuple[str, ...] = ()) -> str:
    """A key for what ``params`` filter (and sort): the same set under the same library
    version has the same count, chart and form."""
    return hashlib.sha256(urlencode(_pairs(params, drop=drop)).encode()).hexdigest()


def query_string(params: QueryDict) -> str:
    """The filter part of the query string, without empty or default values."""
    pairs = _pairs(params)
    if "per_page" in params and page_size(params) != PAGE_SIZE:
        pairs.append(("per_page", str(page_size(params))))
    return urlencode(pairs)


def list_url(params: QueryDict) -> str:
    query = query_string(params)
    page = params.get("page", "")
    if page.isdigit() and page != "1":
        query = f"{query}&page={page}" if query else f"page={page}"
    return reverse("papers:list") + (f"?{query}" if query else "")


def _without(params: QueryDict, name: str, value: str | None = None) -> str:
    pairs = [(n, v) for n, v in _pairs(params) if not (n == name and (value is None or v == value))]
    return reverse("papers:list") + (f"?{urlencode(pairs)}" if pairs else "")


def active_filters(filterset: PaperFilter, params: QueryDict) -> list[dict[str, str]]:
    """The valid filters in force, each with the address that drops it."""
    if not filterset.is_bound or not hasattr(filterset.form, "cleaned_data"):
        return []
    data = filterset.form.cleaned_data
    chips = []
    if data.get("q"):
        chips.append({"label": f"“{data['q']}”", "url": _without(params, "q")})
    for concept in data.get("topic") or []:
        chips.append(
            {"label": f"Topic: {concept.title}", "url": _without(params, "topic", concept.slug)}
        )
    for name, label in (("published_after", "from"), ("published_before", "until")):
        if data.get(name):
            chips.append({"label": f"{label} {data[name]:%Y-%m-%d}", "url": _without(params, name)})
    if data.get("author"):
        chips.append({"label": f"Author: {data['author']}", "url": _without(params, "author")})
    if data.get("read_level"):
        level = dict(filterset.filters["read_level"].extra["choices"])[data["read_level"]]
        chips.append({"label": f"Read: {level}", "url": _without(params, "read_level")})
    if data.get("organisation"):
        chips.append({"label": data["organisation"], "url": _without(params, "organisation")})
    return chips


def errors_text(filterset: PaperFilter) -> str:
    lines = ["The filter has invalid values:"]
    for name, errors in filterset.form.errors.items():
        label = filterset.form.fields[name].label if name in filterset.form.fields else name
        lines += [f"- {label}: {error}" for error in errors]
    return "\n".join(lines) + "\n"


# --- one paper --------------------------------------------------------------------------


MAX_PK_DIGITS = 18  # a bigint's primary key; a longer number is no paper's


def paper_by_key(
    key: str, *, queryset: QuerySet[Paper] | None = None, by_title: bool = False
) -> Paper | None:
    """The paper a key names: its library id (ASCII digits), its arXiv id in any spelling
    (old or new style, with or without version or "arXiv:" prefix), or, with ``by_title``,
    its exact title. None when nothing matches.

    This is the one lookup behind paper pages, the API, the "Source paper" field and
    search. Only ASCII counts as a number: "²" or "①" are digits to ``str.isdigit`` but
    no paper's id.
    """
    papers = Paper.objects.all() if queryset is None else queryset
    key = (key or "").strip().strip("/")
    if not key:
        return None
    if key.isascii() and key.isdigit():
        return papers.filter(pk=int(key)).first() if len(key) <= MAX_PK_DIGITS else None
    try:
        arxiv_id = parse_arxiv_id(key).id
    except InvalidArxivId:
        arxiv_id = None
    paper = papers.filter(arxiv_id=arxiv_id).first() if arxiv_id else None
    if paper is None and by_title:
        named = papers_named(key, queryset=papers)
        paper = named[0] if len(named) == 1 else None
    return paper


def doi_key(value: str) -> str:
    """The DOI a value spells ("10.1234/x", "doi:10.1234/x", a doi.org link), or ""."""
    doi = clean_doi(value or "")
    return doi if DOI_SHAPE.match(doi) else ""


def papers_named(value: str, *, queryset: QuerySet[Paper] | None = None) -> list[Paper]:
    """The papers a typed reference names exactly: its DOI, or its title (case and runs of
    spaces aside). At most two: enough to tell one paper from several. Each lookup is one
    indexed query (the title index is on its lower case)."""
    papers = Paper.objects.all() if queryset is None else queryset
    text = " ".join((value or "").split())
    if not text:
        return []
    doi = doi_key(text)
    if doi:
        found = list(papers.filter(doi__iexact=doi)[:2])
        if found:
            return found
    found = list(papers.filter(title=text)[:2])
    if not found:
        # SQLite lowers ASCII only: a title differing in the case of other letters is
        # found by the exact match above or not at all.
        found = list(papers.alias(title_lower=Lower("title")).filter(title_lower=text.lower())[:2])
    return found


def unknown_paper_message(value: str) -> str:
    return (
        f"No paper in the library matches “{value.strip()[:80]}”: type its title, arXiv id "
        "or DOI, or words of it and pick a suggestion, or add the paper to the library first."
    )


def ambiguous_paper_message(value: str) -> str:
    return (
        f"Several papers in the library are titled “{value.strip()[:80]}”: pick the one you "
        "mean from the suggestions, or type its arXiv id or DOI."
    )


def get_paper_or_404(key: str) -> Paper:
    """A paper by arXiv id (any spelling, old or new style) or by primary key."""
    paper = paper_by_key(key)
    if paper is None:
        raise Http404("No paper has this id.")
    return paper


def with_topics(paper: Paper) -> Paper:
    return Paper.objects.prefetch_related(_topics_prefetch()).get(pk=paper.pk)


def paper_new_url(typed: str) -> str:
    """The "Add this paper" address for what was typed in a paper field, filled in with it
    as an arXiv id, a DOI or a title."""
    field = "arxiv_id" if arxiv_prefill(typed) else "doi" if doi_key(typed) else "title"
    return f"{reverse('papers:new')}?{urlencode({field: typed.strip()[:500]})}"


def paper_prefill(query: QueryDict) -> dict[str, str]:
    """The add-paper form's fields that an "Add this paper" link fills in."""
    return {
        "arxiv_id": arxiv_prefill(query.get("arxiv_id", "")),
        "doi": doi_key(query.get("doi", "")),
        "title": " ".join(query.get("title", "").split())[:500],
    }


def arxiv_prefill(raw: str) -> str:
    """The normalised arXiv id of a ``?arxiv_id=`` link, or "" when it names none."""
    try:
        return parse_arxiv_id(raw[:100]).id if raw else ""
    except InvalidArxivId:
        return ""


def bib_filename(paper: Paper) -> str:
    return paper.cite_key.replace("/", "-")


def login_url(request: HttpRequest) -> str:
    return f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}"


# What a claim row shows: never the entries' bodies or search columns.
CLAIM_FIELDS = [f.name for f in Claim._meta.concrete_fields if f.name not in ("entry", "paper")]
ENTRY_FIELDS = ("id", "date", "headline", "status")
# A claim cites its paper as "Author et al. year", with the id and title on hover.
PAPER_FIELDS = (
    "paper__id",
    "paper__arxiv_id",
    "paper__arxiv_version",
    "paper__title",
    "paper__authors",
    "paper__author_list",
    "paper__published",
)


def _visible_claims(paper: Paper) -> QuerySet[Claim]:
    return Claim.objects.filter(paper=paper, entry__status=EntryStatus.PUBLISHED)


def paper_detail(
    paper: Paper, *, editor: bool, evidence: str = "", caveat: Caveat | None = None
) -> dict[str, Any]:
    """Everything the paper page reads, in a fixed number of queries; ``evidence`` and
    ``caveat`` narrow the claims shown (the counts stay those of every claim)."""
    claims = _visible_claims(paper)
    counts = dict(claims.order_by().values_list("evidence").annotate(n=Count("pk")))
    evidence_summary = [
        {"value": value, "label": EVIDENCE_BADGE[value], "count": counts.get(value, 0)}
        for value, _ in Evidence.choices
        # Readers see unmarked claims counted too ("not yet marked"), when there are any.
        if value != Evidence.UNMARKED or editor or counts.get(value)
    ]
    caveat_summary = (
        Caveat.objects.filter(claims__paper=paper, claims__entry__status=EntryStatus.PUBLISHED)
        .annotate(n=Count("claims"))
        .order_by("position", "name")
    )
    shown = claims
    if evidence:
        shown = shown.filter(evidence=evidence)
    if caveat is not None:
        shown = shown.filter(caveats=caveat)
    shown = (
        shown.select_related("entry", "paper")
        .only(*CLAIM_FIELDS, *(f"entry__{n}" for n in ENTRY_FIELDS), *PAPER_FIELDS)
        .prefetch_related("caveats")
        .order_by("-entry__date", "-entry_id", "position", "pk")
    )
    cited_in = Q(pk__in=Entry.papers.through.objects.filter(paper=paper).values("entry_id")) | Q(
        pk__in=Claim.objects.filter(paper=paper).values("entry_id")
    )
    return {
        "paper": paper,
        "topics": list(paper.topics.published()),
        "claims": list(shown),
        "claim_total": sum(counts.get(v, 0) for v, _ in Evidence.choices),
        "evidence_summary": evidence_summary,
        "caveat_summary": list(caveat_summary),
        "entries": list(Entry.objects.published().filter(cited_in).only("id", "date", "headline")),
        "key_papers": list(
            KeyPaper.objects.filter(paper=paper)
            .select_related("concept")
            .only("note", "concept__title", "concept__slug")
        ),
    }


PICKER_LIMIT = 12


def papers_for_picker(query: str, *, limit: int = PICKER_LIMIT) -> list[Paper]:
    """Papers a picker offers for what was typed: an arXiv id (or its start), a DOI, or
    words found in the title, authors or abstract (full text on PostgreSQL), newest first.

    At most ``limit`` rows with only the columns an option shows, so it stays one short
    query at any library size.
    """
    query = query.strip()[:200]
    if len(query) < 2:
        return []
    condition = Q(arxiv_id__istartswith=query)
    doi = doi_key(query)
    if doi:
        condition |= Q(doi__istartswith=doi)
    text_filter = paper_text_filter(query)
    if text_filter is not None:
        condition |= text_filter.condition
    papers = Paper.objects.filter(condition).order_by(*NEWEST)
    return list(
        papers.only(
            "pk", "arxiv_id", "doi", "title", "authors", "author_list", "read_level", "published"
        )[:limit]
    )
