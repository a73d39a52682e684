"""Small HTTP helpers every app's views share."""

from __future__ import annotations

import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request: HttpRequest, default: str) -> str:
    """Where to go after a form: the ``next`` the form carried (POST, else GET) when it is
    a page of this site, else ``default``. Never an address on another host."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


def site_root(request: HttpRequest) -> str:
    """``https://wiki.example.org``: the configured SITE_URL, else the request's own host."""
    return settings.SITE_URL or f"{request.scheme}://{request.get_host()}"


def absolute_url(request: HttpRequest, path: str) -> str:
    """A site path (``/papers/1/``) as a full address, for feeds, meta tags and emails."""
    return path if path.startswith(("http://", "https://")) else site_root(request) + path


_SITE_LINK = re.compile(r'(\s(?:href|src)=")(/(?!/))')


def absolute_links(html: str, root: str) -> str:
    """Rendered HTML whose site links (``href="/wiki/x/"``) carry ``root``: text read away
    from the site (a feed reader) has no page address to resolve them against."""
    return _SITE_LINK.sub(lambda m: f"{m.group(1)}{root}{m.group(2)}", html)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a Host header not allowed, a malformed request): the API answers in its
    own JSON error shape, as its schema says; every other address gets the usual page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Bad request.", "errors": []}, status=400)
    # Rendered without the request: a request refused before the middleware ran has no
    # user or session for the context processors to read.
    return HttpResponseBadRequest(render_to_string("400.html"))
