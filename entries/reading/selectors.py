"""Reads of entries and claims shared by pages (and by other apps' pages), with their
prefetching, so every page asks the database a fixed number of questions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import (
    Count,
    Prefetch,
    QuerySet,
)
from django.urls import reverse

from accounts.roles import User, is_editor
from core.charts import Mark, share, stacked
from entries.models import (
    EVIDENCE_BADGE,
    EVIDENCE_SHORT,
    Caveat,
    Claim,
    Entry,
    EntryEvent,
    EntryStatus,
    Evidence,
)
from wiki.models import Concept, published_topics

# A cited paper's long columns, which no claim shows: left out when claims are read.
PAPER_TEXT = ("paper__abstract", "paper__search_vector")


def claims_prefetch(to_attr: str | None = None) -> Prefetch:
    """Prefetch an entry's claims with what ``_claim.html`` needs (paper, caveats)."""
    return Prefetch(
        "claims",
        queryset=Claim.objects.select_related("paper")
        .defer(*PAPER_TEXT)
        .prefetch_related("caveats"),
        to_attr=to_attr,
    )


def entries_published(*, topic=None) -> QuerySet[Entry]:
    """Published entries newest first, with topics and claims for a list or a feed.

    The concept page's "State of the Art (date)" sections are
    ``entries_published(topic=concept)``.
    """
    qs = Entry.objects.published().select_related("author")
    if topic is not None:
        qs = qs.filter(topics=topic)
    return qs.prefetch_related(published_topics(), claims_prefetch()).order_by("-date", "-id")


def entry_for_page(pk: int, *, claims: bool = True) -> QuerySet[Entry]:
    """An entry with everything its page (and the API's entry) shows: topics by title and
    slug only, and no search vector (a long column nobody reads from the row). ``claims``
    False leaves the claims out (readers' claims come from ``entries.reading.entry_page``)."""
    prefetch = [
        Prefetch("topics", queryset=Concept.objects.published().only("title", "slug")),
        *([claims_prefetch()] if claims else []),
        Prefetch("events", queryset=EntryEvent.objects.select_related("actor")),
    ]
    return Entry.objects.filter(pk=pk).select_related(
        "author", "revision_of"
    ).defer(
        "search_vector", "revision_of__search_vector"
    ).prefetch_related(*prefetch)  # fmt: skip


def published_claims(
    *, topic=None, paper=None, evidence: str | None = None, caveat: str | None = None
) -> QuerySet[Claim]:
    """Claims readers may see, optionally of one topic or paper, evidence level or caveat
    (a caveat slug): "all abstract-only claims on this topic"."""
    qs = Claim.objects.filter(entry__status=EntryStatus.PUBLISHED)
    if topic is not None:
        qs = qs.filter(entry__topics=topic)
    if paper is not None:
        qs = qs.filter(paper=paper)
    if evidence:
        qs = qs.filter(evidence=evidence)
    if caveat:
        qs = qs.filter(caveats__slug=caveat)
    return (
        qs.select_related("entry", "paper")
        .prefetch_related("caveats")
        .order_by("-entry__date", "-entry_id", "position")
    )


@dataclass(frozen=True)
class BadgeCount:
    kind: str  # "evidence" or "caveat"
    value: str  # evidence value or caveat slug
    label: str
    count: int

    tooltip: str = ""

    @property
    def css(self) -> str:
        if self.kind == "evidence":
            return f"badge-level badge-evidence-{self.value}"
        return "badge-caveat"


def badge_summary(claims: Iterable[Claim]) -> list[BadgeCount]:
    """How many claims carry each evidence level and caveat (claims' caveats prefetched).
    Unmarked claims are counted too, as "not yet marked": readers must know."""
    claims = list(claims)
    return badge_counts(
        [claim.evidence for claim in claims],
        [
            (c.slug, c.name, c.position, c.description)
            for claim in claims
            for c in claim.caveats.all()
        ],
    )


