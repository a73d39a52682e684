"""The one switch between a whole page and the fragment an htmx request asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers


def wants_fragment(request: HttpRequest) -> bool:
    """An htmx request, except a history restore: htmx asks for the whole page again when
    its history cache misses, and a fragment there would replace the page with a piece."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def render_page(
    request: HttpRequest,
    template: str,
    context: Mapping[str, Any] | None = None,
    *,
    fragment: str = "results",
    status: int = 200,
) -> HttpResponse:
    """Render ``template``, or only its ``{% partialdef fragment %}`` for htmx.

    Both answers live at one URL, so every response says it varies on ``HX-Request``:
    a browser or proxy cache must never hand the fragment to a plain page load.
    """
    name = f"{template}#{fragment}" if wants_fragment(request) else template
    response = render(request, name, context, status=status)
    patch_vary_headers(response, ("HX-Request",))
    return response


def vary_on_htmx(response: HttpResponse) -> HttpResponse:
    """For views whose fragment is a separate template rather than a partial."""
    patch_vary_headers(response, ("HX-Request",))
    return response
