"""What the views of writing, reading and review share: the visibility check that answers
404 or 403, and the results shown beside an entry's claims."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from core.cache import cached_fragment
from entries.models import Entry
from entries.reading.selectors import entry_visible
from entries.review.workflow import entry_writers
from results.models import Result


def check_visible(request: HttpRequest, entry: Entry) -> None:
    """404 for a reader who may not know the entry exists; 403 when they tried to change it."""
    if entry_visible(entry, request.user):
        return
    if request.method == "POST":
        raise PermissionDenied("You may not change this entry.")
    raise Http404("No such entry.")


def attach_results(entry: Entry, user) -> None:
    """The results the entry's claims state (one query per content version), and whether
    ``user`` may decide them: an editor who wrote none of the text while the four-eyes rule
    holds (the rule ``results.services.result_decide`` enforces; this chooses what to show)."""
    entry.review_results = cached_fragment(
        f"entry-results:{entry.pk}",
        lambda: list(
            Result.objects.filter(claim__entry=entry.pk)
            .select_related("claim", "benchmark", "paper", "decided_by")
            .order_by("claim__position", "position", "id")
        ),
    )  # read-only: shared by this process's requests until the next write
    entry.may_decide_results = (
        user.is_authenticated
        and user.has_perm("entries.review_entry")
        and (not settings.WIKI_FOUR_EYES or user.pk not in entry_writers(entry))
    )
