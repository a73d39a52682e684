"""Full-text search over concepts, papers and entries: one box, ranked, with snippets.

On PostgreSQL every kind keeps a stored, weighted ``search_vector`` with a GIN index:
concepts (title above summary above body) and entries (headline above lead above claims)
are refreshed by the write services; papers (title above authors above abstract) by a
database trigger, and the papers list searches the same way, so the two boxes agree.
Ranking is ``ts_rank`` and snippets come from ``ts_headline``.
On SQLite a plain case-insensitive match on the same fields, titles first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.postgres.aggregates import StringAgg
from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVector,
)
from django.db import connection
from django.db.models import F, OuterRef, Q, QuerySet, Subquery, TextField, Value
from django.db.models.functions import Coalesce, Concat, Left
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from entries.models import Claim, Entry
from papers.filters import paper_search, search_terms
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import Paper
from wiki.models import Concept

CONFIG = "english"
KINDS = ("concepts", "papers", "entries")
HIGHLIGHT = {"start_sel": "<mark>", "stop_sel": "</mark>", "max_words": 30, "min_words": 12}
COUNT_CAP = 1000  # counting past this costs more than it tells anyone
RANK_POOL = 500  # matches ranked per kind; see _rank_pool
SNIPPET_SOURCE_CHARS = 20_000  # ts_headline reads at most this much of a long body


@dataclass
class Hit:
    kind: str
    title: str
    url: str
    snippet: SafeString
    meta: str = ""

    @property
    def label(self) -> str:
        return {"concepts": "Concept", "papers": "Paper", "entries": "Entry"}[self.kind]


@dataclass
class Results:
    query: str
    kind: str
    hits: list[Hit] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _is_postgres() -> bool:
    return connection.vendor == "postgresql"


# Keeping the stored vectors current -------------------------------------------------


def concept_vector_refresh(concept_ids: Iterable[int] | None = None) -> None:
    """Recompute concepts' vectors from title, aliases-free summary and current body."""
    if not _is_postgres():
        return
    qs = Concept.objects.all()
    if concept_ids is not None:
        qs = qs.filter(pk__in=list(concept_ids))
    qs.update(
        search_vector=SearchVector("title", weight="A", config=CONFIG)
        + SearchVector("summary", weight="B", config=CONFIG)
        + SearchVector(
            Coalesce(
                Subquery(
                    Concept.objects.filter(pk=OuterRef("pk")).values("current_revision__body")[:1]
                ),
                Value("", output_field=TextField()),
                output_field=TextField(),
            ),
            weight="C",
            config=CONFIG,
        )
    )


def entry_vector_refresh(entry_ids: Iterable[int] | None = None) -> None:
    """Recompute entries' vectors from headline, lead and the text of their claims."""
    if not _is_postgres():
        return
    qs = Entry.objects.all()
    if entry_ids is not None:
        qs = qs.filter(pk__in=list(entry_ids))
    claims_text = (
        Claim.objects.filter(entry=OuterRef("pk"))
        .order_by()
        .values("entry")
        .annotate(text=StringAgg("text", delimiter=" ", output_field=TextField()))
        .values("text")
    )
    qs.update(
        search_vector=SearchVector("headline", weight="A", config=CONFIG)
        + SearchVector("lead", weight="B", config=CONFIG)
        + SearchVector(
            Coalesce(
                Subquery(claims_text), Value("", output_field=TextField()), output_field=TextField()
            ),
            weight="C",
            config=CONFIG,
        )
    )


# Searching ---------------------------------------------------------------------------


def exact_paper(text: str) -> Paper | None:
    """The paper an exact arXiv id (in any spelling) names, if it is in the library."""
    try:
        arxiv_id = parse_arxiv_id(text).id
    except InvalidArxivId:
        return None
    return Paper.objects.filter(arxiv_id=arxiv_id).first()


def _tsquery(terms: list[str], weights: str = "") -> SearchQuery:
    # Words are \w+ only, so the raw query carries no operators but ours; the last word
    # is a prefix so results follow typing. ``weights`` ("A") restricts to title words.
    suffix = f":{weights}" if weights else ""
    raw = " & ".join([*(f"{t}{suffix}" for t in terms[:-1]), f"{terms[-1]}:*{weights}"])
    return SearchQuery(raw, search_type="raw", config=CONFIG)


def _rank_pool(qs: QuerySet, terms: list[str]) -> QuerySet:
    """Limit ranking to a bounded pool of matches: title matches first, then any others.

    A common word can match most of a 100k library; ranking every match costs a second,
    and the best-ranked results are title matches (weight A) anyway.
    """
    ids = list(
        qs.filter(search_vector=_tsquery(terms, "A"))
        .order_by()
        .values_list("pk", flat=True)[:RANK_POOL]
    )
    if len(ids) < RANK_POOL:
        ids += list(
            qs.filter(search_vector=_tsquery(terms))
            .exclude(pk__in=ids)
            .order_by()
            .values_list("pk", flat=True)[: RANK_POOL - len(ids)]
        )
    return qs.model.objects.filter(pk__in=ids)


def _count(qs: QuerySet) -> int:
    return qs.order_by().values("pk")[:COUNT_CAP].count()


