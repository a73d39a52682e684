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

``person_door`` answers such a page again before Django's handling starts, as the front
door answers a visitor's (core/page_cache.py): from this process's memory, once the whole
stack has served that address to somebody with the same roles and said the rendering is
everybody's (no notice for anyone on it), after checking the session as Django does.
"""

from __future__ import annotations

import functools
import hashlib
import os
import time
from collections.abc import Callable, Iterable
from importlib import import_module

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
    load_backend,
)
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.handlers.wsgi import WSGIRequest
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, parse_cookie
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.crypto import constant_time_compare
from django.utils.html import escape

from core import metrics
from core.cache import (
    cached_fragment,
    content_version,
    fragment_key,
    memo,
    memoized,
    memory_versions,
    today,
    versions_read_once,
)
from core.page_cache import CACHE_STATUS_HEADER, WROTE_COOKIE
from core.request_log import ANSWERED_FOR, REQUEST_ID_HEADER

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
        token = _masked(secret) if secret else None
        if token is None:
            token = get_token(request)
        else:  # what get_token does besides masking: the cookie is set again
            request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True
        kept = request._page_token = (request.META.get("CSRF_COOKIE"), token)
    return kept[1]


_CSRF_CHARS = frozenset(CSRF_ALLOWED_CHARS)
_CSRF_INDEX = {char: i for i, char in enumerate(CSRF_ALLOWED_CHARS)}
_CSRF_BASE = len(CSRF_ALLOWED_CHARS)
# The largest multiple of the alphabet's length in a byte: draws at or above it are left
# out, so each of the mask's characters is equally likely, as in Django's own mask.
_UNBIASED = 256 - 256 % _CSRF_BASE


def _masked(secret: str) -> str | None:
    """Django's masking of the CSRF secret (``django.middleware.csrf``: a random mask, then
    each character shifted by the mask's), with the mask drawn from one read of the
    system's randomness instead of 32. None for a secret Django would not accept."""
    if len(secret) != CSRF_SECRET_LENGTH or not set(secret) <= _CSRF_CHARS:
        return None
    draws = [byte % _CSRF_BASE for byte in os.urandom(2 * CSRF_SECRET_LENGTH) if byte < _UNBIASED]
    if len(draws) < CSRF_SECRET_LENGTH:
        return None  # less than once in 10^31 pages: Django draws the mask
    draws = draws[:CSRF_SECRET_LENGTH]
    chars = CSRF_ALLOWED_CHARS
    mask = "".join(chars[d] for d in draws)
    cipher = "".join(
        chars[(_CSRF_INDEX[c] + d) % _CSRF_BASE] for c, d in zip(secret, draws, strict=True)
    )
    return mask + cipher


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
    everyone: bool = False,
) -> HttpResponse:
    """``render(request, template, context)`` for a signed-in person, from the shared
    rendering of this address for people with these ``roles``. ``personal`` says the page
    holds something for this person alone (a notice of their own): rendered as usual.
    ``everyone`` says nobody with these roles would see anything else on it (no notice for
    anyone): the door may then answer them all from it (``person_door``)."""
    if personal or len(get_messages(request)):  # len() reads messages without using them up
        return render(request, template, context)

    def shared() -> str:
        return render_to_string(
            template, {**context, "user": _AnyPerson(), "csrf_token": TOKEN_MARKER}, request
        )

    name, version = _person_page(request.get_full_path(), roles), content_version()
    html = cached_fragment(name, shared, version=version)
    if everyone:
        key = fragment_key(name, version=version)
        request.environ[_SERVED_FROM] = (_door_key(request, key), key)
    # The token first: a name may be spelled like a marker, a token (letters and digits)
    # never is.
    html = html.replace(TOKEN_MARKER, page_token(request), TOKEN_PLACES)
    html = html.replace(PERSON_MARKER, escape(request.user.get_username()), 1)
    return HttpResponse(html)


def _person_page(full_path: str, roles: tuple[str, ...]) -> str:
    # The whole address: a query string may change the page (?abstract=hide).
    address = hashlib.sha256(full_path.encode()).hexdigest()[:32]
    # Per day as well: a page may say what falls due on a day (core.cache.today).
    return f"person-page:{today().isoformat()}:{address}:{','.join(roles)}"


