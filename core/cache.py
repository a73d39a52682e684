"""A cache of whole rendered pages for anonymous readers, never stale after a write.

Every cached page is stored under the current *content version*, a random token that is
replaced whenever a content table (wiki, papers, entries, users) is written: a wrapper on
every database connection notices the INSERT, UPDATE or DELETE, whoever issued it (a view,
the API, a management command, the admin), and replaces the token at once and again when
the transaction commits, so a page rendered from a half-finished write cannot outlive it.
A reader's lookup uses the current token, so a page rendered before a write is never
served after it. Replacing the token (rather than incrementing a counter) means two writes
at once can never collapse into one version. Writes to sessions, login throttling or API
token bookkeeping change no page and leave the cache alone.

The cache backend must be shared by all worker processes (the file-based default is, on
one host; set CACHE_URL to Redis for several hosts: the content version then lives in Redis,
so a write through one server is seen at once by every other).
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.http import HttpRequest, HttpResponse

VERSION_KEY = "content-version"
CONTENT_TABLE_PREFIXES = ("wiki_", "papers_", "entries_", "auth_user")
_WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.IGNORECASE)
PAGE_TTL_SECONDS = 3600
# What a cached page keeps of its response besides the body (a BibTeX export must still
# download as a file).
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")

T = TypeVar("T")


def _cache():
    return caches[settings.PAGE_CACHE_ALIAS]


# A content change this process could not write to the cache (Redis unreachable, see
# core/redis_cache.py): announced again on the first lookup after the cache answers.
_unannounced_change = False


def content_version() -> str:
    if _unannounced_change:
        _replace_version()
    version = _cache().get(VERSION_KEY)
    if version is None:
        version = secrets.token_hex(8)
        # add() so that two processes starting at once agree on one token.
        _cache().add(VERSION_KEY, version, timeout=None)
        version = _cache().get(VERSION_KEY, version)
    return version


def _replace_version() -> None:
    global _unannounced_change
    token = secrets.token_hex(8)
    _cache().set(VERSION_KEY, token, timeout=None)
    # Another process may have replaced it meanwhile: then this check is merely cautious.
    _unannounced_change = _cache().get(VERSION_KEY) != token


def content_changed(using: str = DEFAULT_DB_ALIAS) -> None:
    """Invalidate every cached page now and, inside a transaction, again on commit."""
    _replace_version()
    conn = connections[using]
    if conn.in_atomic_block and not any(f is _replace_version for _, f, _ in conn.run_on_commit):
        transaction.on_commit(_replace_version, using=using)


def _track_content_writes(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    match = _WRITE.match(sql) if isinstance(sql, str) else None
    if match and match.group(1).startswith(CONTENT_TABLE_PREFIXES):
        content_changed(using=context["connection"].alias)
    return result


def install_write_tracking(sender, connection, **kwargs) -> None:
    """Hook for ``connection_created``: watch this connection's writes."""
    if _track_content_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(_track_content_writes)


def _cacheable(request: HttpRequest) -> bool:
    return (
        request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and "messages" not in request.COOKIES
        and not getattr(request, "htmx", False)
    )


def cache_page_for_anonymous(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve anonymous GETs of this view from the page cache, keyed by content version."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not settings.PAGE_CACHE_ENABLED or not _cacheable(request):
            return view(request, *args, **kwargs)
        # Per host (a feed's links are absolute), hashed: an address may be long.
        address = hashlib.sha256(request.build_absolute_uri().encode()).hexdigest()
        key = f"page:{content_version()}:{address}"
        cached = _cache().get(key)
        if cached is not None:
            content, headers = cached
            response = HttpResponse(content, headers=headers)
            response["X-Page-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming and not response.cookies:
            headers = {h: response[h] for h in KEPT_HEADERS if response.has_header(h)}
            _cache().set(key, (response.content, headers), PAGE_TTL_SECONDS)
        response["X-Page-Cache"] = "miss"
        return response

    return wrapper


def cached_fragment(name: str, render: Callable[[], T]) -> T:
    """A rendered part of a page that is the same for every reader, signed in or not.

    Stored under the current content version like whole pages, so no write can leave it
    stale; ``render`` runs only on a miss, so the queries it needs are skipped on a hit.
    The version is read before rendering: a write committed meanwhile replaces it, and the
    fragment stored under the old one is never read again.
    """
    key = f"fragment:{content_version()}:{name}"
    value = _cache().get(key)
    if value is None:
        value = render()
        _cache().set(key, value, PAGE_TTL_SECONDS)
    return value


def cached_response(name: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    """A whole response that is the same for every reader, signed in or not (a feed: feed
    readers poll often), rendered once per change of the content. Keep ``name`` per site
    address when the response holds absolute links."""

    def content() -> tuple[bytes, dict[str, str]]:
        response = render()
        return response.content, {"Content-Type": response["Content-Type"]}

    body, headers = cached_fragment(name, content)
    return HttpResponse(body, headers=headers)
