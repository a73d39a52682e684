"""An entry's re-review date: set or cleared on the entry page, marked re-reviewed in the
review queue (``entries.review.rereview``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.roles import is_editor
from core.cache import today
from core.http import safe_next
from entries.models import Entry
from entries.reading.selectors import entry_for_page
from entries.reading.views import entry_page_context
from entries.review.forms import ReviewByForm
from entries.review.rereview import entry_review_by_set
from entries.writing.services import EntryError

DONE = {
    "set": "Re-review date set to {date}.",
    "clear": "Re-review date cleared.",
    "reviewed": "Marked re-reviewed; next re-review on {date}.",
}


@login_required
@require_POST
def entry_review_by_view(request: HttpRequest, pk: int) -> HttpResponse:
    if not is_editor(request.user):
        raise PermissionDenied("Only editors set re-review dates.")
    entry = get_object_or_404(Entry, pk=pk)
    form = ReviewByForm(request.POST)
    if not form.is_valid():
        return _with_error(request, entry, form.first_error())
    data = form.cleaned_data
    try:
        entry_review_by_set(
            entry=entry,
            by=request.user,
            review_by=data["review_by"],
            today=today(),
            reviewed=data["action"] == "reviewed",
            comment=data["comment"],
        )
    except EntryError as exc:
        return _with_error(request, entry, str(exc), exc.status_code)
    message = DONE[data["action"]]
    if data["action"] == "reviewed" and data["review_by"] is None:
        message = "Marked re-reviewed, with no further re-review date."
    when = data["review_by"].isoformat() if data["review_by"] else ""
    messages.success(request, message.format(date=when))
    return redirect(safe_next(request, entry.get_absolute_url()))


def _with_error(request: HttpRequest, entry: Entry, error: str, status: int = 400):
    """The entry page again, the error beside the re-review form."""
    entry = entry_for_page(entry.pk, claims=True).first() or entry
    context = entry_page_context(request, entry)
    context["review_by_error"] = error
    context["review_by_value"] = request.POST.get("review_by", "")[:40]
    return render(request, "entries/detail.html", context, status=status)
