"""Reads of the watching app: what a person watches, and what changed on it in a period.

``changes`` asks a fixed number of queries whatever the data (one per kind of change and
its prefetches): each kind is cut at ``limit`` rows, newest first.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, Q, QuerySet

from core.cache import cached_for_people
from entries.models import MARK_CHANGED, Claim, Entry, EntryEvent, EntryStatus
from entries.reading.selectors import BadgeCount, badge_summary, claims_prefetch, published_topics
from papers.models import Paper
from results.models import Result
from watching.models import KINDS, Kind, Watch, WatchingProfile
from wiki.models import Revision, RevisionStatus

LIMIT = 50


@dataclass
class Change:
    """One thing that changed on what a person watches, as pages, feeds and emails show it."""

    key: str  # unique and stable: the feed's item id
    verb: str  # "New entry", "Entry updated", "Marks changed", "New result", "Concept revised"
    when: dt.datetime
    title: str
    url: str
    because: list[tuple[str, str]]  # the watched things it concerns: (title, address)
    summary: list[BadgeCount] = field(default_factory=list)  # the entry's claims' badges
    claims: list[Claim] = field(default_factory=list)  # claims shown with their own badges
    detail: str = ""


def watches_of(user: AbstractBaseUser) -> list[Watch]:
    """What the person watches, newest first, with the things themselves (one query)."""
    return list(
        Watch.objects.filter(user=user)
        .select_related("concept", "benchmark", "paper")
        .defer("concept__search_vector", "paper__search_vector", "paper__abstract")
    )


def watched_keys(user: AbstractBaseUser) -> frozenset[tuple[str, int]]:
    """(kind, id) of everything the person watches, kept with their account under the
    people version (a watch replaces it: core.cache_triggers), so a warm page asks nothing."""

    def read() -> frozenset[tuple[str, int]]:
        rows = Watch.objects.filter(user_id=user.pk).values_list(*(f"{k}_id" for k in KINDS))
        return frozenset(
            (kind, pk) for row in rows for kind, pk in zip(KINDS, row, strict=True) if pk
        )

    return cached_for_people(f"watches:{user.pk}", read)


def is_watching(user: AbstractBaseUser, kind: str, pk: int) -> bool:
    return (kind, pk) in watched_keys(user)


def profile_by_token(token: str) -> WatchingProfile | None:
    if not token:
        return None
    return (
        WatchingProfile.objects.select_related("user")
        .filter(feed_token=token, user__is_active=True)
        .first()
    )


def _watched_ids(watches: list[Watch]) -> dict[str, set[int]]:
    ids: dict[str, set[int]] = {kind: set() for kind in Kind.values}
    for watch in watches:
        ids[watch.kind].add(watch.target_id)
    return ids


def _titles(watches: list[Watch]) -> dict[tuple[str, int], tuple[str, str]]:
    named = {}
    for watch in watches:
        target = watch.target
        title = target.title if watch.kind != Kind.BENCHMARK else target.name
        named[(watch.kind, watch.target_id)] = (title, target.get_absolute_url())
    return named


def changes(
    watches: list[Watch],
    *,
    since: dt.datetime,
    until: dt.datetime | None = None,
    limit: int = LIMIT,
) -> list[Change]:
    """What changed on the watched things after ``since`` (and up to ``until``), newest
    first: published entries on watched concepts or citing watched papers (new, updated,
    or with marks changed), results on watched benchmarks, concept revisions published."""
    ids = _watched_ids(watches)
    names = _titles(watches)
    found = _entry_changes(ids, names, since, until, limit)
    found += _result_changes(ids, names, since, until, limit)
    found += _revision_changes(ids, names, since, until, limit)
    found.sort(key=lambda change: change.when, reverse=True)
    return found


def _window(field_name: str, since: dt.datetime, until: dt.datetime | None) -> Q:
    window = Q(**{f"{field_name}__gt": since})
    if until is not None:
        window &= Q(**{f"{field_name}__lte": until})
    return window


def _entry_changes(ids, names, since, until, limit) -> list[Change]:
    if not ids[Kind.CONCEPT] and not ids[Kind.PAPER]:
        return []
    concerned = Q(topics__in=ids[Kind.CONCEPT]) if ids[Kind.CONCEPT] else Q(pk__in=[])
    if ids[Kind.PAPER]:
        concerned |= Q(papers__in=ids[Kind.PAPER]) | Q(claims__paper__in=ids[Kind.PAPER])
    entries = Entry.objects.published().filter(concerned).values("pk")
    events = (
        EntryEvent.objects.filter(_window("created", since, until), entry__in=entries)
        .filter(Q(to_status=EntryStatus.PUBLISHED) | Q(action=MARK_CHANGED))
        .order_by("-created", "-id")
        .values_list("entry_id", "action", "detail", "created")[: limit * 4]
    )
    by_entry: dict[int, list[tuple[str, dict, dt.datetime]]] = {}
    for entry_id, action, detail, created in events:
        if entry_id in by_entry or len(by_entry) < limit:
            by_entry.setdefault(entry_id, []).append((action, detail, created))
    if not by_entry:
        return []
    shown = (
        Entry.objects.filter(pk__in=by_entry)
        .prefetch_related(
            published_topics(),
            claims_prefetch(),
            Prefetch("papers", queryset=Paper.objects.only("pk")),
        )
        .only("pk", "headline", "date", "published_at", "lead_html")
    )
    found = []
    for entry in shown:
        happened = by_entry[entry.pk]
        claims = list(entry.claims.all())
        marked = {d.get("claim") for action, d, _ in happened if action == MARK_CHANGED}
        if entry.published_at is not None and _in_window(entry.published_at, since, until):
            verb = "New entry"
        elif any(action != MARK_CHANGED for action, _, _ in happened):
            verb = "Entry updated"
        else:
            verb = "Marks changed"
        because = [
            names[(Kind.CONCEPT, t.pk)] for t in entry.topics.all() if (Kind.CONCEPT, t.pk) in names
        ]
        cited = [c.paper_id for c in claims] + [p.pk for p in entry.papers.all()]
        for paper_id in cited:
            named = names.get((Kind.PAPER, paper_id))
            if named is not None and named not in because:
                because.append(named)
        found.append(
            Change(
                key=f"entry-{entry.pk}-{happened[0][2].timestamp():.0f}",
                verb=verb,
                when=happened[0][2],
                title=entry.headline,
                url=entry.get_absolute_url(),
                because=because,
                summary=badge_summary(claims),
                claims=[c for c in claims if c.pk in marked],
            )
        )
    return found


def _in_window(moment: dt.datetime, since: dt.datetime, until: dt.datetime | None) -> bool:
    return moment > since and (until is None or moment <= until)


def _result_changes(ids, names, since, until, limit) -> list[Change]:
    if not ids[Kind.BENCHMARK]:
        return []
    results: QuerySet[Result] = (
        Result.objects.published()
        .filter(_window("decided_at", since, until), benchmark__in=ids[Kind.BENCHMARK])
        .select_related("benchmark", "claim__entry")
        .prefetch_related(Prefetch("claim__caveats"))
        .order_by("-decided_at", "-id")[:limit]
    )
    found = []
    for result in results:
        figure = f"{result.value:g}{result.unit}"
        detail = " ".join(
            part
            for part in (result.metric, figure, f"({result.model})" if result.model else "")
            if part
        )
        found.append(
            Change(
                key=f"result-{result.pk}",
                verb="New result",
                when=result.decided_at,
                title=f"{result.benchmark.name}: {detail}",
                url=result.claim.entry.get_absolute_url(),
                because=[names[(Kind.BENCHMARK, result.benchmark_id)]],
                claims=[result.claim],
                detail=result.claim.entry.headline,
            )
        )
    return found


def _revision_changes(ids, names, since, until, limit) -> list[Change]:
    if not ids[Kind.CONCEPT]:
        return []
    published = _window("reviewed_at", since, until) | (
        Q(reviewed_at__isnull=True) & _window("created", since, until)
    )
    revisions = (
        Revision.objects.filter(published, status=RevisionStatus.PUBLISHED)
        .filter(concept__in=ids[Kind.CONCEPT])
        .select_related("concept")
        .only("pk", "number", "title", "edit_summary", "created", "reviewed_at", "concept__slug")
        .order_by("-created", "-id")[:limit]
    )
    return [
        Change(
            key=f"revision-{revision.pk}",
            verb="Concept revised",
            when=revision.reviewed_at or revision.created,
            title=revision.title,
            url=revision.concept.get_absolute_url(),
            because=[names[(Kind.CONCEPT, revision.concept_id)]],
            detail=" · ".join(filter(None, [f"Revision {revision.number}", revision.edit_summary])),
        )
        for revision in revisions
    ]