def _plain_snippet(text: str, terms: list[str], width: int = 220) -> SafeString:
    """A window of ``text`` around the first matching word, words marked; HTML-safe."""
    text = re.sub(r"\s+", " ", text or "").strip()
    lower = text.lower()
    positions = [lower.find(t) for t in terms if lower.find(t) >= 0]
    start = max(0, min(positions) - width // 3) if positions else 0
    window = text[start : start + width]
    html = escape(window)
    for term in sorted(set(terms), key=len, reverse=True):
        html = re.sub(f"({re.escape(escape(term))})", r"<mark>\1</mark>", html, flags=re.IGNORECASE)
    prefix = "… " if start > 0 else ""
    suffix = " …" if start + width < len(text) else ""
    return mark_safe(prefix + html + suffix)  # every part escaped above


def _safe_headline(value: str | None) -> SafeString:
    # ts_headline returns the document's text with our <mark> tags; escape everything
    # else so stored text can never inject markup.
    value = value or ""
    parts = re.split(r"(</?mark>)", value)
    return mark_safe(  # every part but our <mark> tags escaped
        "".join(p if p in ("<mark>", "</mark>") else escape(p) for p in parts)
    )


def search(text: str, *, kind: str = "all", limit: int = 20) -> Results:
    text = (text or "").strip()[:200]
    kind = kind if kind in KINDS else "all"
    results = Results(query=text, kind=kind)
    terms = search_terms(text)
    if not terms:
        return results
    concepts = Concept.objects.published()
    papers = paper_search(Paper.objects.all(), text)
    entries = Entry.objects.published()
    if _is_postgres():
        query = _tsquery(terms)
        concepts = concepts.filter(search_vector=query)
        entries = entries.filter(search_vector=query)
    else:
        for term in terms:
            concepts = concepts.filter(
                Q(title__icontains=term)
                | Q(summary__icontains=term)
                | Q(aliases__name__icontains=term)
                | Q(current_revision__body__icontains=term)
            )
            entries = entries.filter(
                Q(headline__icontains=term)
                | Q(lead__icontains=term)
                | Q(claims__text__icontains=term)
            )
        concepts, entries = concepts.distinct(), entries.distinct()
    results.counts = {
        "concepts": _count(concepts),
        "papers": _count(papers),
        "entries": _count(entries),
    }
    wanted = KINDS if kind == "all" else (kind,)
    per_kind = limit if kind != "all" else max(5, limit // 2)
    if "concepts" in wanted:
        results.hits += _concept_hits(concepts, terms, per_kind)
    if "papers" in wanted:
        results.hits += _paper_hits(papers, terms, per_kind)
    if "entries" in wanted:
        results.hits += _entry_hits(entries, terms, per_kind)
    return results


def _concept_hits(qs: QuerySet[Concept], terms: list[str], limit: int) -> list[Hit]:
    if _is_postgres():
        query = _tsquery(terms)
        rows = (
            _rank_pool(qs, terms)
            .annotate(
                rank=SearchRank(F("search_vector"), query),
                snippet=SearchHeadline(
                    Concat(
                        "summary",
                        Value(" ", output_field=TextField()),
                        Coalesce(
                            Left(
                                "current_revision__body",
                                SNIPPET_SOURCE_CHARS,
                                output_field=TextField(),
                            ),
                            Value("", output_field=TextField()),
                        ),
                        output_field=TextField(),
                    ),
                    query,
                    config=CONFIG,
                    **HIGHLIGHT,
                ),
            )
            .order_by("-rank", "title")
            .values("title", "slug", "snippet")[:limit]
        )
        return [
            Hit("concepts", r["title"], f"/wiki/{r['slug']}/", _safe_headline(r["snippet"]))
            for r in rows
        ]
    rows = list(qs.values("title", "slug", "summary")[: limit * 4])
    rows.sort(key=lambda r: (not any(t in r["title"].lower() for t in terms), r["title"].lower()))
    return [
        Hit("concepts", r["title"], f"/wiki/{r['slug']}/", _plain_snippet(r["summary"], terms))
        for r in rows[:limit]
    ]


def _paper_hits(qs: QuerySet[Paper], terms: list[str], limit: int) -> list[Hit]:
    if _is_postgres():
        query = _tsquery(terms)
        qs = (
            _rank_pool(qs, terms)
            .annotate(
                rank=SearchRank(F("search_vector"), query),
                snippet=SearchHeadline("abstract", query, config=CONFIG, **HIGHLIGHT),
            )
            .order_by("-rank", "-published")
        )
    else:
        qs = qs.order_by("-published", "-id")
    hits = []
    for p in qs.only("title", "arxiv_id", "published", "abstract", "authors")[:limit]:
        snippet = _safe_headline(p.snippet) if _is_postgres() else _plain_snippet(p.abstract, terms)
        meta = " · ".join(
            x for x in (p.short_authors, p.published.isoformat() if p.published else "") if x
        )
        hits.append(Hit("papers", p.title, p.get_absolute_url(), snippet, meta))
    return hits


def _entry_hits(qs: QuerySet[Entry], terms: list[str], limit: int) -> list[Hit]:
    if _is_postgres():
        query = _tsquery(terms)
        qs = (
            _rank_pool(qs, terms)
            .annotate(
                rank=SearchRank(F("search_vector"), query),
                snippet=SearchHeadline(
                    Coalesce("lead", Value("", output_field=TextField())),
                    query,
                    config=CONFIG,
                    **HIGHLIGHT,
                ),
            )
            .order_by("-rank", "-date")
        )
    else:
        qs = qs.order_by("-date", "-id")
    hits = []
    for e in qs.only("headline", "date", "lead")[:limit]:
        snippet = _safe_headline(e.snippet) if _is_postgres() else _plain_snippet(e.lead, terms)
        hits.append(Hit("entries", e.headline, e.get_absolute_url(), snippet, e.date.isoformat()))
    return hits
