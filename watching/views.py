"""/watching/, the watch toggle, the digest setting and the private feed."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from core.htmx import wants_fragment
from core.http import absolute_url, safe_next, site_root
from papers.models import Paper
from results.models import Benchmark
from watching import selectors, services
from watching.feeds import WatchingFeed
from watching.middleware import button_html
from watching.models import Digest, Kind
from wiki.models import Concept
from wiki.selectors import concept_visible

# A first visit shows the week before it, so the page is not empty the day one starts.
FIRST_VISIT_LOOKBACK = dt.timedelta(days=7)


def _target(request: HttpRequest, kind: str, pk: int) -> Model:
    """The thing to watch, if this person may see it: a concept waiting for its first
    review is a 404 to those who may not read it, as on its page."""
    if kind == Kind.CONCEPT:
        concept = get_object_or_404(Concept, pk=pk)
        if not concept_visible(concept, request.user):
            raise Http404("No such concept.")
        return concept
    if kind == Kind.BENCHMARK:
        return get_object_or_404(Benchmark, pk=pk)
    if kind == Kind.PAPER:
        return get_object_or_404(Paper.objects.only("pk", "arxiv_id", "title"), pk=pk)
    raise Http404("Nothing of that kind can be watched.")


@login_required
@require_POST
def watch_toggle(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    target = _target(request, kind, pk)
    wanted = request.POST.get("watch") != "0"
    watching = services.watch_set(user=request.user, kind=kind, target=target, watching=wanted)
    back = safe_next(request, target.get_absolute_url())
    if wants_fragment(request):
        return HttpResponse(button_html(request, kind, pk, watching=watching, next_url=back))
    name = str(target)
    if watching:
        messages.success(request, f"You are watching “{name}”: its changes show on Watching.")
    else:
        messages.info(request, f"You no longer watch “{name}”.")
    return redirect(back)


@login_required
@require_GET
def watching_page(request: HttpRequest) -> HttpResponse:
    """What the person watches and what changed on it since their last visit; the visit
    is then recorded, so the next one starts from here."""
    profile = services.profile_get(user=request.user)
    now = timezone.now()
    since = profile.last_visit or now - FIRST_VISIT_LOOKBACK
    watches = selectors.watches_of(request.user)
    context = {
        "profile": profile,
        "watches": [(w, button_html(request, w.kind, w.target_id, watching=True)) for w in watches],
        "changes": selectors.changes(watches, since=since, until=now),
        "since": since,
        "first_visit": profile.last_visit is None,
        "feed_url": absolute_url(request, reverse("watching:feed", args=[profile.feed_token])),
        "digests": Digest.choices,
    }
    response = render(request, "watching/page.html", context)
    services.visit_record(profile=profile, at=now)
    return response


@login_required
@require_POST
def digest_update(request: HttpRequest) -> HttpResponse:
    digest = request.POST.get("digest", "")
    if digest not in Digest.values:
        messages.error(request, "Choose never, daily or weekly.")
        return redirect("watching:page")
    services.digest_set(user=request.user, digest=digest)
    if digest == Digest.OFF:
        messages.success(request, "No digest emails from now on.")
    elif not request.user.email:
        messages.warning(
            request, f"{Digest(digest).label} digest chosen, but your account has no email address."
        )
    else:
        label, address = Digest(digest).label, request.user.email
        messages.success(request, f"{label} digest to {address}, when something changed.")
    return redirect("watching:page")


@login_required
@require_POST
def feed_revoke(request: HttpRequest) -> HttpResponse:
    services.feed_token_revoke(user=request.user)
    messages.success(request, "Your feed has a new address: the old one no longer works.")
    return redirect(reverse("watching:page") + "#feed")


@require_GET
def watching_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The person's private Atom feed, at an address only they know; never cached."""
    profile = selectors.profile_by_token(token)
    if profile is None:
        raise Http404("No such feed.")
    response = WatchingFeed(site_root(request), profile)(request)
    response["Cache-Control"] = "private, no-store"
    response["X-Robots-Tag"] = "noindex"
    return response
