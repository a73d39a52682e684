"""Every API error is JSON of one shape: ``{"detail": "...", "errors": [{field, message}]}``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from entries.review.workflow import TransitionError
from entries.writing.services import EntryError

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
# Which part of the request a validation error is about; the body's own name is noise.
_SOURCES = {"body", "query", "path", "header", "cookie", "form", "file"}


class FieldErrors(Exception):
    """Request data that the schema accepted but the library does not (an unknown topic,
    a paper that is not in the library): a 422 naming the fields."""

    def __init__(self, errors: Iterable[tuple[str, str]], detail: str = "") -> None:
        self.errors = [{"field": field, "message": message} for field, message in errors]
        self.detail = detail or "Some fields need attention: see errors."
        super().__init__(self.detail)


def error_body(detail: str, errors: list[dict] | None = None) -> dict:
    return {"detail": detail, "errors": errors or []}


def max_body_bytes() -> int:
    return getattr(settings, "API_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES)


def too_large_response() -> JsonResponse:
    limit = max_body_bytes()
    return JsonResponse(
        error_body(f"The request body is larger than the limit of {limit:,} bytes."), status=413
    )


def limit_body_size(run: Callable) -> Callable:
    """Refuse a body over the limit before anything reads it (a view-mode decorator)."""

    @functools.wraps(run)
    def wrapper(request: HttpRequest, *args, **kwargs):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > max_body_bytes():
            return too_large_response()
        return run(request, *args, **kwargs)

    return wrapper


def _field_name(loc: Iterable) -> str:
    parts = [str(p) for p in loc]
    if parts and parts[0] in _SOURCES:
        source = parts.pop(0)
        # ninja nests a body schema under its parameter name ("payload").
        if source == "body" and parts and parts[0] == "payload":
            parts.pop(0)
        if not parts:
            return source
    return ".".join(parts)


def install_error_handlers(api: NinjaAPI) -> None:
    def respond(request, detail: str, status: int, errors=None) -> HttpResponse:
        return api.create_response(request, error_body(detail, errors), status=status)

    @api.exception_handler(ValidationError)
    def validation_error(request, exc: ValidationError):
        errors = [
            {"field": _field_name(e.get("loc", ())), "message": str(e.get("msg", "Invalid."))}
            for e in exc.errors
        ]
        return respond(request, "Some fields need attention: see errors.", 422, errors)

    @api.exception_handler(FieldErrors)
    def field_errors(request, exc: FieldErrors):
        return respond(request, exc.detail, 422, exc.errors)

    @api.exception_handler(AuthenticationError)
    def unauthenticated(request, exc: AuthenticationError):
        response = respond(request, str(exc), 401)
        response["WWW-Authenticate"] = 'Bearer realm="api"'
        return response

    @api.exception_handler(Throttled)
    def throttled(request, exc: Throttled):
        return respond(
            request, "Too many requests: wait a little (see Retry-After) and retry.", 429
        )

    @api.exception_handler(HttpError)
    def http_error(request, exc: HttpError):
        return respond(request, str(exc), exc.status_code)

    @api.exception_handler(Http404)
    def not_found(request, exc: Http404):
        message = str(exc) if exc.args and str(exc) else "Not found."
        return respond(request, message, 404)

    @api.exception_handler(PermissionDenied)
    def forbidden(request, exc: PermissionDenied):
        return respond(request, str(exc) or "You may not do that.", 403)

    @api.exception_handler(EntryError)
    def entry_error(request, exc: EntryError):
        return respond(request, str(exc), exc.status_code)

    @api.exception_handler(TransitionError)
    def transition_error(request, exc: TransitionError):
        return respond(request, str(exc), exc.status_code)

    @api.exception_handler(RequestDataTooBig)
    def too_big(request, exc: RequestDataTooBig):
        return too_large_response()


@csrf_exempt
def json_not_found(request: HttpRequest, *args, **kwargs) -> JsonResponse:
    """Addresses under /api/ that name no operation answer in JSON too (and a POST to one
    is not a CSRF failure: there is nothing there to protect)."""
    return JsonResponse(error_body("No such API address: see /api/docs."), status=404)
