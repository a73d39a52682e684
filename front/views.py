"""Site pages across domains: home, recent changes, the health check, the favicon."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.roles import is_editor
from core.cache import cache_page_for_anonymous
from core.health import health_response
from core.htmx import render_page
from front.forms import ChangesFilterForm
from front.selectors import changes_page, home_page


@require_GET
@cache_page_for_anonymous
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "front/home.html", {"page": home_page(request.user)})


@login_not_required
@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the app and its database answer; 503 otherwise. Normally answered
    earlier by core.health's middleware (before host checks); this view is what a request
    reaches when that middleware is not installed."""
    return health_response()


@login_not_required
@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    # Resolved per request: in production the hashed name comes from collectstatic's
    # manifest, which does not exist yet when the URLconf is imported in a fresh checkout.
    return HttpResponsePermanentRedirect(static("favicon.svg"))


@require_GET
@cache_page_for_anonymous
def recent_changes(request: HttpRequest) -> HttpResponse:
    form = ChangesFilterForm(request.GET)
    valid = form.is_valid()
    filters = form.cleaned_data if valid else {}
    page = changes_page(
        request.user,
        username=filters.get("user", "").strip(),
        kind=filters.get("kind", ""),
        page_number=request.GET.get("page"),
    )
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "changes": page.object_list,
        "query": query.urlencode(),
        # Decision comments: every one for editors, their own entries' for authors.
        "all_comments": is_editor(request.user),
    }
    return render_page(request, "front/changes.html", context, status=200 if valid else 400)
