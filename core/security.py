"""Protections that Django does not ship: a Content-Security-Policy header, a clear answer to
requests that are too large or carry NUL characters, and the login page shown to a
locked-out visitor.

The policy lets a page load scripts, styles, fonts and frames only from this site, so text
that slips past the Markdown sanitiser still cannot run: every script is a static file (no
inline ``<script>``, no ``onclick``, no ``hx-on``) and htmx is told not to evaluate
anything (the ``htmx-config`` meta tag in ``_base.html``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def csp_header_value(policy: dict[str, list[str]]) -> str:
    return "; ".join(
        " ".join([directive, *sources]) if sources else directive
        for directive, sources in policy.items()
    )


class ContentSecurityPolicyMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` to every response that has none yet.

    ``CSP_REPORT_ONLY`` sends it as ``Content-Security-Policy-Report-Only`` instead, to try
    a stricter policy on a live site without breaking pages.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = (
            "Content-Security-Policy-Report-Only"
            if settings.CSP_REPORT_ONLY
            else "Content-Security-Policy"
        )
        self.value = csp_header_value(settings.CONTENT_SECURITY_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.header in response:
            return response
        if settings.DEBUG and response.status_code >= 400:
            # Django's debug error pages are made of inline styles and scripts; they are
            # never shown with DEBUG off, where every response carries the policy.
            return response
        response[self.header] = self.value
        return response


def _megabytes(size: int) -> str:
    return f"{size / 1024 / 1024:.3g} MB"


def _refusal(request: HttpRequest, message: str, status: int, *, heading: str = "") -> HttpResponse:
    if "application/json" in request.headers.get("Accept", "") or request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    context = {"message": message, "heading": heading}
    return render(request, "request_refused.html", context, status=status)


NUL_MESSAGE = (
    "The request contains a NUL character (%00), which no text on this wiki can hold: "
    "remove it and try again."
)


def _has_nul(data: QueryDict) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in data.lists())


class RequestLimitsMiddleware:
    """Refuses an oversized request with a page that says why (413), never a bare 400 or a 500.

    Two limits: ``MAX_REQUEST_BYTES`` on the declared length of any request (uploads
    included), checked before a byte of the body is read; and Django's own
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` / ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` /
    ``DATA_UPLOAD_MAX_NUMBER_FILES`` on form data, which Django only enforces when a view
    (or the CSRF check) first reads ``request.POST``. This middleware reads it first, in
    ``process_view`` just before ``CsrfViewMiddleware``, so the refusal is ours to word.
    Views exempt from CSRF (the token-authenticated API) read their own bodies.

    It also answers 400 to a query parameter or form field holding a NUL character (the API
    refuses them itself, field by field, with a 422).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _refusal(request, "The request's Content-Length is not a number.", 400)
        if declared > settings.MAX_REQUEST_BYTES:
            return _refusal(
                request,
                f"This request is {_megabytes(declared)}; the wiki accepts at most "
                f"{_megabytes(settings.MAX_REQUEST_BYTES)} at a time. Send fewer or smaller "
                "files, or split the text.",
                413,
            )
        # Neither database stores NUL (PostgreSQL refuses it outright), so a query parameter
        # or form field holding one is refused here, before any view or query sees it. The
        # API (exempt from CSRF) validates its own parameters against its schema (a 422).
        csrf_exempt = getattr(view, "csrf_exempt", False)
        if not csrf_exempt and _has_nul(request.GET):
            return _refusal(request, NUL_MESSAGE, 400, heading="Not a valid request")
        if (
            request.method not in UNSAFE_METHODS
            or csrf_exempt
            or not request.content_type.startswith(FORM_TYPES)
        ):
            return None
        try:
            request.POST  # noqa: B018 - parsing is the point: it applies Django's limits
            request.FILES  # noqa: B018
        except RequestDataTooBig:
            return _refusal(
                request,
                f"The text sent is larger than {_megabytes(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)}"
                " (not counting uploaded files): shorten it or split it into several pages.",
                413,
            )
        except TooManyFieldsSent:
            return _refusal(
                request,
                f"The form has more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields: "
                "split the work into several saves.",
                400,
            )
        except TooManyFilesSent:
            return _refusal(
                request,
                f"Send at most {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files at a time.",
                400,
            )
        if _has_nul(request.POST):
            return _refusal(request, NUL_MESSAGE, 400, heading="Not a valid request")
        return None


def client_address(request: HttpRequest) -> str:
    """The address a request came from, for lockouts and rate limits.

    The connection's address, unless ``TRUSTED_PROXY_HOPS`` proxies stand in front of the
    app, each appending the address it saw to ``X-Forwarded-For``: then the entry the
    outermost trusted proxy appended. Entries to the left of it are whatever the client
    sent, so they are never read.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    hops = settings.TRUSTED_PROXY_HOPS
    if hops <= 0:
        return remote
    header = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [address.strip() for address in header.split(",") if address.strip()]
    if not forwarded:
        return remote
    return forwarded[-min(hops, len(forwarded))]


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials=None
) -> HttpResponse:
    """django-axes' answer to a locked-out login: the login page itself, saying why and for
    how long, with status 429 (Too Many Requests) and ``Retry-After`` in seconds."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    form = AuthenticationForm(request, initial={"username": (credentials or {}).get("username")})
    context = {
        "form": form,
        "next": request.POST.get("next", "") or request.GET.get("next", ""),
        "locked_out": True,
        "lockout_minutes": minutes,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
    }
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response
