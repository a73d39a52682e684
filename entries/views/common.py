from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from entries.models import Entry
from entries.selectors import entry_visible


def check_visible(request: HttpRequest, entry: Entry) -> None:
    """404 for a reader who may not know the entry exists; 403 when they tried to change it."""
    if entry_visible(entry, request.user):
        return
    if request.method == "POST":
        raise PermissionDenied("You may not change this entry.")
    raise Http404("No such entry.")
