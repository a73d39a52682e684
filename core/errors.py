"""The site's own error pages in development too.

With ``DEBUG`` on, Django answers a mistyped address with its yellow page listing every
URL pattern, and an error with a traceback page. A newcomer running ``make run`` should
meet the pages a reader meets: 400, 403, 404 and 500 styled like the site, with a way
back. Tracebacks still go to the console through the ``django.request`` logger.
``DEBUG_PAGES=1`` brings Django's debug pages back for whoever wants them.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.views import defaults

from core.http import bad_request

logger = logging.getLogger("django.request")


class SiteErrorPagesMiddleware:
    """In development (``DEBUG`` on, ``DEBUG_PAGES`` off) turns what Django would show as a
    debug page into the page production shows. With ``DEBUG`` off it does nothing: Django
    already serves the handlers' pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    @staticmethod
    def active() -> bool:
        return settings.DEBUG and not settings.DEBUG_PAGES

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # An address no URL pattern matches, or a Host header not allowed, fails before any
        # view, so no process_exception sees it: the sign is an error for a request that
        # was never resolved to a view.
        if (
            response.status_code in (400, 404, 500)
            and self.active()
            and getattr(request, "resolver_match", None) is None
            and not getattr(response, "site_page", False)
        ):
            if response.status_code == 404:
                return _page(defaults.page_not_found(request, Http404()))
            if response.status_code == 400:
                return _page(bad_request(request, SuspiciousOperation()))
            return _page(defaults.server_error(request))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not self.active():
            return None
        if isinstance(exception, Http404):
            return _page(defaults.page_not_found(request, exception))
        if isinstance(exception, PermissionDenied):
            return None  # Django serves 403.html whatever DEBUG says
        if isinstance(exception, BadRequest | SuspiciousOperation):
            logger.warning("Bad request: %s", request.path, exc_info=sys.exc_info())
            return _page(bad_request(request, exception))
        logger.error("Internal Server Error: %s", request.path, exc_info=sys.exc_info())
        return _page(defaults.server_error(request))


def _page(response: HttpResponse) -> HttpResponse:
    response.site_page = True
    return response
