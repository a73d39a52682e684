"""The page cache's front door: a cached page for a visitor without a session, served
before anything else runs (no session, account or CSRF token can matter to it).

``front_door`` wraps the WSGI application and answers from this process's memory when the
versions are known without a query; the middleware, first in ``MIDDLEWARE``, answers from
the cache otherwise, and stores a response the view marked shareable
(``cache_page_for_anonymous``) *with every header the stack added*, so a cached answer is
the uncached one, header for header. The key holds the scheme and ``Host`` as sent: only
an address the whole stack accepted (``ALLOWED_HOSTS``, the HTTPS redirect) was stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpRequest, HttpResponse

from core import metrics
from core.cache import (
    PAGE_TTL_SECONDS,
    cache_get_memoized,
    cache_set_memoized,
    content_version,
    memoized,
    memory_versions,
    today,
    versions_read_once,
)
from core.cache_listener import listener

CACHE_STATUS_HEADER = "X-Page-Cache"
WROTE_COOKIE = "wrote"
_METHODS = frozenset({"GET", "HEAD"})


class AnonymousPageCacheMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in _METHODS:
            writes = listener.writes
            response = self.get_response(request)
            if listener.writes != writes:
                # The writer's next requests, to whichever server or worker, read the
                # versions from the table until every listener has surely heard of it.
                response.set_cookie(
                    WROTE_COOKIE, "1", max_age=2, httponly=True, samesite="Lax",
                    secure=settings.SESSION_COOKIE_SECURE,
                )  # fmt: skip
            return response
        # A GET changes no content: the versions are read once.
        with versions_read_once(from_table=WROTE_COOKIE in request.COOKIES):
            return self._serve(request)

    def _serve(self, request: HttpRequest) -> HttpResponse:
        key = self._key(request)
        if key is None:
            return self.get_response(request)
        cached = cache_get_memoized(key)
        if cached is not None:
            metrics.page_cache.hit()
            content, headers = cached
            response = HttpResponse(content, headers=headers)
            response[CACHE_STATUS_HEADER] = "hit"
            return response
        response = self.get_response(request)
        if (
            getattr(response, "page_cache_shareable", False)
            and response.status_code == 200
            and not response.streaming
            and not response.cookies
        ):
            headers = {h: v for h, v in response.items() if h != CACHE_STATUS_HEADER}
            cache_set_memoized(key, (response.content, headers), PAGE_TTL_SECONDS)
        return response

    @staticmethod
    def _key(request: HttpRequest) -> str | None:
        if (
            not settings.PAGE_CACHE_ENABLED
            # A private wiki has nothing for visitors without a session but the login page.
            or settings.WIKI_REQUIRE_LOGIN_TO_READ
        ):
            return None
        cookies = request.COOKIES
        if settings.SESSION_COOKIE_NAME in cookies or CookieStorage.cookie_name in cookies:
            return None
        if "HTTP_HX_REQUEST" in request.META:  # an htmx fragment, not the page
            return None
        # Django's own reading of the scheme and host (a proxy's headers included), without
        # the host check: an address the check refuses was never stored.
        address = f"{request.scheme}://{request._get_raw_host()}{request.get_full_path()}"
        digest = hashlib.sha256(address.encode()).hexdigest()
        return f"front:{content_version()}:{today().isoformat()}:{digest}"


def front_door(application: Callable) -> Callable:
    """The WSGI application behind a door that answers a GET from this process's memory
    alone, before Django's request handling starts (no signals, no connection checks),
    when the versions are known without asking the database (core/cache_listener.py) and
    the page is among the process's kept ones. Anything else goes on to ``application``."""

    def door(environ: dict, start_response: Callable) -> object:
        cookies = environ.get("HTTP_COOKIE", "")  # somebody signed in, or who just wrote
        passing = settings.SESSION_COOKIE_NAME not in cookies and WROTE_COOKIE not in cookies
        known = memory_versions() if passing and environ["REQUEST_METHOD"] == "GET" else None
        if known is not None:
            with versions_read_once(known):  # a copy: WSGIRequest rewrites what it is given
                key = AnonymousPageCacheMiddleware._key(WSGIRequest(dict(environ)))
            cached = memoized(key) if key else None
            if cached is not None:
                metrics.page_cache.hit()
                content, headers = cached
                start_response("200 OK", [*headers.items(), (CACHE_STATUS_HEADER, "hit")])
                return [content]
        return application(environ, start_response)

    return door
