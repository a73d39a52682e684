"""Site-level pages: home, search, the health check, logging out."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.cache import cache_page_for_anonymous
from config.home import home_page
from wiki import search as wiki_search

KIND_TABS = [("all", "All"), ("concepts", "Concepts"), ("papers", "Papers"), ("entries", "Entries")]


@require_GET
@cache_page_for_anonymous
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"page": home_page(request.user)})


@login_not_required
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


@method_decorator(login_not_required, name="dispatch")
class LogoutView(auth_views.LogoutView):
    """Logging out is a POST; a GET (a typed or bookmarked URL) asks for confirmation."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        return render(request, "registration/logout_confirm.html")


@require_GET
def search(request: HttpRequest) -> HttpResponse:
    """One box over concepts, papers and entries; an exact arXiv id opens its paper."""
    text = request.GET.get("q", "")
    kind = request.GET.get("kind", "all")
    paper = wiki_search.exact_paper(text) if text and not request.htmx else None
    if paper is not None:
        return redirect(paper)
    results = wiki_search.search(text, kind=kind)
    template = "search/results.html#results" if request.htmx else "search/results.html"
    return render(request, template, {"results": results, "kinds": KIND_TABS})


@login_not_required
@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    # Resolved per request: in production the hashed name comes from collectstatic's
    # manifest, which does not exist yet when the URLconf is imported in a fresh checkout.
    return HttpResponsePermanentRedirect(static("favicon.svg"))
