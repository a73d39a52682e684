"""What an operator reads: request latency per route and the page cache's hit rate, for
staff at ``/ops/`` and for a Prometheus scraper with ``METRICS_TOKEN`` at ``/metrics``.
The figures are the answering worker process's own (core/metrics.py)."""

from __future__ import annotations

import hmac
from datetime import UTC, datetime

from django.conf import settings
from django.contrib.auth.decorators import login_not_required, login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core import metrics


@never_cache
@login_required
@require_GET
def ops_page(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        raise PermissionDenied("The operations page is for staff.")
    window = settings.OPS_WINDOW_SECONDS
    context = {
        "routes": metrics.requests.figures(window),
        "caches": [
            ("Whole pages (anonymous)", metrics.page_cache),
            ("Shared parts of pages", metrics.fragment_cache),
        ],
        "pid": metrics.process_id(),
        "since": datetime.fromtimestamp(metrics.requests.started, tz=UTC),
        "window_minutes": round(window / 60, 1),
    }
    return render(request, "front/ops.html", context)


@login_not_required
@never_cache
@require_GET
def metrics_text(request: HttpRequest) -> HttpResponse:
    token = settings.METRICS_TOKEN
    if not token:
        raise Http404("No metrics here: METRICS_TOKEN is not set.")
    sent = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(sent.encode(), token.encode()):
        response = HttpResponse(
            "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>\n",
            status=401, content_type="text/plain",
        )  # fmt: skip
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    return HttpResponse(
        metrics.prometheus_text(settings.OPS_WINDOW_SECONDS),
        content_type="text/plain; version=0.0.4; charset=utf-8",
    )
