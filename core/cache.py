"""A cache of rendered pages and fragments, never stale after a write.

Everything cached is stored under a *version* taken before the data it is built from; the
database's triggers replace a version on every write to what it covers, so nothing stored
under an older one is read again (docs/architecture.md, "The cache"). Five versions:
*content* (whole pages, ``cached_fragment``), *frame* (``cached_frame``: the same but for
claims alone), *library* (``cached_library``: the papers list), *people*
(``cached_for_people``: accounts and permissions), *results* (``cached_results``: the
results tables and benchmark pages); ``core.cache_triggers.watches`` says which writes
replace which.
"""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import functools
import hashlib
import secrets
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from core import metrics
from core.cache_listener import QUERY, listener
from core.cache_triggers import KINDS

PAGE_TTL_SECONDS = 3600
# Fragments keyed by what they show (not by the content version) never go stale: they
# live until the cache needs the room, or a day.
DIGEST_TTL_SECONDS = 24 * 3600
# What a cached page keeps of its response besides the body (a BibTeX export must still
# download as a file).
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")

T = TypeVar("T")
G = TypeVar("G")
K = TypeVar("K")
V = TypeVar("V")


def _cache():
    return caches[settings.PAGE_CACHE_ALIAS]


class _ProcessMemo:
    """Values under keys that name them for good, kept in this process too: a hit skips the
    shared cache's read and unpickling. Read-only, shared by requests; the oldest of
    ``size`` goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: dict[str, object] = {}

    def key(self, key: str) -> str:
        return f"{settings.PAGE_CACHE_ALIAS}:{_cache().make_key(key)}"

    def get(self, key: str) -> object | None:
        return self.values.get(key)

    def put(self, key: str, value: object) -> None:
        if len(self.values) >= self.size:
            # Another thread may have removed it first.
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                del self.values[next(iter(self.values))]
        self.values[key] = value


memo = _ProcessMemo(size=64)


def memoized(key: str) -> object | None:
    """The value under ``key`` if this process keeps it."""
    return memo.get(memo.key(key))


def cache_get_memoized(key: str) -> object | None:
    """The value under ``key``, which names it for good, from this process or the cache."""
    local = memo.key(key)
    value = memo.get(local)
    if value is None:
        value = _cache().get(key)
        if value is not None:
            memo.put(local, value)
    return value


def process_memoized(key: str, build: Callable[[], T]) -> T:
    """A value put together from cached ones, kept in this process alone: ``key`` must name
    it for good (hold the versions of everything it is made of)."""
    local = memo.key(key)
    value = memo.get(local)
    if value is None:
        value = build()
        memo.put(local, value)
    return value


def cache_set_memoized(key: str, value: object, timeout: float) -> None:
    _cache().set(key, value, timeout)
    memo.put(memo.key(key), value)


# The versions read by this request, when it is a GET (reset by core.page_cache): read
# once, before anything they cover. A request that writes reads them again on every use.
_request_versions: ContextVar[dict[str, str] | None] = ContextVar("cache_versions", default=None)


def versions_from_rows(rows: list[tuple[str, str]]) -> dict[str, str]:
    """Every version from the rows of its slots; a version with no rows (no table, no
    database) gets a token nobody had: uncached but never stale."""
    tokens: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for kind, token in rows:
        tokens.setdefault(kind, []).append(token)
    return {
        kind: hashlib.blake2b("".join(found).encode(), digest_size=8).hexdigest()
        if found
        else secrets.token_hex(8)
        for kind, found in tokens.items()
    }


def _read_versions(*, from_table: bool = False) -> dict[str, str]:
    """Every version: on PostgreSQL from the worker's listener when it is surely current
    (core/cache_listener.py), else from the table in one query. A database that does not
    answer gives versions nobody had."""
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor == "postgresql" and not (from_table or connection.in_atomic_block):
        found = listener.current()
        if found is not None:
            return found
    try:
        return versions_from_rows(_query_versions(connection))
    except Exception:  # whatever it is, the page is served, uncached
        return versions_from_rows([])


def _query_versions(connection) -> list[tuple[str, str]]:
    # Usually a request's first query, it tells whether a kept connection still works:
    # Django's own check first would double the round trips. A connection the database
    # dropped is replaced and asked once more.
    retry = connection.connection is not None and not connection.in_atomic_block
    connection.health_check_done = True
    for attempt in (1, 2):
        try:
            with connection.cursor() as cursor:
                cursor.execute(QUERY)
                return cursor.fetchall()
        except DatabaseError:
            if not retry or attempt == 2:
                raise
            connection.close()
    return []


def versions(*kinds: str) -> tuple[str, ...]:
    """The versions of ``kinds`` (core.cache_triggers.KINDS), read together: read them
    before the data a value is built from, so that a write committed meanwhile replaces
    them and what is stored under them now is never read again."""
    found = _request_versions.get()
    if found is None:
        found = _read_versions()
    elif not found:
        found.update(_read_versions())
    return tuple(found[kind] for kind in kinds)


def memory_versions() -> dict[str, str] | None:
    """The versions if this process holds them surely current, without a query."""
    return (
        listener.current()
        if settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"].endswith("postgresql")
        else None
    )


@contextlib.contextmanager
def versions_read_once(
    known: dict[str, str] | None = None, *, from_table: bool = False
) -> Iterator[None]:
    """Within it, the versions are read at most once (a GET: it writes no content), or
    are those ``known``; ``from_table``: from the database, whatever the listener holds."""
    found = _read_versions(from_table=True) if from_table else dict(known or {})
    token = _request_versions.set(found)
    try:
        yield
    finally:
        _request_versions.reset(token)


def content_version() -> str:
    return versions("content")[0]


def frame_version() -> str:
    return versions("frame")[0]


def library_version() -> str:
    return versions("library")[0]


def people_version() -> str:
    return versions("people")[0]


def results_version() -> str:
    return versions("results")[0]


def content_and_frame_versions() -> tuple[str, ...]:
    return versions("content", "frame")


def today() -> dt.date:
    """The day in the site's time zone. A page may say what falls due on a day (an entry's
    re-review), so whole pages are kept per content version *and* day: the first request
    of a day renders each page again, as after a write."""
    return timezone.localdate()


def _cacheable(request: HttpRequest) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and "messages" not in request.COOKIES
        and not getattr(request, "htmx", False)
    )


def cache_page_for_anonymous(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve anonymous GETs of this view from the page cache, keyed by content version and
    day (``today``): for visitors whose session says they are anonymous (core/page_cache.py
    serves those without a session, earlier)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not settings.PAGE_CACHE_ENABLED or not _cacheable(request):
            return view(request, *args, **kwargs)
        # Per host (a feed's links are absolute), hashed: an address may be long.
        # As sent: build_absolute_uri() would resolve "/papers/../" to "/", another page.
        address = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
        address = hashlib.sha256(address.encode()).hexdigest()
        key = f"page:{content_version()}:{today().isoformat()}:{address}"
        cached = cache_get_memoized(key)
        if cached is not None:
            metrics.page_cache.hit()
            content, headers = cached
            response = HttpResponse(content, headers=headers)
            response["X-Page-Cache"] = "hit"
        else:
            metrics.page_cache.miss()
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming and not response.cookies:
                headers = {h: response[h] for h in KEPT_HEADERS if response.has_header(h)}
                cache_set_memoized(key, (response.content, headers), PAGE_TTL_SECONDS)
            response["X-Page-Cache"] = "miss"
        # Any visitor without a session may get it: the front door keeps it whole, headers
        # and all (core/page_cache.py).
        response.page_cache_shareable = True
        return response

    return wrapper


def _cached(key: str, render: Callable[[], T], *, memoize: bool = True) -> T:
    value = cache_get_memoized(key) if memoize else _cache().get(key)
    if value is None:
        metrics.fragment_cache.miss()
        value = render()
        if memoize:
            cache_set_memoized(key, value, PAGE_TTL_SECONDS)
        else:
            _cache().set(key, value, PAGE_TTL_SECONDS)
    else:
        metrics.fragment_cache.hit()
    return value


def cached_fragment(
    name: str, render: Callable[[], T], *, version: str | None = None, memoize: bool = True
) -> T:
    """A part of a page the same for every reader, under the content version; ``render``
    runs only on a miss. Read-only (shared by this process's requests). ``memoize=False``:
    in the shared cache only (one per search typed). A caller that reads data before
    calling passes the ``version`` it took before that."""
    return _cached(fragment_key(name, version=version), render, memoize=memoize)


def fragment_key(name: str, *, version: str | None = None) -> str:
    """Where ``cached_fragment`` keeps ``name`` under the content version."""
    return f"fragment:{version or content_version()}:{name}"


def cached_frame(name: str, render: Callable[[], T], *, version: str | None = None) -> T:
    """``cached_fragment`` for what shows nothing of claims, their marks, an entry's
    history or version: under the frame version, it outlives a mark."""
    return _cached(f"frame:{version or frame_version()}:{name}", render)


def cached_library(
    name: str, render: Callable[[], T], *, version: str | None = None, memoize: bool = True
) -> T:
    """``cached_fragment`` for what reads only the papers library (papers, their topics,
    concepts' ids, titles and slugs): under the library version, it outlives the writes
    that change none of those."""
    key = f"library:{version or library_version()}:{name}"
    return _cached(key, render, memoize=memoize)


def cached_results(name: str, render: Callable[[], T], *, memoize: bool = True) -> T:
    """``cached_fragment`` for what reads only results, benchmarks, and the marks, caveats,
    entries and papers of the claims that state results: under the results version, it
    outlives the writes to every other claim, entry and page (a mark of a claim stating
    no result)."""
    return _cached(f"results:{results_version()}:{name}", render, memoize=memoize)


def cached_response(name: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    """A whole response that is the same for every reader, signed in or not (a feed: feed
    readers poll often), rendered once per change of the content. Keep ``name`` per site
    address when the response holds absolute links."""

    def content() -> tuple[bytes, dict[str, str]]:
        response = render()
        return response.content, {"Content-Type": response["Content-Type"]}

    body, headers = cached_fragment(name, content)
    return HttpResponse(body, headers=headers)


def cached_parts(
    name: str, parts: dict[object, str], render: Callable[[list[object]], dict[object, T]]
) -> dict[object, T]:
    """Parts of a fragment (one State of the Art section each), each keyed by a digest of
    exactly what it shows (``parts``: part -> digest); ``render`` gets the missing ones and
    returns their values, a part that changed since its digest was taken wrapped in
    ``Unstored`` (shown, not kept). A write re-renders only the parts it changed."""
    keys = {part: f"part:{name}:{part}:{digest}" for part, digest in parts.items()}
    found = _cache().get_many(list(keys.values()))
    values = {part: found[key] for part, key in keys.items() if key in found}
    missing = [part for part in parts if part not in values]
    if missing:
        rendered = render(missing)
        kept = {p: v for p, v in rendered.items() if not isinstance(v, Unstored)}
        _cache().set_many({keys[p]: kept[p] for p in missing if p in kept}, DIGEST_TTL_SECONDS)
        values.update({p: v.value if isinstance(v, Unstored) else v for p, v in rendered.items()})
    return values


def cached_by_stamps(
    name: str,
    groups: dict[G, object],
    stamps: Callable[[set[G] | None], dict[K, object]],
    group_of: Callable[[K], G],
    count: Callable[[set[K] | None], dict[K, V]],
) -> dict[K, V]:
    """A value in parts (papers per day), kept with the stamps its parts were counted at: a
    number the database moves on every write to what a part counts. ``groups``: each group
    of parts' stamp (a month's), read before anything else; ``stamps(groups)``: the stamps
    of the parts of those groups (None: of every part); ``group_of``: a part's group;
    ``count(parts)``: those parts counted (None: every part). Only the parts whose stamps
    moved, in the groups whose stamps moved, are counted again. A part written while it was
    counted has a stamp that moves after: it is counted again on the next read."""
    key = f"stamped:{name}"
    kept = _cache().get(key)
    if kept is None:
        part_stamps, values = stamps(None), count(None)
    else:
        values, kept_groups, part_stamps = kept
        moved_groups = {
            g for g in groups.keys() | kept_groups.keys() if groups.get(g) != kept_groups.get(g)
        }
        if not moved_groups:
            return values
        now = stamps(moved_groups)
        known = {p for p in part_stamps if group_of(p) in moved_groups} | now.keys()
        moved = {p for p in known if now.get(p) != part_stamps.get(p)}
        part_stamps = {p: s for p, s in part_stamps.items() if p not in known} | now
        values = {p: v for p, v in values.items() if p not in moved}
        if moved:
            values |= count(moved)
    _cache().set(key, (values, groups, part_stamps), DIGEST_TTL_SECONDS)
    return values


@dataclass(frozen=True)
class Unstored(Generic[T]):
    """A part rendered from data newer than its digest: shown, not stored under it."""

    value: T


def data_digest(data: object) -> str:
    """A digest of plain data (tuples of strings, numbers, dates) for ``cached_parts``."""
    return hashlib.sha256(repr(data).encode()).hexdigest()[:32]


def cached_for_people(name: str, build: Callable[[], T | None]) -> T | None:
    """A value about people (an account with its permissions), kept until any account,
    group or permission is written; each caller gets its own copy (a form may change an
    account it was given). ``None`` is not cached."""
    key = f"people:{people_version()}:{name}"
    value = cache_get_memoized(key)
    if value is None:
        value = build()
        if value is not None:
            cache_set_memoized(key, value, PAGE_TTL_SECONDS)
    return copy.copy(value)
