"""A cache of rendered pages and fragments, never stale after a write.

Everything cached is stored under a *version* read from the database before the data it
is built from. Every write to a table a page can show, whoever makes it and whatever its
SQL, runs a trigger in the database (core/cache_triggers.py) that replaces the version's
token in the same transaction: the next request on any server reads the new version,
finds nothing under it and renders afresh; what was stored under the old one is never
read again. A rolled-back write takes its token with it, and tokens are random, so no
version comes back. The cache (a folder, or Redis for several hosts) holds only values
named for good; a server that cannot reach it renders uncached, and one that cannot read
the versions stores under versions nobody has.

Four versions, each replaced by part of the writes, so that a fragment reading less
outlives the writes that touch none of it (``core.cache_triggers.watches`` says which):

- *content*: any write to what pages show; whole pages and ``cached_fragment``;
- *frame* (``cached_frame``): the same but for writes that change claims alone (a mark);
- *library* (``cached_library``): what the papers list shows: papers, their topics, a
  concept added, deleted, renamed or given a new slug;
- *people* (``cached_for_people``): accounts, groups and permissions. A login changes
  none; renaming somebody is content too.
"""

from __future__ import annotations

import contextlib
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


def _cache():
    return caches[settings.PAGE_CACHE_ALIAS]


class _ProcessMemo:
    """Values stored under keys that name them for good (a page or fragment under a content
    version), kept in this process as well: a hit skips the shared cache's read, zlib and
    unpickling, which for a 76 KB page is most of what serving it costs.

    Only for keys whose value never changes: the version in the key is read from the
    database on every request, so a write anywhere still reaches every process at once.
    Values are shared between requests and must be treated as read-only. A fixed number of
    entries bounds the memory; the oldest goes first.
    """

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


def content_and_frame_versions() -> tuple[str, str]:
    content, frame = versions("content", "frame")
    return content, frame


def _cacheable(request: HttpRequest) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and "messages" not in request.COOKIES
        and not getattr(request, "htmx", False)
    )


def cache_page_for_anonymous(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve anonymous GETs of this view from the page cache, keyed by content version.

    Visitors without a session are served earlier still, before the middleware stack, by
    ``core.page_cache.AnonymousPageCacheMiddleware``; this serves anonymous visitors who
    carry a session cookie (after logging out, say), whose anonymity only the session tells.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not settings.PAGE_CACHE_ENABLED or not _cacheable(request):
            return view(request, *args, **kwargs)
        # Per host (a feed's links are absolute), hashed: an address may be long.
        # As sent: build_absolute_uri() would resolve "/papers/../" to "/", another page.
        address = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
        address = hashlib.sha256(address.encode()).hexdigest()
        key = f"page:{content_version()}:{address}"
        cached = cache_get_memoized(key)
        if cached is not None:
            content, headers = cached
            response = HttpResponse(content, headers=headers)
            response["X-Page-Cache"] = "hit"
        else:
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
        value = render()
        if memoize:
            cache_set_memoized(key, value, PAGE_TTL_SECONDS)
        else:
            _cache().set(key, value, PAGE_TTL_SECONDS)
    return value


def cached_fragment(
    name: str, render: Callable[[], T], *, version: str | None = None, memoize: bool = True
) -> T:
    """A rendered part of a page that is the same for every reader, signed in or not.

    Stored under the current content version like whole pages, so no write can leave it
    stale; ``render`` runs only on a miss, so the queries it needs are skipped on a hit.
    The value is shared by the requests of this process (``_ProcessMemo``): read-only.
    ``memoize=False`` keeps it in the shared cache only, for fragments of which there are
    too many to hold in the memo's few entries (one per search typed).
    The version is read before rendering: a write committed meanwhile replaces it, and the
    fragment stored under the old one is never read again. A caller that reads data
    before calling passes the ``version`` it read before that.
    """
    key = f"fragment:{version or content_version()}:{name}"
    return _cached(key, render, memoize=memoize)


def cached_frame(name: str, render: Callable[[], T], *, version: str | None = None) -> T:
    """Like ``cached_fragment``, for a fragment that shows nothing of claims, their marks,
    an entry's history or its version: stored under the frame version, so it outlives the
    writes that change only those (marking a claim) and no other. ``version`` as for
    ``cached_fragment``, a frame version."""
    return _cached(f"frame:{version or frame_version()}:{name}", render)


def cached_library(
    name: str, render: Callable[[], T], *, version: str | None = None, memoize: bool = True
) -> T:
    """Like ``cached_fragment``, for a fragment that reads only the papers library — papers,
    their topics, and of concepts their ids, titles and slugs (the papers list's count,
    chart, filter form): stored under the library version, so it outlives the writes that
    change none of those (a mark, an entry, a concept's text, a review decision).
    ``version`` as for ``cached_fragment``, a library version."""
    key = f"library:{version or library_version()}:{name}"
    return _cached(key, render, memoize=memoize)


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
    exactly what it shows rather than by the content version.

    ``parts`` maps each part to the digest of its data; ``render`` gets the parts missing
    from the cache and returns their values. A write that changes one part changes its
    digest, so it alone is rendered again; the others are found, however many other
    writes happened meanwhile. Whoever wrote (a service, the admin, a bulk update), the
    digest follows the data: nothing has to remember to bump a counter.

    A part that ``render`` found changed since its digest was taken comes back wrapped in
    ``Unstored``: it is shown, but not kept under a digest of data it no longer shows.
    """
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


@dataclass(frozen=True)
class Unstored(Generic[T]):
    """A part rendered from data newer than the digest it was asked under (a write came
    between reading the digest's rows and rendering): ``cached_parts`` shows it, but does
    not store it under that digest."""

    value: T


def data_digest(data: object) -> str:
    """A digest of plain data (tuples of strings, numbers, dates) for ``cached_parts``."""
    return hashlib.sha256(repr(data).encode()).hexdigest()[:32]


def cached_for_people(name: str, build: Callable[[], T | None]) -> T | None:
    """A value about people (an account with its permissions), kept until any account,
    group or permission is written. ``None`` is not cached."""
    key = f"people:{people_version()}:{name}"
    value = _cache().get(key)
    if value is None:
        value = build()
        if value is not None:
            _cache().set(key, value, PAGE_TTL_SECONDS)
    return value
