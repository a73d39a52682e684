"""What a reader sees when the database does not answer: a page saying so, status 503.

A database restart, failover or dropped connection raises ``OperationalError`` or
``InterfaceError`` in whichever request meets it first. That request gets a short styled
page with ``Retry-After`` instead of a 500 and a traceback; Django's connection health
checks (``CONN_HEALTH_CHECKS``) make the next request open a fresh connection. The page
is rendered without a request context: its context processors would ask the database again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 10
MESSAGE = "The wiki's database is not answering right now. Try again in a few seconds."


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("Database unavailable during %s %s: %s", request.method, request.path,
                     exception)  # fmt: skip
        if request.path.startswith("/api/"):
            response = JsonResponse({"detail": MESSAGE}, status=503)
        else:
            response = HttpResponse(render_to_string("503.html", {"message": MESSAGE}), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
