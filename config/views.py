"""Site-level pages: the home page and the health check."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from entries.models import Entry
from wiki.models import Concept


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    entries = (
        Entry.objects.published()
        .select_related("author")
        .prefetch_related("topics")
        .order_by("-date", "-id")[:15]
    )
    concepts = Concept.objects.published().order_by("-updated")[:12]
    return render(request, "home.html", {"entries": entries, "concepts": concepts})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the app and its database answer; 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any database failure means "not healthy", never a 500 page
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


class LogoutView(auth_views.LogoutView):
    """Logging out is a POST; a GET (a typed or bookmarked URL) asks for confirmation."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        return render(request, "registration/logout_confirm.html")
