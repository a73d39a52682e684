"""Full-text search over concepts, papers and entries: one box, ranked, with snippets.

On PostgreSQL every kind keeps a stored, weighted ``search_vector`` with a GIN index:
concepts (title above summary above body) and entries (headline above lead above claims)
are refreshed by their own apps' write services (wiki.fulltext, entries.writing.fulltext); papers
(title above authors above abstract) by a database trigger, and the papers list searches
the same way, so the two boxes agree. Title matches come first, then by ``ts_rank``;
snippets come from ``ts_headline``. Each kind's count is exact up to COUNT_CAP and "more
than" beyond it: words most of the library contains rank the newest matches rather than
all of them (see _find).
On SQLite a plain match on the same fields, titles first. Both ignore case and accents
("Godel" finds "Gödel"): PostgreSQL through the unaccent extension in the search configuration
(search/migrations/0001), SQLite through the same-named function of core.accents.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from django.contrib.postgres.search import SearchHeadline, SearchRank
from django.db import connection
from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    F,
    Q,
    QuerySet,
    TextField,
    Value,
)
from django.db.models.functions import (
    Coalesce,
    Concat,
    Greatest,
    Least,
    NullIf,
    StrIndex,
    Substr,
)
from django.utils.safestring import SafeString

from core import fulltext
from core.accents import fold_in_place
from core.cache import cached_fragment
from core.fulltext import (
    CONFIG,
    newest_matches,
    newest_pool,
    raw_tsquery,
    search_terms,
    tsquery,
)
from core.plaintext import MARK_END, MARK_START, markdown_to_text, marked_html
from entries.models import Claim, Entry
from entries.writing.fulltext import claims_text
from papers.filters import NEWEST, paper_search
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import Paper
from papers.selectors import paper_by_key
from wiki.models import Concept

KINDS = ("concepts", "papers", "entries")
NOUNS = {
    "concepts": ("concept", "concepts"),
    "papers": ("paper", "papers"),
    "entries": ("entry", "entries"),
}
HIGHLIGHT = {"start_sel": "<mark>", "stop_sel": "</mark>", "max_words": 30, "min_words": 12}
COUNT_CAP = 100  # a kind's count is exact up to this, "100+" beyond: counting costs
RANK_POOL = 500  # matches ranked per kind at most; see _find
# A concept's snippet reads this much of its body, from a little before the first match.
SNIPPET_SOURCE_CHARS = 1000
SNIPPET_LEAD_CHARS = 200


@dataclass
class Hit:
    kind: str
    title: str
    url: str
    snippet: SafeString
    meta: str = ""
    marked_title: SafeString | None = None  # the title with the query's words marked

    @property
    def label(self) -> str:
        return {"concepts": "Concept", "papers": "Paper", "entries": "Entry"}[self.kind]


@dataclass
class Results:
    query: str
    kind: str
    hits: list[Hit] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    more: set[str] = field(default_factory=set)  # kinds with more matches than counted

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def count_labels(self) -> list[str]:
        """Each kind's count in words, marked when it is a floor: "100+ papers"."""
        labels = []
        for kind in KINDS:
            count = self.counts.get(kind, 0)
            singular, plural = NOUNS[kind]
            more = kind in self.more
            noun = singular if count == 1 and not more else plural
            labels.append(f"{count}{'+' if more else ''} {noun}")
        return labels


def _is_postgres() -> bool:
    return connection.vendor == "postgresql"


# Searching ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """How one kind is searched on PostgreSQL."""

    name: str
    all_prefixes: bool  # every word a prefix (papers, as on /papers/), or only the last
    order: tuple  # ties between equal ranks; a sort index serves it for common words


CONCEPT_KIND = Kind("concepts", False, (F("title").asc(),))
PAPER_KIND = Kind("papers", True, NEWEST)
ENTRY_KIND = Kind("entries", False, (F("date").desc(), F("id").desc()))


@dataclass
class Found:
    """One kind's matches: how many (exact, or COUNT_CAP and more) and the best, ranked."""

    count: int
    more: bool
    best: QuerySet


def exact_paper(text: str) -> Paper | None:
    """The paper an exact arXiv id (in any spelling) names, if it is in the library."""
    try:
        parse_arxiv_id(text)
    except InvalidArxivId:
        return None  # a bare number is a word to search for, not a paper's id
    return paper_by_key(text)