def _door_key(request: HttpRequest, page_key: str) -> str:
    # The scheme and host as sent: only an address the whole stack accepted is kept.
    return f"door:{request.scheme}://{request._get_raw_host()}:{page_key}"


# The WSGI environ's note of the shared rendering a response was made from, for the door.
_SERVED_FROM = "research_wiki.person_page"
# What the door's answer does not take from the stack's: each request's own.
_NOT_KEPT = frozenset({"set-cookie", "content-length", REQUEST_ID_HEADER.lower(),
                       CACHE_STATUS_HEADER.lower()})  # fmt: skip


def person_door(
    application: Callable,
    *,
    roles_of: Callable[[AbstractBaseUser], tuple[str, ...]],
    slot_of: Callable[[bytes], tuple[int, int, str, int] | None],
    button: Callable[[HttpRequest, str, int], str],
) -> Callable:
    """The WSGI application behind a door that answers a signed-in person's GET of a page
    kept in this process's memory (its shared rendering, and the headers the whole stack
    gave it), before Django's handling starts. The session is checked as Django's
    ``get_user`` checks it: it exists and has not expired, names an allowed backend and an
    active account, and its hash matches the account's password. The person's name, CSRF
    token and ``button`` (their Watch button, where ``slot_of`` finds its place) go into
    the page; the CSRF cookie is set again, as Django does whenever a page uses the token.
    Anything else — no versions known without a query, a message waiting, a write just
    made, no CSRF cookie, a session Django would have to change — goes on to
    ``application``."""
    sessions = import_module(settings.SESSION_ENGINE).SessionStore

    def door(environ: dict, start_response: Callable) -> Iterable[bytes]:
        if (
            environ["REQUEST_METHOD"] != "GET"
            or settings.SESSION_COOKIE_NAME not in environ.get("HTTP_COOKIE", "")
            or "HTTP_HX_REQUEST" in environ  # an htmx fragment, not the page
            or not settings.PAGE_CACHE_ENABLED
            or settings.CSRF_USE_SESSIONS
            or settings.SESSION_SAVE_EVERY_REQUEST  # each answer would set the cookie again
        ):
            return application(environ, start_response)
        known = memory_versions()
        if known is not None:
            with versions_read_once(known):
                answer = _answer(environ, sessions, roles_of, button)
            if answer is not None:
                content, headers = answer
                metrics.page_cache.hit()
                start_response("200 OK", headers)
                return [content]
        return _kept(application, environ, start_response, slot_of)

    return door


def _answer(
    environ: dict, sessions: type, roles_of: Callable, button: Callable
) -> tuple[bytes, list[tuple[str, str]]] | None:
    cookies = parse_cookie(environ.get("HTTP_COOKIE", ""))
    if WROTE_COOKIE in cookies or CookieStorage.cookie_name in cookies:
        return None
    secret = cookies.get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not set(secret) <= _CSRF_CHARS:
        return None  # none yet, or one Django would replace: the stack decides
    user = _session_user(sessions, cookies.get(settings.SESSION_COOKIE_NAME, ""))
    if user is None:
        return None
    request = WSGIRequest(dict(environ))  # a copy: WSGIRequest rewrites what it is given
    page_key = fragment_key(_person_page(request.get_full_path(), roles_of(user)))
    kept = memoized(_door_key(request, page_key))
    if kept is None:
        return None
    headers, pieces, holes = kept
    request.user = user
    request.META["CSRF_COOKIE"] = secret
    person, token = escape(user.get_username()).encode(), page_token(request).encode()
    parts = [pieces[0]]
    for hole, piece in zip(holes, pieces[1:], strict=True):
        if hole is _PERSON:
            parts.append(person)
        elif hole is _TOKEN:
            parts.append(token)
        else:
            parts.append(button(request, *hole).encode())
        parts.append(piece)
    content = b"".join(parts)  # one copy of the page
    environ[ANSWERED_FOR] = user.pk
    return content, [
        *headers,
        ("Content-Length", str(len(content))),
        ("Set-Cookie", _csrf_cookie(secret)),
        (CACHE_STATUS_HEADER, "person"),
    ]


_PERSON, _TOKEN = PERSON_MARKER.encode(), TOKEN_MARKER.encode()


