"""``/healthz``: "ok" with 200 when the app and its database answer, 503 otherwise (the
liveness check). ``/readyz``: the readiness check, as JSON: the database, each cache, and
the checks named in ``READINESS_CHECKS`` (the jobs worker's last heartbeat); 503 when the
database or a cache does not answer.

Answered by a middleware placed before ``CommonMiddleware``, so a health check that knows
the server only by its own address (``127.0.0.1:8000`` inside a container, a load
balancer's probe by IP) is answered even though ``ALLOWED_HOSTS`` names only the site's
public name; ``SECURE_REDIRECT_EXEMPT`` spares it the HTTPS redirect. That is safe because
the answer is a fixed word: nothing in it is built from the ``Host`` header, and it sets no
cookie. Every other path still has its host checked.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers
from django.utils.module_loading import import_string

HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"


def health_response() -> HttpResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any database failure means "not healthy", never a 500 page
        response = HttpResponse("database unavailable", status=503, content_type="text/plain")
    else:
        response = HttpResponse("ok", content_type="text/plain")
    add_never_cache_headers(response)
    # XFrameOptionsMiddleware comes later in the chain and never sees this response.
    response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
    return response


def _database_check() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return {"ok": False, "detail": f"database unavailable: {type(exc).__name__}"}
    return {"ok": True, "detail": connection.vendor}


def _cache_check(alias: str) -> dict[str, Any]:
    """A value written and read back (a fail-soft cache answers a failure with a miss)."""
    key, value = f"readyz:{secrets.token_hex(8)}", secrets.token_hex(8)
    try:
        cache = caches[alias]
        cache.set(key, value, 10)
        ok = cache.get(key) == value
        cache.delete(key)
    except Exception as exc:
        return {"ok": False, "detail": f"{type(exc).__name__}"}
    return {"ok": ok, "detail": "" if ok else "a value written could not be read back"}


def ready_response() -> HttpResponse:
    checks: dict[str, dict[str, Any]] = {"database": _database_check()}
    for alias in settings.CACHES:
        checks[f"cache:{alias}"] = _cache_check(alias)
    required_ok = all(check["ok"] for check in checks.values())
    for name, path in getattr(settings, "READINESS_CHECKS", {}).items():
        try:
            checks[name] = import_string(path)()
        except Exception as exc:  # a check that cannot run reports so, never a 500
            checks[name] = {"ok": False, "detail": f"check failed: {type(exc).__name__}"}
    response = JsonResponse(
        {"ready": required_ok, "checks": checks}, status=200 if required_ok else 503
    )
    add_never_cache_headers(response)
    response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
    return response


class HealthCheckMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == HEALTH_PATH and request.method in ("GET", "HEAD"):
            return health_response()
        if request.path_info == READY_PATH and request.method in ("GET", "HEAD"):
            return ready_response()
        return self.get_response(request)
