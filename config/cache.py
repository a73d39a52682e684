"""A cache of whole rendered pages for anonymous readers, never stale after a write.

Every cached page is stored under the current *content version*, a random token that is
replaced after each committed write (any successful POST, PUT, PATCH or DELETE, and every
management command that writes). A reader's lookup uses the current token, so a page
rendered before a write can never be served after it. Replacing the token (rather than
incrementing a counter) means two writes at once can never collapse into one version.

The cache backend must be shared by all worker processes (the file-based default is, on
one host; set CACHE_URL to Redis for several hosts).
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse

VERSION_KEY = "content-version"
PAGE_TTL_SECONDS = 3600
SAFE_METHODS = {"GET", "HEAD", "OPTIONS", "TRACE"}


def _cache():
    return caches[settings.PAGE_CACHE_ALIAS]


def content_version() -> str:
    version = _cache().get(VERSION_KEY)
    if version is None:
        version = secrets.token_hex(8)
        # add() so that two processes starting at once agree on one token.
        _cache().add(VERSION_KEY, version, timeout=None)
        version = _cache().get(VERSION_KEY, version)
    return version


def content_changed() -> None:
    """Invalidate every cached page once the current transaction (if any) commits."""
    transaction.on_commit(lambda: _cache().set(VERSION_KEY, secrets.token_hex(8), timeout=None))


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
        key = f"page:{content_version()}:{request.get_full_path()}"
        cached = _cache().get(key)
        if cached is not None:
            content, content_type = cached
            response = HttpResponse(content, content_type=content_type)
            response["X-Page-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if (
            response.status_code == 200
            and not response.streaming
            and not response.cookies
            and hasattr(response, "render")
        ):
            response.add_post_render_callback(
                lambda r: _cache().set(key, (r.content, r["Content-Type"]), PAGE_TTL_SECONDS)
            )
        elif response.status_code == 200 and not response.streaming and not response.cookies:
            _cache().set(key, (response.content, response["Content-Type"]), PAGE_TTL_SECONDS)
        response["X-Page-Cache"] = "miss"
        return response

    return wrapper


class ContentVersionMiddleware:
    """After any successful write request, replace the content version."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method not in SAFE_METHODS and response.status_code < 400:
            content_changed()
        return response