def _session_user(sessions: type, session_key: str) -> AbstractBaseUser | None:
    """The session's account as ``django.contrib.auth.get_user`` finds it, or None for
    anything but a plain match (no session, expired, another backend, a hash to renew
    from a fallback key, a message waiting in it): those are the stack's to handle."""
    try:
        data = sessions(session_key).load()
    except DatabaseError:
        return None
    backend = data.get(BACKEND_SESSION_KEY)
    if "_messages" in data or backend not in settings.AUTHENTICATION_BACKENDS:
        return None
    try:
        user_id = get_user_model()._meta.pk.to_python(data[SESSION_KEY])
        user = load_backend(backend).get_user(user_id)
    except (KeyError, ValueError, DatabaseError):
        return None
    if user is None or not constant_time_compare(
        data.get(HASH_SESSION_KEY, ""), user.get_session_auth_hash()
    ):
        return None
    return user


def _csrf_cookie(secret: str) -> str:
    """The CSRF cookie's header as Django's middleware sets it for a page that used it (its
    expiry date counted from this second)."""
    before, after = _csrf_cookie_around(int(time.time()))
    return f"{before}{secret}{after}"


@functools.lru_cache(maxsize=2)
def _csrf_cookie_around(second: int) -> tuple[str, str]:
    """Django's own header for a placeholder secret, cut around it (a secret is letters and
    digits: nothing to quote)."""
    response = HttpResponse()
    response.set_cookie(
        settings.CSRF_COOKIE_NAME, _PLACEHOLDER, max_age=settings.CSRF_COOKIE_AGE,
        domain=settings.CSRF_COOKIE_DOMAIN, path=settings.CSRF_COOKIE_PATH,
        secure=settings.CSRF_COOKIE_SECURE, httponly=settings.CSRF_COOKIE_HTTPONLY,
        samesite=settings.CSRF_COOKIE_SAMESITE,
    )  # fmt: skip
    header = response.cookies[settings.CSRF_COOKIE_NAME].output(header="")
    before, _, after = header.partition(_PLACEHOLDER)
    return before, after


_PLACEHOLDER = "0" * CSRF_SECRET_LENGTH


def _kept(
    application: Callable, environ: dict, start_response: Callable, slot_of: Callable
) -> Iterable[bytes]:
    """The whole stack's answer; when it was a shared rendering everybody with those roles
    sees, and it set no cookie but the CSRF one, its headers are kept for the door with the
    rendering cut where each request's own words go."""
    answered: list[tuple[str, list[tuple[str, str]]]] = []

    def respond(status: str, headers: list[tuple[str, str]], exc_info=None):
        answered.append((status, headers))
        if exc_info is None:
            return start_response(status, headers)
        return start_response(status, headers, exc_info)

    body = application(environ, respond)
    served_from = environ.get(_SERVED_FROM)
    if served_from and answered and answered[0][0].startswith("200 "):
        headers = answered[0][1]
        csrf = f" {settings.CSRF_COOKIE_NAME}="
        if all(v.startswith(csrf) for h, v in headers if h.lower() == "set-cookie"):
            door_key, page_key = served_from
            html = memoized(page_key)
            if html is not None:
                kept = [(h, v) for h, v in headers if h.lower() not in _NOT_KEPT]
                memo.put(memo.key(door_key), (kept, *_cut(html.encode(), slot_of)))
    return body


def _cut(page: bytes, slot_of: Callable) -> tuple[list[bytes], list[object]]:
    """The page in pieces around its holes, in order: the first person marker, the first
    ``TOKEN_PLACES`` token markers and the Watch button's slot ((kind, pk)) — the places
    ``render_for_person`` and the Watch middleware fill."""
    holes: list[tuple[int, int, object]] = []
    if (at := page.find(_PERSON)) >= 0:
        holes.append((at, at + len(_PERSON), _PERSON))
    at = -len(_TOKEN)
    for _ in range(TOKEN_PLACES):
        if (at := page.find(_TOKEN, at + len(_TOKEN))) < 0:
            break
        holes.append((at, at + len(_TOKEN), _TOKEN))
    if (slot := slot_of(page)) is not None:
        holes.append((slot[0], slot[1], slot[2:]))
    holes.sort(key=lambda hole: hole[0])
    pieces, end = [], 0
    for start, stop, _ in holes:
        pieces.append(page[end:start])
        end = stop
    pieces.append(page[end:])
    return pieces, [hole for _, _, hole in holes]
