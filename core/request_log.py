"""One log line per request — request id, route, method, status, duration, user — in JSON
for machines or readable for a person, and the same shape for everything else logged.

django-structlog's ``RequestMiddleware`` (as ``RequestLogMiddleware``, first in
``MIDDLEWARE``) binds the request id and the user id to every line logged while a request
runs and writes ``request_finished`` (or ``request_failed`` with the traceback); the
receivers below give those lines the route's name instead of the raw path (which may hold
ids and tokens), the status, the duration, and count each request in ``core.metrics``.
Requests the page cache answers before Django (``core.page_cache.front_door``) are logged
by ``observed``, which wraps the WSGI application, in the same shape.
"""

from __future__ import annotations

import itertools
import os
import re
import time
import uuid
from collections.abc import Callable, Iterable
from types import SimpleNamespace

import structlog
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django_structlog import signals
from django_structlog.middlewares import RequestMiddleware

from core import metrics
from core.security import client_address

REQUEST_ID_HEADER = "X-Request-ID"
_REQUEST_ID_META = "HTTP_X_REQUEST_ID"
# What a proxy's or client's id may look like to be kept: anything else is replaced.
_SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:=@+/-]{0,127}")
_STARTED = "research_wiki.started"  # the WSGI environ key observed() sets
_LOGGED = "research_wiki.logged"
# Set by a door that answers a signed-in person before Django's handling (core/chrome.py).
ANSWERED_FOR = "research_wiki.user_id"
LOGGER_NAME = "django_structlog.middlewares.request"  # django-structlog's own: one shape
FORMATS = ("json", "console")

logger = structlog.get_logger(LOGGER_NAME)


class _Ids:
    """New request ids: a random prefix per process and a counter, 32 hex digits; unique
    across processes without reading the system's randomness per request."""

    def __init__(self) -> None:
        self.pid = 0
        self.prefix = ""
        self.counter = itertools.count()

    def new(self) -> str:
        if self.pid != os.getpid():  # a forked worker gets its own prefix
            self.pid, self.prefix = os.getpid(), uuid.uuid4().hex[:16]
        return f"{self.prefix}{next(self.counter):016x}"


_ids = _Ids()


def request_id_from(value: str | None) -> str:
    """The id a proxy or client sent when it looks like one, else a new one."""
    if value and _SANE_ID.fullmatch(value):
        return value
    return _ids.new()


class RequestLogMiddleware(RequestMiddleware):
    """django-structlog's middleware with a lighter start: no ``request_started`` line (the
    request's one line is written at its end), and the request id this module allows: the
    one the client or proxy sent if it looks like an id, else a new one."""

    def prepare(self, request: HttpRequest) -> None:
        request._log_started = time.perf_counter()
        request.request_id = request_id_from(request.META.get(_REQUEST_ID_META))
        structlog.contextvars.bind_contextvars(
            request_id=request.request_id, ip=client_address(request)
        )
        self.bind_user_id(request)


# Route names by path, for responses the URL resolver never saw (answered by a middleware
# or the front door): filled as requests resolve, emptied when full.
_routes_by_path: dict[str, str | None] = {}
_ROUTES_KEPT = 4096


def route_for_path(path: str) -> str | None:
    if path in _routes_by_path:
        return _routes_by_path[path]
    try:
        route = resolve(path).view_name
    except Resolver404:
        route = None
    _remember_route(path, route)
    return route


def _remember_route(path: str, route: str | None) -> None:
    if len(_routes_by_path) >= _ROUTES_KEPT:
        _routes_by_path.clear()
    _routes_by_path[path] = route


def _route(request: HttpRequest) -> str | None:
    match = request.resolver_match
    if match is not None:
        if request.path_info not in _routes_by_path:
            _remember_route(request.path_info, match.view_name)
        return match.view_name
    return route_for_path(request.path_info)


def _elapsed_ms(request: HttpRequest) -> float:
    started = request.META.get(_STARTED) or getattr(request, "_log_started", None)
    return round((time.perf_counter() - started) * 1000, 2) if started else 0.0


# django-structlog sends these signals from its middleware; each receiver shapes the line.


@receiver(signals.bind_extra_request_finished_metadata)
def _request_finished(
    sender, request: HttpRequest, logger, response: HttpResponse, log_kwargs: dict, **kwargs
) -> None:
    route, duration_ms = _route(request), _elapsed_ms(request)
    status = log_kwargs.pop("code", response.status_code)
    log_kwargs.pop("request", None)
    log_kwargs.update(route=route, method=request.method, status=status, duration_ms=duration_ms)
    if not hasattr(request, "user"):  # answered before authentication (the page cache)
        log_kwargs["user_id"] = None
    metrics.requests.record(route, status, duration_ms)
    response[REQUEST_ID_HEADER] = request.request_id
    request.META[_LOGGED] = True


@receiver(signals.bind_extra_request_failed_metadata)
def _request_failed(sender, request: HttpRequest, logger, exception, log_kwargs: dict, **kwargs):
    route, duration_ms = _route(request), _elapsed_ms(request)
    log_kwargs.pop("code", None)
    log_kwargs.pop("request", None)
    log_kwargs.update(route=route, method=request.method, status=500, duration_ms=duration_ms)
    metrics.requests.record(route, 500, duration_ms)
    request.META[_LOGGED] = True


@receiver(signals.update_failure_response)
def _failure_response(sender, request: HttpRequest, response: HttpResponse, **kwargs) -> None:
    response[REQUEST_ID_HEADER] = request.request_id


def observed(application: Callable) -> Callable:
    """The WSGI application with a request id on every request and response, and a log line
    (and a count in ``core.metrics``) for each request that Django's handling never saw:
    pages the front door answered from memory."""

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        started = environ[_STARTED] = time.perf_counter()
        request_id = environ[_REQUEST_ID_META] = request_id_from(environ.get(_REQUEST_ID_META))
        answered: list[str] = []

        def respond(status: str, headers: list[tuple[str, str]], exc_info=None):
            answered.append(status)
            if not any(name == REQUEST_ID_HEADER for name, _ in headers):
                headers = [*headers, (REQUEST_ID_HEADER, request_id)]
            if exc_info is None:
                return start_response(status, headers)
            return start_response(status, headers, exc_info)

        body = application(environ, respond)
        if not environ.get(_LOGGED) and answered:
            _log_unseen(environ, request_id, int(answered[0][:3]), started)
        return body

    return app


def _log_unseen(environ: dict, request_id: str, status: int, started: float) -> None:
    duration_ms = round((time.perf_counter() - started) * 1000, 2)
    route = route_for_path(environ.get("PATH_INFO", ""))
    metrics.requests.record(route, status, duration_ms)
    structlog.contextvars.clear_contextvars()  # nothing left over from this thread's last
    logger.info(
        "request_finished",
        request_id=request_id,
        ip=client_address(SimpleNamespace(META=environ)),
        user_id=environ.get(ANSWERED_FOR),
        route=route,
        method=environ.get("REQUEST_METHOD"),
        status=status,
        duration_ms=duration_ms,
    )
