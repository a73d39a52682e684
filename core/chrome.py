"""A signed-in person's page from one rendering shared by everyone with the same roles.

What a page says to one signed-in person, when nobody has left them a message and the page
has no notice for them alone, is their name and their CSRF token; everything else depends
only on the page, the content version, the day and their roles (which links the header and
the page offer). So the page is rendered once per content version, day, address and set of
roles with markers in those two places, kept as a shared fragment
(``core.cache.cached_fragment``), and each request puts the person's escaped name and token
into the markers: no template renders per request.

The markers come before the page's content in the HTML (in the header), and only their
first occurrences are replaced, so a page whose text happens to hold a marker is unharmed.
"""

from __future__ import annotations

import hashlib

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.html import escape

from core.cache import cached_fragment, today

PERSON_MARKER = "rw-person-name-7f3c9a"
TOKEN_MARKER = "rw-csrf-token-7f3c9a"
# The header's logout form and the body's htmx headers.
TOKEN_PLACES = 2


def page_token(request: HttpRequest) -> str:
    """The request's CSRF token for every form of its page, masked once: Django masks the
    secret anew on each ``get_token`` call (32 random draws), and any mask is accepted.
    Worked out again if the secret changes during the request (a login rotates it)."""
    secret = request.META.get("CSRF_COOKIE")
    kept = getattr(request, "_page_token", None)
    if kept is None or kept[0] != secret:
        token = get_token(request)
        kept = request._page_token = (request.META.get("CSRF_COOKIE"), token)
    return kept[1]


class _AnyPerson:
    """Stands for whoever is signed in while the shared rendering is made."""

    is_authenticated = True
    is_anonymous = False

    def get_username(self) -> str:
        return PERSON_MARKER

    def __str__(self) -> str:
        return PERSON_MARKER


def render_for_person(
    request: HttpRequest,
    template: str,
    context: dict,
    *,
    roles: tuple[str, ...],
    personal: bool = False,
) -> HttpResponse:
    """``render(request, template, context)`` for a signed-in person, from the shared
    rendering of this address for people with these ``roles``. ``personal`` says the page
    holds something for this person alone (a notice of their own): rendered as usual."""
    if personal or len(get_messages(request)):  # len() reads messages without using them up
        return render(request, template, context)

    def shared() -> str:
        return render_to_string(
            template, {**context, "user": _AnyPerson(), "csrf_token": TOKEN_MARKER}, request
        )

    # The whole address: a query string may change the page (?abstract=hide).
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    # Per day as well: a page may say what falls due on a day (core.cache.today).
    key = f"person-page:{today().isoformat()}:{address}:{','.join(roles)}"
    html = cached_fragment(key, shared)
    html = html.replace(PERSON_MARKER, escape(request.user.get_username()), 1)
    html = html.replace(TOKEN_MARKER, page_token(request), TOKEN_PLACES)
    return HttpResponse(html)
