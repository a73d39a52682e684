"""Each person's own "Watch" button on pages shared by everyone.

Concept, topic, benchmark and paper pages are cached whole for visitors and from one
rendering per role for signed-in people (core/page_cache.py, core/chrome.py), so they
cannot hold anybody's watch state. They hold a marker instead, ``<!--watch:concept:12-->``
(no text a person writes can make one: titles are escaped, Markdown loses its comments),
and this middleware puts in the button for the request's person on the way out: a "Log
in to watch" link for visitors (the same for all of them, so a cached page keeps it), the
person's "Watch" or "Watching" toggle otherwise (one query). It sits inside the page
cache's middleware, so what that stores for visitors is already filled in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from core.chrome import TOKEN_MARKER, page_token
from watching.selectors import is_watching

SLOT = re.compile(rb"<!--watch:(concept|benchmark|paper):(\d{1,18})-->")
SLOT_START = b"<!--watch:"


def button_html(
    request: HttpRequest,
    kind: str,
    pk: int,
    *,
    watching: bool | None = None,
    next_url: str | None = None,
) -> str:
    """The toggle for ``request.user`` (``watching`` known already, or read); the form
    comes back to ``next_url``, by default the page it is on."""
    user = request.user
    if watching is None and user.is_authenticated:
        watching = is_watching(user, kind, pk)
    signed_in = user.is_authenticated
    html = _button(kind, pk, bool(watching), next_url or request.get_full_path(), signed_in)
    return html.replace(TOKEN_MARKER, page_token(request), 1) if signed_in else html


@lru_cache(maxsize=2048)
def _button(kind: str, pk: int, watching: bool, next_url: str, signed_in: bool) -> str:
    """The button's markup, with a marker for the token: the same for everyone in the same
    state, so each process renders it once (a template with the request's context
    processors was a quarter of a signed-in page's time)."""
    context = {
        "kind": kind,
        "pk": pk,
        "watching": watching,
        "next": next_url,
        "signed_in": signed_in,
        "csrf_token": TOKEN_MARKER,
    }
    return render_to_string("watching/_button.html", context)


def watch_slot(content: bytes) -> tuple[int, int, str, int] | None:
    """Where the page's button goes: (start, end, kind, pk) of its marker. One button a
    page: a second marker (there is none) is left as the comment it is."""
    start = content.find(SLOT_START)
    match = SLOT.search(content, start) if start >= 0 else None
    if match is None:
        return None
    return match.start(), match.end(), match.group(1).decode(), int(match.group(2))


def fill_watch_button(request: HttpRequest, content: bytes) -> bytes:
    """The page's button for ``request.user`` put in its marker."""
    slot = watch_slot(content)
    if slot is None:
        return content
    start, end, kind, pk = slot
    return b"".join((content[:start], button_html(request, kind, pk).encode(), content[end:]))


class WatchButtonMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.streaming
            or response.status_code != 200
            or not response.get("Content-Type", "").startswith("text/html")
            or SLOT_START not in response.content
        ):
            return response
        response.content = fill_watch_button(request, response.content)
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response
