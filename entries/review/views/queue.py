"""The review queue and the editor's actions: mark claims, apply suggestions, decide."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.roles import can_contribute, is_editor
from core.cache import cached_fragment, today
from core.htmx import vary_on_htmx, wants_fragment
from core.http import safe_next
from entries.models import MAX_CLAIMS, Claim, Entry, EntryStatus, Evidence
from entries.reading.selectors import (
    caveat_vocabulary,
    claims_prefetch,
    entry_for_page,
)
from entries.reading.views import entry_page_context
from entries.review.diff import revision_diff
from entries.review.forms import MarkForm, SeenVersionForm, SuggestionForm, TransitionForm
from entries.review.rereview import due_for_rereview, next_review_default
from entries.review.review_page import (
    ClaimRows,
    PageInfo,
    QueueRow,
    claim_parts,
    claim_rows,
    queue_page,
    review_entry,
)
from entries.review.selectors import decorate_for_review, prepare_for_review
from entries.review.services import (
    ClaimMarks,
    MarkConflict,
    claim_apply_suggestion,
    claim_mark,
    entry_apply_suggestions,
    entry_mark_claims,
)
from entries.review.workflow import (
    RACE_MESSAGE,
    StaleApproval,
    TransitionError,
    entry_transition,
    transitions_for,
)
from entries.view_helpers import attach_results, check_visible
from entries.writing.services import EntryError
from results.models import Result
from wiki.selectors import revisions_pending

DONE = {
    EntryStatus.PENDING: "Submitted for review. An editor will look at it.",
    EntryStatus.PUBLISHED: "Approved: the entry is published.",
    EntryStatus.CHANGES_REQUESTED: "Sent back to the author with your comment.",
    EntryStatus.REJECTED: "Rejected. The author has been told why.",
}


REVIEW_PAGE_SIZE = 20


def _require_editor(request: HttpRequest) -> None:
    if not is_editor(request.user):
        raise PermissionDenied("Only editors review entries.")


def _review_context(
    request: HttpRequest, entry: Entry, next_url: str, claims: ClaimRows | None = None
) -> None:
    """The claims, decision and diff of an entry whose review controls are shown. Its
    claims come from the parts shared by every editor (``entries.review.review_page``); a revision
    of a published entry, which shows its diff with the claims it changes, is read whole."""
    entry.review_transitions = transitions_for(entry, request.user)
    attach_results(entry, request.user)
    if entry.revision_of is None:
        rows = claim_rows(request, claims or claim_parts(entry), next_url)
        entry.claim_rows, entry.review_caveats = rows, None
        entry.unmarked_count = entry.claim_rows.unmarked_count
        return
    entry.claim_rows, entry.review_caveats = None, caveat_vocabulary()
    prepare_for_review([entry])
    entry.diff = revision_diff(entry, entry.revision_of)


@login_required
@require_GET
def review_queue(request: HttpRequest) -> HttpResponse:
    _require_editor(request)
    shared = queue_page(request.GET.get("page"), REVIEW_PAGE_SIZE)
    entries = [QueueRow(pk, mark_safe(summary), n) for pk, summary, n in shared.rows]
    next_url = request.get_full_path()
    # The longest-waiting entry opens with its controls; the others load theirs when opened
    # (each is a page of claims with a form apiece). What the editor may do with it is
    # worked out per request, on a copy: the shared page is read-only.
    first = copy.copy(shared.first)
    if first is not None:
        first._writers = set(shared.first_writers)
        _review_context(request, first, next_url, shared.first_claims)
    revisions = Paginator(revisions_pending(), REVIEW_PAGE_SIZE).get_page(
        request.GET.get("revisions_page")
    )
    context = {
        "entries": entries,
        "first": first,
        "page": shared.page,
        "revisions": list(revisions.object_list),
        "revisions_page": revisions,
        "next": next_url,
        "messages": _queue_messages(request, entries),
        "contested": cached_fragment("review-contested", Result.objects.contested),
        **_due_context(request),
    }
    return render(request, "entries/review.html", context)


def _due_context(request: HttpRequest) -> dict:
    """ "Due for re-review": a page of the entries due today, longest due first, read once
    per content version and day (three queries however many are due)."""
    day = today()
    number = request.GET.get("due_page", "1")
    number = int(number) if number.isascii() and number.isdigit() and 0 < int(number) < 10**6 else 1
    total, rows = cached_fragment(
        f"review-due:{day.isoformat()}:{number}",
        lambda: due_for_rereview(
            day, limit=REVIEW_PAGE_SIZE, offset=(number - 1) * REVIEW_PAGE_SIZE
        ),
    )
    pages = max(1, -(-total // REVIEW_PAGE_SIZE))
    return {
        "due": rows,
        "due_page": PageInfo(min(number, pages), pages, total),
        "next_review": next_review_default(day),
        "today": day,
    }


@login_required
@require_GET
def review_item(request: HttpRequest, pk: int) -> HttpResponse:
    """One queued entry's claims and controls: the fragment the queue loads when the editor
    opens it, or a page of its own when the address is opened directly."""
    _require_editor(request)
    entry = review_entry(pk)
    if entry is None:
        raise Http404("No such entry.")
    context = {"entry": entry, "next": safe_next(request, reverse("entries:review"))}
    if entry.status == EntryStatus.PENDING:
        _review_context(request, entry, context["next"])
    template = (
        "entries/_review_body.html" if wants_fragment(request) else "entries/review_item.html"
    )
    return vary_on_htmx(render(request, template, context))


@login_required
@require_POST
def entry_transition_view(request: HttpRequest, pk: int) -> HttpResponse:
    if not can_contribute(request.user):
        raise PermissionDenied("You may not change entries.")
    entry = Entry.objects.filter(pk=pk).first()
    if entry is None:  # an approved revision is merged away: the other editor was first
        return render(
            request,
            "entries/message.html",
            {"title": "Somebody else was faster", "message": RACE_MESSAGE.format(status="gone")},
            status=409,
        )
    check_visible(request, entry)
    form = TransitionForm(request.POST)
    if not form.is_valid():
        return _entry_page_with_error(request, entry, "Choose one of the buttons.", 400)
    data = form.cleaned_data
    try:
        result = entry_transition(
            entry=entry,
            to=data["to"],
            by=request.user,
            comment=data["comment"],
            expected=data["seen_status"] or None,
            version=data["seen_version"],
        )
    except TransitionError as exc:
        back = _back_to(request, entry)
        if isinstance(exc, StaleApproval) or _in_queue(back):
            # Back to where the editor decided from: the queue opens the entry there, as it
            # is now, with the reason beside it.
            tag = f"entry-{entry.pk}" if _in_queue(back) else ""
            messages.error(request, str(exc), extra_tags=tag)
            if wants_fragment(request):
                return HttpResponseClientRedirect(back)
            return redirect(back)
        return _entry_page_with_error(request, entry, str(exc), exc.status_code)
    messages.success(request, DONE.get(data["to"], "Done."))
    if data["to"] in (EntryStatus.PENDING,):
        return redirect(result)
    return redirect(safe_next(request, result.get_absolute_url()))


def _in_queue(url: str) -> bool:
    return url.split("?")[0].split("#")[0] == reverse("entries:review")


def _back_to(request: HttpRequest, entry: Entry) -> str:
    """The page the decision came from, at this entry: the queue opens it there."""
    url = safe_next(request, entry.get_absolute_url())
    if _in_queue(url):
        url = url.split("#")[0] + f"#entry-{entry.pk}"
    return url


def _queue_messages(request: HttpRequest, entries: list[QueueRow]) -> list:
    """The page's messages, less those about one queued entry: those are shown at that
    entry (where a refused decision sends the editor back), not at the top of the page."""
    shown = {f"entry-{entry.pk}": entry for entry in entries}
    general = []
    for entry in entries:
        entry.review_messages = []
    for message in messages.get_messages(request):
        entry = shown.get(message.extra_tags)
        if entry is not None:
            entry.review_messages.append(message)
        else:
            general.append(message)
    return general


def _entry_page_with_error(request, entry: Entry, error: str, status: int) -> HttpResponse:
    entry = entry_for_page(entry.pk).first() or entry
    context = entry_page_context(request, entry)
    context["transition_error"] = error
    context["comment"] = request.POST.get("comment", "")
    return render(request, "entries/detail.html", context, status=status)


def _get_claim(request: HttpRequest, pk: int) -> Claim:
    if not request.user.has_perm("entries.mark_evidence"):
        raise PermissionDenied("Only editors set evidence levels.")
    claim = get_object_or_404(Claim.objects.select_related("entry", "paper"), pk=pk)
    check_visible(request, claim.entry)
    return claim


def _next_seen_version(request: HttpRequest, entry: Entry, accepted: bool) -> int | str:
    """The version the reviewer has now seen: after a mark checked against the version on
    their screen, the one that mark made; otherwise what they had ("" when unknown), so
    that an approval cannot name a change they never saw."""
    seen = request.POST.get("seen_version", "")
    return entry.version if accepted and seen else seen


def _claim_gone(request: HttpRequest, exc: MarkConflict) -> HttpResponse:
    """The claim moved under the editor (its revision was approved meanwhile): say so, and
    send them to where its claims are now; the fragment cannot be redrawn in place."""
    if not wants_fragment(request):
        messages.error(request, str(exc))
        return redirect(exc.next_url)
    html = format_html(
        '<p class="error" role="alert">{} <a href="{}">Open the entry</a>.</p>',
        str(exc),
        exc.next_url,
    )
    return vary_on_htmx(HttpResponse(html, status=exc.status_code))


def _claim_response(request: HttpRequest, claim: Claim, error: str = "", status: int = 200):
    if not wants_fragment(request):
        if error:
            messages.error(request, error)
        return redirect(safe_next(request, claim.entry.get_absolute_url()))
    fresh = (
        Claim.objects.select_related("paper", "entry").prefetch_related("caveats").get(pk=claim.pk)
    )
    decorate_for_review([fresh])
    entry = fresh.entry
    unmarked = entry.claims.filter(evidence=Evidence.UNMARKED).count()
    context = {
        "claim": fresh,
        "entry": entry,
        "caveats": caveat_vocabulary(),
        "unmarked_count": unmarked,
        "review_transitions": transitions_for(entry, request.user),
        "next": safe_next(request, entry.get_absolute_url()),
        "in_queue": _in_queue(safe_next(request, "")),
        "claim_error": error,
        "seen_version": _next_seen_version(request, entry, accepted=not error),
    }
    return vary_on_htmx(render(request, "entries/claim_marked.html", context, status=status))


@login_required
@require_POST
def claim_mark_view(request: HttpRequest, pk: int) -> HttpResponse:
    claim = _get_claim(request, pk)
    form = _mark_form(request, claim.pk)
    if not form.is_valid():
        return _claim_response(request, claim, "Choose an evidence level from the list.", 400)
    try:
        claim_mark(
            claim=claim,
            by=request.user,
            evidence=form.cleaned_data["evidence"],
            caveats=form.cleaned_data["caveats"],
            reason=form.cleaned_data["reason"],
            seen_version=form.cleaned_data["seen_version"],
        )
    except MarkConflict as exc:
        return _claim_gone(request, exc)
    except EntryError as exc:
        return _claim_response(request, claim, str(exc), exc.status_code)
    if not wants_fragment(request):
        messages.success(request, "Marks saved.")
    return _claim_response(request, claim)


@login_required
@require_POST
def claim_apply_suggestion_view(request: HttpRequest, pk: int) -> HttpResponse:
    claim = _get_claim(request, pk)
    form = SuggestionForm(request.POST)
    if not form.is_valid():
        return _claim_response(request, claim, "That is not a suggestion.", 400)
    try:
        claim_apply_suggestion(
            claim=claim,
            by=request.user,
            kind=form.cleaned_data["kind"],
            value=form.cleaned_data["value"],
            seen_version=form.cleaned_data["seen_version"],
        )
    except MarkConflict as exc:
        return _claim_gone(request, exc)
    except EntryError as exc:
        return _claim_response(request, claim, str(exc), exc.status_code)
    return _claim_response(request, claim)


def _mark_form(request: HttpRequest, claim_pk: int) -> MarkForm:
    """A claim's marks as posted: its fields are named ``claim-<id>-…`` in the review
    controls (so that one request carries several claims), plain from older pages."""
    prefixed = f"claim-{claim_pk}-evidence" in request.POST
    return MarkForm(request.POST, prefix=f"claim-{claim_pk}" if prefixed else None)


@login_required
@require_POST
def entry_marks_view(request: HttpRequest, pk: int) -> HttpResponse:
    """One "Save marks" for an entry: the claims the editor changed, saved together or, when
    one is refused, not at all (the editor's changes stay on their screen)."""
    if not request.user.has_perm("entries.mark_evidence"):
        raise PermissionDenied("Only editors set evidence levels.")
    entry = get_object_or_404(Entry, pk=pk)
    check_visible(request, entry)
    seen = SeenVersionForm(request.POST)
    seen_version = seen.cleaned_data["seen_version"] if seen.is_valid() else None
    ids = list(
        dict.fromkeys(v for v in request.POST.getlist("claim") if v.isascii() and v.isdigit())
    )
    claims = Claim.objects.select_related("paper").in_bulk([int(v) for v in ids[:MAX_CLAIMS]])
    error, status, marks = "", 200, []
    for claim in sorted(claims.values(), key=lambda c: (c.position, c.pk)):
        form = _mark_form(request, claim.pk)
        if not form.is_valid():
            error = f"Claim {claim.position + 1}: choose an evidence level from the list."
            status = 400
            break
        data = form.cleaned_data
        marks.append(ClaimMarks(claim, data["evidence"], list(data["caveats"]), data["reason"]))
    if not error:
        try:
            entry_mark_claims(entry=entry, by=request.user, marks=marks, seen_version=seen_version)
        except MarkConflict as exc:
            return _claim_gone(request, exc)
        except EntryError as exc:
            error, status = str(exc), exc.status_code
    if not wants_fragment(request):
        if error:
            return _entry_page_with_error(request, entry, error, status)
        messages.success(request, "Marks saved.")
        return redirect(safe_next(request, entry.get_absolute_url()))
    return _entry_review_response(
        request, entry, error, status, saved=len(marks) if not error else 0
    )


@login_required
@require_POST
def entry_apply_suggestions_view(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.has_perm("entries.mark_evidence"):
        raise PermissionDenied("Only editors set evidence levels.")
    entry = get_object_or_404(Entry, pk=pk)
    check_visible(request, entry)
    error, status = "", 200
    seen = SeenVersionForm(request.POST)
    seen_version = seen.cleaned_data["seen_version"] if seen.is_valid() else None
    try:
        applied = entry_apply_suggestions(entry=entry, by=request.user, seen_version=seen_version)
    except EntryError as exc:
        error, status = str(exc), exc.status_code
    if not wants_fragment(request):
        if error:
            return _entry_page_with_error(request, entry, error, status)
        messages.success(request, f"Applied {applied} suggestion{'s' if applied != 1 else ''}.")
        return redirect(safe_next(request, entry.get_absolute_url()))
    return _entry_review_response(request, entry, error, status)


def _entry_review_response(
    request: HttpRequest, entry: Entry, error: str, status: int, saved: int = 0
) -> HttpResponse:
    """An entry's review controls as they are now (after "Save marks" or "Apply all
    suggestions"), with the error if the request was refused."""
    entry = (
        Entry.objects.select_related("author", "revision_of")
        .prefetch_related("topics", claims_prefetch())
        .get(pk=entry.pk)
    )
    decorate_for_review(entry.claims.all())
    context = {
        "entry": entry,
        "caveats": caveat_vocabulary(),
        "unmarked_count": sum(1 for c in entry.claims.all() if c.evidence == Evidence.UNMARKED),
        "review_transitions": transitions_for(entry, request.user),
        "next": safe_next(request, entry.get_absolute_url()),
        "review_error": error,
        "marks_saved": saved,
        "seen_version": _next_seen_version(request, entry, accepted=not error),
        "in_queue": _in_queue(safe_next(request, "")),
    }
    return vary_on_htmx(render(request, "entries/suggestions_applied.html", context, status=status))
