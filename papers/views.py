from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.cache import cache_page_for_anonymous, cached_response, library_version
from core.htmx import render_page, wants_fragment
from core.http import site_root
from core.submissions import submission_finish, submission_start, submission_token
from jobs.models import Job, JobStatus
from jobs.selectors import job_for
from jobs.services import job_start
from papers import selectors as pages
from papers.citations import FORMATS, citations_download
from papers.feeds import RecentPapersFeed
from papers.filters import PaperFilter
from papers.forms import (
    PaperForm,
    PaperImportForm,
    PaperLookupForm,
    record_initial,
)
from papers.list_page import filters_html
from papers.lookups import (
    LOOKUP_JOB,
    lookup_fields,
    lookup_identifier,
    lookup_start,
    lookup_waits_for_worker,
)
from papers.models import Paper, PaperChange
from papers.month_chart import papers_per_month_html
from papers.services import (
    DuplicatePaper,
    PaperChangeRefused,
    paper_change_revert,
    paper_create,
    paper_key_may_change,
    paper_may_change,
    paper_update,
)
from papers.tasks import IMPORT_JOB

View = Callable[..., HttpResponse]


def permission_required(perm: str) -> Callable[[View], View]:
    """Anonymous visitors go to the login page; signed-in users without ``perm`` get 403."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                if wants_fragment(request):
                    return HttpResponseClientRedirect(pages.login_url(request))
                return redirect_to_login(request.get_full_path())
            if not request.user.has_perm(perm):
                raise PermissionDenied("Only contributors and editors can change papers.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


@require_GET
@cache_page_for_anonymous
def paper_list(request: HttpRequest) -> HttpResponse:
    # Read once, before anything the count, chart, form and topics are made of.
    version = library_version()
    filterset = PaperFilter(
        data=pages.with_defaults(request.GET),
        queryset=Paper.objects.all(),
        library_version=version,
    )
    papers = filterset.sorted_qs
    fmt = FORMATS.get(request.GET.get("format", ""))
    if fmt is not None:
        if not filterset.is_valid():
            return HttpResponse(pages.errors_text(filterset), status=400, content_type="text/plain")
        return citations_download(pages.for_export(papers), fmt, pages.export_basename(filterset))
    paginator = pages.CappedPaginator(
        pages.for_list(papers),
        pages.page_size(request.GET),
        count_key=pages.filter_digest(request.GET, drop=("sort",)),
        library_version=version,
    )
    page = paginator.get_page(request.GET.get("page"))
    context = {
        "filter": filterset,
        "page": page,
        "page_numbers": pages.page_numbers(page),
        "query": pages.query_string(request.GET),
        "active": pages.active_filters(filterset, request.GET),
        "fragment": wants_fragment(request),
    }
    if page.object_list:
        context["months_html"] = papers_per_month_html(filterset, request.GET, version=version)
    if not context["fragment"]:
        context["filters_html"] = filters_html(
            request.GET, filterset, context["active"], version=version
        )
    response = render_page(request, "papers/list.html", context)
    if context["fragment"]:
        # Push the clean address (no empty parameters) so the view can be bookmarked.
        response["HX-Push-Url"] = pages.list_url(request.GET)
    return response


@require_GET
@cache_page_for_anonymous
def papers_feed(request: HttpRequest) -> HttpResponse:
    """The Atom feed of papers added to the library (its links absolute, so per site)."""
    root = site_root(request)
    return cached_response(f"papers-feed:{root}", lambda: RecentPapersFeed(root)(request))


@require_http_methods(["GET", "POST"])
@permission_required("papers.add_paper")
def paper_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        if (replay := submission_start(request)) is not None:
            return replay
        form = PaperForm(request.POST)
        paper = None
        try:
            paper = _paper_create(request, form)
        except DuplicatePaper as exc:
            messages.info(request, f"{exc} Here it is.")
            return redirect(exc.paper)
        finally:
            submission_finish(request, paper.get_absolute_url() if paper else None)
        if paper is not None:
            messages.success(request, "Paper added to the library.")
            return redirect(paper)
        return render(request, "papers/new.html", _new_context(form=form), status=400)
    if "lookup" in request.GET:
        return _lookup_answer(request)
    if "arxiv" in request.GET:
        return _paper_lookup(request)
    # "Add this paper" links (from text, or a paper field that found none) name an id, a
    # DOI or a title not in the library: offer it, filled in.
    prefill = pages.paper_prefill(request.GET)
    context = _new_context(
        lookup=PaperLookupForm(initial={"arxiv": prefill["arxiv_id"]}),
        form=PaperForm(initial=prefill),
    )
    return render(request, "papers/new.html", context)


def _paper_create(request: HttpRequest, form: PaperForm) -> Paper | None:
    if not form.is_valid():
        return None
    return paper_create(
        fields=form.paper_fields(), topics=form.cleaned_data["topics"], by=request.user
    )


def _paper_lookup(request: HttpRequest) -> HttpResponse:
    """Queue the lookup of an arXiv id or a DOI, or send the user to the paper we have."""
    lookup = PaperLookupForm(request.GET)
    if not lookup.is_valid():
        return render(request, "papers/new.html", _new_context(lookup=lookup), status=400)
    parsed, doi = lookup.parsed, lookup.doi
    if parsed is not None:
        existing = Paper.objects.filter(arxiv_id=parsed.id).first()
        known = f"arXiv:{parsed.id} is already in the library."
    else:
        existing = Paper.objects.filter(doi__iexact=doi).first()
        known = f"DOI {doi} is already in the library."
    if existing:
        messages.info(request, known)
        return redirect(existing)
    job = lookup_start(
        by=request.user,
        arxiv_id=parsed.id if parsed else "",
        version=parsed.version if parsed else None,
        doi=doi,
    )
    if job.is_finished:  # jobs run inline, or somebody's recent lookup: the answer is here
        return _lookup_page(request, job)
    return redirect(f"{reverse('papers:new')}?lookup={job.pk}")


def _lookup_answer(request: HttpRequest) -> HttpResponse:
    """The add-paper page of a lookup: waiting for it, then its answer."""
    raw = request.GET.get("lookup", "")
    job = job_for(request.user, int(raw)) if re.fullmatch(r"[0-9]{1,11}", raw) else None
    if job is None or job.kind != LOOKUP_JOB:
        context = {**_new_context(), "missing_lookup": True}
        return render(request, "papers/new.html", context, status=404)
    return _lookup_page(request, job)


def _new_context(**extra: Any) -> dict[str, Any]:
    forms = {"lookup": PaperLookupForm(), "form": PaperForm(), "import_form": PaperImportForm()}
    return forms | extra


def _lookup_page(request: HttpRequest, job: Job) -> HttpResponse:
    """The page for a lookup job: waiting (polled by htmx), or the form its answer fills in,
    or what went wrong beside the field, with the form to fill in by hand."""
    ident = lookup_identifier(job)
    typed = ident.get("arxiv_id") or ident.get("doi", "")
    context = _new_context(lookup=PaperLookupForm(initial={"arxiv": typed}))
    if not job.is_finished:
        waiting = {"pending": job, "typed": typed, "worker_missing": lookup_waits_for_worker(job)}
        if wants_fragment(request):
            return render_page(request, "papers/new.html", waiting, fragment="pending")
        return render(request, "papers/new.html", context | waiting)
    if wants_fragment(request):  # the page polling for it: load it whole, with the answer
        return HttpResponse(headers={"HX-Refresh": "true"})
    answer = job.result or {}
    outcome = answer.get("outcome")
    context["form"] = PaperForm(initial=ident)
    if job.status == JobStatus.FAILED:
        messages.warning(request, f"The lookup failed. {job.error} Fill in the details by hand.")
    elif outcome == "existing":
        messages.info(request, answer["message"])
        return redirect(answer["url"])
    elif outcome == "not_found":
        lookup = PaperLookupForm({"arxiv": typed})
        lookup.is_valid()
        lookup.add_error("arxiv", answer["message"])
        return render(request, "papers/new.html", context | {"lookup": lookup}, status=404)
    elif outcome == "busy":
        messages.warning(request, f"{answer['message']} Or fill in the details by hand.")
        response = render(request, "papers/new.html", context, status=429)
        response["Retry-After"] = str(answer["retry_after"])
        return response
    elif outcome == "error":
        message = answer["message"]
        messages.warning(request, f"{message} Fill in the details by hand, or try again later.")
    elif answer.get("source") == "arxiv":
        fields = lookup_fields(answer)
        context["form"] = PaperForm(initial=fields)
        context["fetched"] = {"arxiv_id": fields["arxiv_id"], "version": fields["arxiv_version"]}
    else:
        context["form"] = PaperForm(initial=record_initial(lookup_fields(answer)))
        context["fetched_doi"] = answer["doi"]
    return render(request, "papers/new.html", context)


@require_http_methods(["GET", "POST"])
@permission_required("papers.change_paper")
def paper_edit(request: HttpRequest, key: str) -> HttpResponse:
    paper = pages.get_paper_or_404(key)
    form = PaperForm(
        request.POST if request.method == "POST" else None,
        instance=paper,
        key_editable=paper_key_may_change(request.user),
    )
    status = 400 if form.is_bound else 200
    if form.is_valid():
        try:
            paper_update(
                paper=paper,
                fields=form.paper_fields(),
                topics=form.cleaned_data["topics"],
                by=request.user,
            )
        except PaperChangeRefused as exc:
            form.add_error(None, str(exc))
            status = exc.status_code
        else:
            messages.success(request, "Paper saved.")
            return redirect(paper)
    locked = not paper_may_change(request.user, paper)
    context = {"paper": paper, "form": form, "details_locked": locked}
    return render(request, "papers/edit.html", context, status=status)


@require_POST
@permission_required("papers.change_paper")
def paper_change_revert_view(request: HttpRequest, key: str, change_id: int) -> HttpResponse:
    """An editor sets one field of the paper back to what it was before a change."""
    paper = pages.get_paper_or_404(key)
    change = get_object_or_404(PaperChange, pk=change_id, paper=paper)
    try:
        paper_change_revert(change=change, by=request.user)
    except PaperChangeRefused as exc:
        raise PermissionDenied(str(exc)) from None
    messages.success(request, f"{change.label.capitalize()} set back to what it was.")
    return redirect(paper)


@require_http_methods(["GET", "POST"])
@permission_required("papers.add_paper")
def paper_import(request: HttpRequest) -> HttpResponse:
    """The file is read and written by a background job; its page shows the progress and,
    at the end, the report. The form's one-time token makes a resent form the same job."""
    bound = request.method == "POST"
    form = PaperImportForm(request.POST if bound else None, request.FILES if bound else None)
    if not form.is_valid():
        status = 400 if form.is_bound else 200
        return render(request, "papers/import.html", {"import_form": form}, status=status)
    filename = form.cleaned_data["filename"]
    job, created = job_start(
        kind=IMPORT_JOB,
        title=f"Import of {filename}" if filename else "Reference import",
        by=request.user,
        params={"text": form.cleaned_data["file"], "filename": filename},
        submission=submission_token(request),
    )
    if not created:
        messages.info(request, "This file was already sent: here is its import.")
    return redirect(job)