def _count(qs: QuerySet) -> tuple[int, bool]:
    count = qs.order_by().values("pk")[: COUNT_CAP + 1].count()
    return min(count, COUNT_CAP), count > COUNT_CAP


def _ranked(qs: QuerySet, kind: Kind, raw: str, title_raw: str) -> QuerySet:
    """Title matches first, then by ``ts_rank``, ties in the kind's order."""
    return qs.annotate(
        title_hit=ExpressionWrapper(Q(search_vector=tsquery(title_raw)), BooleanField()),
        rank=SearchRank(F("search_vector"), tsquery(raw)),
    ).order_by("-title_hit", "-rank", *kind.order)


def _find(qs: QuerySet, kind: Kind, terms: list[str], limit: int) -> Found:
    """Count and rank one kind's matches at a cost that does not grow with the library.

    At most RANK_POOL matches are ranked: the newest ones (in the kind's order) when there
    are more. Words in more than COUNT_CAP of the newest rows are found along the sort
    index (see core.fulltext.newest_pool) and counted as "more than COUNT_CAP". Rarer
    words are found with the GIN index, counted up to COUNT_CAP, and all ranked; when
    there are more, though few recent ones, the newest RANK_POOL of them.
    """
    raw = raw_tsquery(terms, all_prefixes=kind.all_prefixes)
    title_raw = raw_tsquery(terms, all_prefixes=kind.all_prefixes, weights="A")
    pooled, ids = newest_pool(qs, kind.order, raw, title_raw, pool=RANK_POOL, limit=limit)
    if pooled > COUNT_CAP:
        best = qs.model.objects.filter(pk__in=ids)
        return Found(COUNT_CAP, True, _ranked(best, kind, raw, title_raw))
    total, ids = newest_matches(qs, kind.order, raw, pool=RANK_POOL)
    best = qs.model.objects.filter(pk__in=ids)
    return Found(min(total, COUNT_CAP), total > COUNT_CAP, _ranked(best, kind, raw, title_raw))


def _find_plain(qs: QuerySet, order: tuple) -> Found:
    count, more = _count(qs)
    return Found(count, more, qs.order_by(*order))