def badge_counts(
    levels: Iterable[str], caveat_marks: Iterable[tuple[str, str, int, str]]
) -> list[BadgeCount]:
    """``badge_summary`` from plain values: each claim's level, and each caveat on a claim
    as (slug, name, position, description)."""
    evidence: Counter[str] = Counter(levels)
    caveats: Counter[tuple[str, str]] = Counter()
    positions: dict[str, int] = {}
    described: dict[str, str] = {}
    for slug, name, position, description in caveat_marks:
        caveats[(slug, name)] += 1
        positions[slug] = position
        described[slug] = description
    found = [
        BadgeCount(
            "evidence",
            value,
            EVIDENCE_BADGE[value],
            evidence[value],
            f"Evidence: {EVIDENCE_BADGE[value]}, {EVIDENCE_SHORT[value]}",
        )
        for value, _ in Evidence.choices
        if evidence[value]
    ]
    found += [
        BadgeCount("caveat", slug, name, n, f"Caveat: {name}, {described[slug]}")
        for (slug, name), n in sorted(caveats.items(), key=lambda kv: positions[kv[0][0]])
    ]
    return found


def caveat_vocabulary() -> list[Caveat]:
    return list(Caveat.objects.all())


def entry_visible(entry: Entry, user: User) -> bool:
    """The one visibility rule for entries: a published entry is public (a revision of one
    is not: it is work in progress); the rest only for their author and editors."""
    if entry.status == EntryStatus.PUBLISHED and not entry.is_revision:
        return True
    return user.is_authenticated and (entry.author_id == user.pk or is_editor(user))


def comments_visible(entry: Entry, user: User) -> bool:
    """Decision comments (why an entry was approved, sent back or rejected) are for the
    entry's author and the editors, never for readers."""
    return user.is_authenticated and (entry.author_id == user.pk or is_editor(user))


# --- the evidence mix (the chart on concept and topic pages) -----------------------------

# The chart's order: the strongest grounding first, "unmarked" last.
MIX_ORDER = (
    Evidence.FULL_TEXT,
    Evidence.ABSTRACT_ONLY,
    Evidence.SECONDARY,
    Evidence.EDITORIAL,
    Evidence.UNMARKED,
)
TOP_CAVEATS = 5


@dataclass(frozen=True)
class MixRow:
    key: str  # evidence value or caveat slug
    label: str
    count: int
    share: int  # whole percent of the topic's claims
    href: str  # the topic page listing exactly these claims


@dataclass(frozen=True)
class EvidenceMix:
    total: int
    levels: list[MixRow]  # in MIX_ORDER, levels with claims only
    caveats: list[MixRow]  # the most frequent first, at most TOP_CAVEATS
    segments: list[Mark]  # the stacked bar of ``levels``
    by_evidence: dict[str, int]
    by_caveat: dict[str, int]  # every caveat's count, by slug


def evidence_mix(topic: Concept) -> EvidenceMix:
    """How the published claims on ``topic`` are grounded, in two aggregate queries: a
    count per evidence level and per caveat, each linking to the topic page's filter."""
    claims = published_claims(topic=topic).order_by()
    by_evidence = dict(claims.values_list("evidence").annotate(n=Count("id")))
    caveat_rows = list(
        Caveat.objects.filter(
            claims__entry__topics=topic, claims__entry__status=EntryStatus.PUBLISHED
        )
        .values_list("slug", "name", "position")
        .annotate(n=Count("claims"))
    )
    total = sum(by_evidence.values())
    base = reverse("entries:topic", args=[topic.slug])
    levels = [
        MixRow(value, Evidence(value).label, n, share(n, total), f"{base}?evidence={value}")
        for value in MIX_ORDER
        if (n := by_evidence.get(value, 0))
    ]
    top = sorted(caveat_rows, key=lambda row: (-row[3], row[2], row[1]))[:TOP_CAVEATS]
    return EvidenceMix(
        total=total,
        levels=levels,
        caveats=[
            MixRow(slug, name, n, share(n, total), f"{base}?caveat={slug}")
            for slug, name, _, n in top
        ],
        segments=stacked([(row.key, row.label, row.count, row.href) for row in levels]),
        by_evidence=by_evidence,
        by_caveat={slug: n for slug, _, _, n in caveat_rows},
    )
