"""``/healthz``: "ok" with 200 when the app and its database answer, 503 otherwise.

Answered by a middleware placed before ``CommonMiddleware``, so a health check that knows
the server only by its own address (``127.0.0.1:8000`` inside a container, a load
balancer's probe by IP) is answered even though ``ALLOWED_HOSTS`` names only the site's
public name; ``SECURE_REDIRECT_EXEMPT`` spares it the HTTPS redirect. That is safe because
the answer is a fixed word: nothing in it is built from the ``Host`` header, and it sets no
cookie. Every other path still has its host checked.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

HEALTH_PATH = "/healthz"


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


class HealthCheckMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == HEALTH_PATH and request.method in ("GET", "HEAD"):
            return health_response()
        return self.get_response(request)