def _plain_snippet(text: str, terms: list[str], width: int = 220) -> SafeString:
    """A window of the text's words around the first match, each word holding a match
    marked whole ("rewards" for "reward", as PostgreSQL's headline marks it); HTML-safe."""
    text = markdown_to_text(text)
    folded = fold_in_place(text)
    terms = [fold_in_place(t) for t in terms]
    positions = [folded.find(t) for t in terms if folded.find(t) >= 0]
    start = max(0, min(positions) - width // 3) if positions else 0
    space = text.find(" ", start, min(positions)) if start else -1
    start = space + 1 if space >= 0 else start  # at a word's start, not inside one
    window = text[start : start + width]
    if start + width < len(text) and " " in window[width // 2 :]:
        window = window[: window.rindex(" ")]  # ending after a word, not inside one
    stop = start + len(window)
    prefix = "… " if start > 0 else ""
    suffix = " …" if stop < len(text) else ""
    return marked_html(prefix + _with_marks(window, folded[start:stop], terms) + suffix)


def _with_marks(text: str, folded: str, folded_terms: list[str]) -> str:
    """``text`` with each word that holds a term between MARK_START and MARK_END: found in
    its ``folded`` copy ("godel" in "gödel"), marked in the text as written."""
    words = "|".join(re.escape(t) for t in sorted(set(folded_terms), key=len, reverse=True))
    if not words:
        return text
    for m in reversed(list(re.finditer(rf"\w*(?:{words})\w*", folded))):
        begin, end = m.span()
        text = text[:begin] + MARK_START + text[begin:end] + MARK_END + text[end:]
    return text


def _marked_title(title: str, terms: list[str]) -> SafeString:
    """A hit's title with the words that hold a term marked, as its snippet marks them."""
    return marked_html(_with_marks(title, fold_in_place(title), [fold_in_place(t) for t in terms]))


def _safe_headline(value: str | None) -> SafeString:
    # ts_headline returns the document's Markdown with our <mark> tags: the tags become
    # markers, the Markdown its words, and marked_html escapes all but the markers.
    value = (value or "").replace("<mark>", MARK_START).replace("</mark>", MARK_END)
    return marked_html(markdown_to_text(value))


def search(text: str, *, kind: str = "all", limit: int = 20) -> Results:
    """The matches of ``text`` of one kind or all, ranked, with their snippets and counts.

    The same for every reader (published rows only), so kept per content version as a
    shared fragment (``core.cache.cached_fragment``): a search repeated before the next
    write to the library costs one cache read. Not in the process memo: every search typed
    is a key of its own and would push out the pages kept there.
    """
    text = (text or "").strip()[:200]
    kind = kind if kind in KINDS else "all"
    if not search_terms(text):
        return Results(query=text, kind=kind)
    digest = hashlib.sha256(text.encode()).hexdigest()
    # The caps in the key too: results found under other caps are other results.
    key = f"search:{kind}:{limit}:{COUNT_CAP}:{RANK_POOL}:{fulltext.SAMPLE_SIZE}:{digest}"
    return cached_fragment(key, lambda: _search(text, kind, limit), memoize=False)


def _search(text: str, kind: str, limit: int) -> Results:
    results = Results(query=text, kind=kind)
    terms = search_terms(text)
    if not terms:
        return results
    wanted = KINDS if kind == "all" else (kind,)
    per_kind = limit if kind != "all" else max(5, limit // 2)
    shown = {name: per_kind if name in wanted else 0 for name in KINDS}
    found = _find_postgres(text, terms, shown) if _is_postgres() else _find_sqlite(text, terms)
    results.counts = {name: found[name].count for name in KINDS}
    results.more = {name for name in KINDS if found[name].more}
    if "concepts" in wanted:
        results.hits += _concept_hits(found["concepts"].best, terms, per_kind)
    if "papers" in wanted:
        results.hits += _paper_hits(found["papers"].best, terms, per_kind)
    if "entries" in wanted:
        results.hits += _entry_hits(found["entries"].best, terms, per_kind)
    for hit in results.hits:
        hit.marked_title = _marked_title(hit.title, terms)
    return results


def _find_postgres(text: str, terms: list[str], shown: dict[str, int]) -> dict[str, Found]:
    try:
        arxiv_id = parse_arxiv_id(text).id
    except InvalidArxivId:
        papers = _find(Paper.objects.all(), PAPER_KIND, terms, shown["papers"])
    else:
        papers = _find_plain(Paper.objects.filter(arxiv_id=arxiv_id), PAPER_KIND.order)
    return {
        "concepts": _find(Concept.objects.published(), CONCEPT_KIND, terms, shown["concepts"]),
        "papers": papers,
        "entries": _find(Entry.objects.published(), ENTRY_KIND, terms, shown["entries"]),
    }


def _find_sqlite(text: str, terms: list[str]) -> dict[str, Found]:
    concepts = Concept.objects.published()
    entries = Entry.objects.published()
    for term in terms:
        concepts = concepts.filter(
            Q(title__unaccent__icontains=term)
            | Q(summary__unaccent__icontains=term)
            | Q(aliases__name__unaccent__icontains=term)
            | Q(current_revision__body__unaccent__icontains=term)
        )
        entries = entries.filter(
            Q(headline__unaccent__icontains=term)
            | Q(lead__unaccent__icontains=term)
            | Q(claims__text__unaccent__icontains=term)
        )
    return {
        "concepts": _find_plain(concepts.distinct(), ("title",)),
        "papers": _find_plain(paper_search(Paper.objects.all(), text), ("-published", "-id")),
        "entries": _find_plain(entries.distinct(), ("-date", "-id")),
    }


def _snippet_source(head, text, terms: list[str]) -> Concat:
    """``head`` and SNIPPET_SOURCE_CHARS of ``text`` from just before a word's first use.

    ts_headline parses all it is given, and a concept's body or an entry's claims run to
    tens of thousands of characters: the window keeps a long page's snippet cheap and on a
    matching passage. The words are found as typed (lower case, as in running text); when
    none is, the text's start. ts_headline shows the best passage of the two.
    """
    found = [NullIf(StrIndex(text, Value(term)), Value(0)) for term in terms]
    first = Coalesce(Least(*found) if len(found) > 1 else found[0], Value(1))
    start = Greatest(first - Value(SNIPPET_LEAD_CHARS), Value(1))
    return Concat(
        Coalesce(head, Value("", output_field=TextField())),
        Value(" ", output_field=TextField()),
        Substr(text, start, SNIPPET_SOURCE_CHARS),
        output_field=TextField(),
    )


def _concept_snippet_source(terms: list[str]) -> Concat:
    """The summary and a window of the body (``_snippet_source``)."""
    body = Coalesce("current_revision__body", Value("", output_field=TextField()))
    return _snippet_source("summary", body, terms)


def _concept_hits(qs: QuerySet[Concept], terms: list[str], limit: int) -> list[Hit]:
    if _is_postgres():
        query = tsquery(raw_tsquery(terms, all_prefixes=CONCEPT_KIND.all_prefixes))
        rows = qs.annotate(
            snippet=SearchHeadline(
                _concept_snippet_source(terms), query, config=CONFIG, **HIGHLIGHT
            ),
        ).values("title", "slug", "snippet")[:limit]
        return [
            Hit("concepts", r["title"], f"/wiki/{r['slug']}/", _safe_headline(r["snippet"]))
            for r in rows
        ]
    rows = list(qs.values("title", "slug", "summary", "current_revision__body")[: limit * 4])
    folded_terms = [fold_in_place(t) for t in terms]
    rows.sort(
        key=lambda r: (
            not any(t in fold_in_place(r["title"]) for t in folded_terms),
            r["title"].lower(),
        )
    )
    return [
        Hit(
            "concepts",
            r["title"],
            f"/wiki/{r['slug']}/",
            _plain_snippet(
                r["summary"] + "\n\n" + _window(r["current_revision__body"] or "", folded_terms),
                terms,
            ),
        )
        for r in rows[:limit]
    ]


def _window(text: str, folded_terms: list[str]) -> str:
    """SNIPPET_SOURCE_CHARS of ``text`` from just before a word's first use, or "" when it
    holds none (the same window as ``_snippet_source``, in Python)."""
    folded = fold_in_place(text)
    found = [at for at in (folded.find(t) for t in folded_terms) if at >= 0]
    if not found:
        return ""
    first = min(found)
    # From the start of the match's line when it is near, so no mark is cut in two.
    line = text.rfind("\n", 0, first) + 1
    start = line if first - line <= SNIPPET_SOURCE_CHARS // 2 else first - SNIPPET_LEAD_CHARS
    return text[start : start + SNIPPET_SOURCE_CHARS]


def _paper_hits(qs: QuerySet[Paper], terms: list[str], limit: int) -> list[Hit]:
    if _is_postgres():
        query = tsquery(raw_tsquery(terms, all_prefixes=PAPER_KIND.all_prefixes))
        qs = qs.annotate(snippet=SearchHeadline("abstract", query, config=CONFIG, **HIGHLIGHT))
        qs = qs.only(
            "title", "arxiv_id", "published", "published_precision", "authors", "author_list"
        )
    else:
        qs = qs.only(
            "title",
            "arxiv_id",
            "published",
            "published_precision",
            "abstract",
            "authors",
            "author_list",
        )
    hits = []
    for p in qs[:limit]:
        snippet = _safe_headline(p.snippet) if _is_postgres() else _plain_snippet(p.abstract, terms)
        meta = " · ".join(
            x for x in (p.short_authors, p.published_date.iso if p.published else "") if x
        )
        hits.append(Hit("papers", p.title, p.get_absolute_url(), snippet, meta))
    return hits


def _entry_hits(qs: QuerySet[Entry], terms: list[str], limit: int) -> list[Hit]:
    """Entries with a snippet from their lead or, where the words are in a claim, the claim:
    a hit shows why it matched."""
    if _is_postgres():
        query = tsquery(raw_tsquery(terms, all_prefixes=ENTRY_KIND.all_prefixes))
        source = _snippet_source("lead", claims_text(), terms)
        qs = qs.annotate(snippet=SearchHeadline(source, query, config=CONFIG, **HIGHLIGHT)).only(
            "headline", "date"
        )
        return [
            Hit(
                "entries",
                e.headline,
                e.get_absolute_url(),
                _safe_headline(e.snippet),
                e.date.isoformat(),
            )
            for e in qs[:limit]
        ]
    entries = list(qs.only("headline", "date", "lead")[:limit])
    folded_terms = [fold_in_place(t) for t in terms]
    claims: dict[int, list[str]] = {}
    for entry_id, text in (
        Claim.objects.filter(entry__in=entries)
        .order_by("entry_id", "position", "pk")
        .values_list("entry_id", "text")
    ):
        claims.setdefault(entry_id, []).append(text)
    return [
        Hit(
            "entries",
            e.headline,
            e.get_absolute_url(),
            _plain_snippet(
                e.lead + "\n\n" + _window("\n\n".join(claims.get(e.pk, [])), folded_terms), terms
            ),
            e.date.isoformat(),
        )
        for e in entries
    ]
