"""Writing and editing an entry: one form, its claims edited in place."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from accounts.roles import can_contribute
from core.diff import diff_inline, diff_text
from core.htmx import render_page, vary_on_htmx, wants_fragment
from core.submissions import submission_finish, submission_start
from entries.models import Entry, EntryStatus
from entries.reading.selectors import claims_prefetch
from entries.review.workflow import TransitionError, entry_transition
from entries.view_helpers import attach_results, check_visible
from entries.writing.forms import (
    CLAIMS_PREFIX,
    ClaimFormSet,
    EntryForm,
    apply_claim_op,
    caveat_choices,
    claim_rows_from_entry,
    claim_rows_from_post,
    papers_by_key,
)
from entries.writing.services import (
    EntryError,
    StaleEdit,
    can_edit_entry,
    entry_create,
    entry_update,
    open_revision,
)
from papers.picker import paper_key
from papers.selectors import paper_new_url, papers_for_picker

SAVE_OPS = {"save", "submit"}


@login_required
@require_http_methods(["GET", "POST"])
def entry_new(request: HttpRequest) -> HttpResponse:
    if not can_contribute(request.user):
        raise PermissionDenied("Only contributors write entries.")
    return _editor(request, entry=None)


@login_required
@require_http_methods(["GET", "POST"])
def entry_edit(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(
        Entry.objects.select_related("revision_of").prefetch_related("topics", claims_prefetch()),
        pk=pk,
    )
    check_visible(request, entry)
    if not can_edit_entry(request.user, entry):
        raise PermissionDenied("You may not edit this entry.")
    if entry.status == EntryStatus.PUBLISHED:
        revision = open_revision(entry)
        if revision is not None:
            messages.info(request, "This entry already has a revision in progress: here it is.")
            if can_edit_entry(request.user, revision) and revision.status != EntryStatus.PENDING:
                return redirect("entries:edit", pk=revision.pk)
            return redirect(revision)
    return _editor(request, entry=entry)


def _editor(request: HttpRequest, *, entry: Entry | None) -> HttpResponse:
    can_mark = request.user.has_perm("entries.mark_evidence")
    choices = caveat_choices()
    form_kwargs = {"can_mark": can_mark, "caveat_choices": choices}
    op = request.POST.get("op", "save") if request.method == "POST" else ""
    status, error = 200, ""

    if request.method == "POST" and op not in SAVE_OPS:
        # Add, remove or move a claim: re-show everything typed so far, save nothing.
        rows = apply_claim_op(claim_rows_from_post(request.POST), op)
        formset = ClaimFormSet(initial=rows, prefix=CLAIMS_PREFIX, form_kwargs=form_kwargs)
        context = _context(request, entry, _form_from_post(request), formset)
        return render_page(request, "entries/edit.html", context, fragment="claims")

    if request.method == "POST":
        if entry is None and (replay := submission_start(request)) is not None:
            return replay
        form = EntryForm(request.POST)
        formset = ClaimFormSet(request.POST, prefix=CLAIMS_PREFIX, form_kwargs=form_kwargs)
        saved = None
        if form.is_valid() and formset.is_valid():
            try:
                saved = _save(request, entry, form.cleaned_data, formset, dict(choices), op)
            except StaleEdit as exc:
                return _conflict(request, entry, form, formset, exc)
            except (EntryError, TransitionError) as exc:
                error, status = str(exc), exc.status_code
            finally:
                if entry is None:
                    submission_finish(request, saved.get_absolute_url() if saved else None)
            if saved is not None:
                return redirect(saved)
        else:
            if entry is None:
                submission_finish(request, None)
            status = 400
            error = "Some fields need attention: see the messages below."
    else:
        form = EntryForm(initial=_initial(entry))
        rows = claim_rows_from_entry(entry) if entry else [{}]
        formset = ClaimFormSet(initial=rows, prefix=CLAIMS_PREFIX, form_kwargs=form_kwargs)
    context = _context(request, entry, form, formset)
    context["error"] = error
    return render(request, "entries/edit.html", context, status=status)


def _save(request, entry, data, formset, caveat_names, op) -> Entry:
    user = request.user
    claims = formset.claim_data(caveat_names)
    fields = dict(date=data["date"], headline=data["headline"], lead=data["lead"])
    with transaction.atomic():
        if entry is None:
            saved = entry_create(author=user, topics=data["topics"], claims=claims, **fields)
        else:
            saved = entry_update(
                entry=entry,
                by=user,
                topics=data["topics"],
                claims=claims,
                expected=request.POST.get("seen_status") or None,
                expected_version=data.get("seen_version"),
                **fields,
            )
        if op == "submit":
            saved = entry_transition(entry=saved, to=EntryStatus.PENDING, by=user)
    if entry is not None and entry.status == EntryStatus.PUBLISHED:
        messages.success(
            request,
            "Saved as a revision of the published entry: readers see the published text "
            "until an editor approves the revision.",
        )
    if op == "submit":
        messages.success(request, "Submitted for review. An editor will look at it.")
    else:
        messages.success(request, "Draft saved.")
    return saved


def _conflict(request, entry: Entry, form, formset, stale: StaleEdit) -> HttpResponse:
    """Nothing was saved: the person's text stays in the form, now based on the current
    version, with the current text (and what differs) beside it."""
    current = (
        Entry.objects.select_related("author")
        .prefetch_related("topics", claims_prefetch())
        .get(pk=stale.current.pk)
    )
    mine = form.cleaned_data
    context = _context(request, entry, form, formset)
    context.update(
        error=str(stale),
        conflict=current,
        seen_version=current.version,
        headline_diff=diff_inline(current.headline, mine["headline"].strip()),
        lead_diff=diff_text(current.lead, mine["lead"]),
    )
    return render(request, "entries/edit.html", context, status=409)


def _initial(entry: Entry | None) -> dict:
    if entry is None:
        return {"date": timezone.localdate()}
    return {
        "date": entry.date,
        "headline": entry.headline,
        "lead": entry.lead,
        "topics": [t.pk for t in entry.topics.all()],
        "seen_version": entry.version,
    }


def _form_from_post(request: HttpRequest) -> EntryForm:
    post = request.POST
    return EntryForm(
        initial={
            "date": post.get("date", ""),
            "headline": post.get("headline", ""),
            "lead": post.get("lead", ""),
            "topics": post.getlist("topics"),
            "seen_version": post.get("seen_version", ""),
        }
    )


def _context(request, entry, form, formset) -> dict:
    values = [str(f["paper"].value() or "") for f in formset.forms]
    found = papers_by_key(values)
    for claim_form, value in zip(formset.forms, values, strict=True):
        # A title or DOI typed by hand names its paper once the form was validated.
        resolved = getattr(claim_form, "cleaned_data", {}).get("paper")
        claim_form.paper_obj = found.get(value) or resolved
    original = entry.revision_of if entry is not None and entry.is_revision else None
    author_results = []
    if entry is not None and entry.author_id == request.user.pk:
        # The results proposed from the claims as saved, for the author to correct below.
        attach_results(entry, request.user)
        author_results = entry.review_results
    return {
        "author_results": author_results,
        "next": request.path,
        "entry": entry,
        "original": original,
        "form": form,
        "formset": formset,
        "will_revise": entry is not None and entry.status == EntryStatus.PUBLISHED,
        "action_url": request.path,
        "seen_version": request.POST.get("seen_version") or (entry.version if entry else ""),
    }


PICKER_FIELD = re.compile(r"^([a-z_]+-\d{1,3})-paper$")


@login_required
@require_GET
def paper_options(request: HttpRequest) -> HttpResponse:
    """Library papers matching a title, arXiv id, DOI or words of the title, authors or
    abstract: the suggestions of a paper field ("Source paper", key papers) over htmx, or
    a plain page of results without JavaScript. One query, at most PICKER_LIMIT papers."""
    query, prefix = request.GET.get("q"), "paper"
    if query is None:  # htmx sends the field itself: claims-3-paper=...
        name, query = next(
            ((k, v) for k, v in request.GET.items() if k.endswith("-paper")), ("", "")
        )
        match = PICKER_FIELD.match(name)
        prefix = match.group(1) if match else prefix
    query = query.strip()[:500]
    options = [(paper_key(p), p) for p in papers_for_picker(query)]
    context = {"query": query, "options": options, "prefix": prefix}
    if query and not options and request.user.has_perm("papers.add_paper"):
        context["add_url"] = paper_new_url(query)
    if wants_fragment(request):
        return vary_on_htmx(render(request, "papers/_paper_suggest.html", context))
    return vary_on_htmx(render(request, "entries/paper_options.html", context))
