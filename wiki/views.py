"""Concepts: index, create, edit (with live preview and merge), history, diff, revert,
review of pending revisions. The concept page itself, which gathers
entries and results, is ``pages.views.concept_detail``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.roles import can_contribute, is_editor
from core.cache import cache_page_for_anonymous
from core.diff import diff_inline, diff_text
from core.htmx import render_page, vary_on_htmx, wants_fragment
from core.http import safe_next
from core.markdown import render_markdown
from core.submissions import submission_finish, submission_start
from wiki import selectors as queries
from wiki import services, workflow
from wiki.concept_links import links_changes, links_of, revision_links
from wiki.forms import (
    CompareForm,
    ConceptForm,
    ConceptLinksForm,
    KeyPaperFormSet,
    PreviewForm,
    RejectForm,
    key_paper_initial,
)
from wiki.merge import EditConflict
from wiki.models import Concept, Revision, RevisionStatus

KEY_PAPERS_TOTAL = "key_papers-TOTAL_FORMS"  # present when the form carried the key papers


def _concept(request: HttpRequest, slug: str, view: str) -> Concept | HttpResponse:
    return concept_or_redirect(request, view, queries.concept_by_slug(slug))


def concept_or_redirect(
    request: HttpRequest, view: str, found: tuple[Concept | None, Concept | None]
) -> Concept | HttpResponse:
    """The concept behind a slug, given ``found`` (concept, the concept an alias names): an
    alias redirects to the same page of its concept; a page nobody may see yet is a 404."""
    concept, aliased = found
    if aliased is not None:
        url = reverse(f"wiki:{view}", kwargs={"slug": aliased.slug})
        query = request.META.get("QUERY_STRING")
        return redirect(f"{url}?{query}" if query else url)
    if concept is None or not queries.concept_visible(concept, request.user):
        raise Http404("No such concept.")
    return concept


def _require_contributor(request: HttpRequest) -> None:
    if not can_contribute(request.user):
        raise PermissionDenied("Only contributors and editors can change concepts.")


def _revision(request: HttpRequest, concept: Concept, number: int) -> Revision:
    visible = queries.revisions_visible(concept, request.user).select_related("author")
    return get_object_or_404(visible, number=number)


@require_GET
@cache_page_for_anonymous
def concept_index(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")[:200]
    context = {"concepts": queries.concepts_for_index(query), "q": query}
    return render_page(request, "wiki/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def concept_new(request: HttpRequest) -> HttpResponse:
    _require_contributor(request)
    data = request.POST or None
    initial = {"title": request.GET.get("title", "")[:200]}
    form = ConceptLinksForm(data, initial=initial, concept=None)
    with_links = data is not None and KEY_PAPERS_TOTAL in data
    key_papers = KeyPaperFormSet(data if with_links else None, prefix="key_papers")
    if request.method == "POST" and "preview" not in request.POST:
        # Before validating: a resent form's title is taken by the page its first send made.
        if (replay := submission_start(request)) is not None:
            return replay
        concept = None
        try:
            concept = _concept_create(request, form, key_papers if with_links else None)
        finally:
            submission_finish(request, concept.get_absolute_url() if concept else None)
        if concept is not None:
            _saved_message(request, concept.revisions.get(number=1))
            return redirect(concept)
    return _edit_form(request, form, concept=None, key_papers=key_papers)


def _concept_create(
    request: HttpRequest, form: ConceptLinksForm, key_papers: KeyPaperFormSet | None
) -> Concept | None:
    """The page the form makes, or None with the reason added to the form. ``key_papers``:
    the formset when the form carried it (with related concepts and aliases)."""
    if not form.is_valid() or (key_papers is not None and not key_papers.is_valid()):
        return None
    data = form.cleaned_data
    try:
        return services.concept_create(
            title=data["title"],
            summary=data["summary"],
            body=data["body"],
            author=request.user,
            edit_summary=data["edit_summary"] or "Created the page",
            links=form.links(key_papers.key_papers()) if key_papers is not None else None,
        )
    except services.ConceptError as error:
        form.add_error(None, str(error))
    except IntegrityError:  # the same title created a moment ago by someone else
        form.add_error("title", "A concept with this title was created just now.")
    return None


@login_required
@require_http_methods(["GET", "POST"])
def concept_edit(request: HttpRequest, slug: str) -> HttpResponse:
    concept = _concept(request, slug, "edit")
    if isinstance(concept, HttpResponse):
        return concept
    _require_contributor(request)
    start = concept.current_revision or concept.revisions.order_by("-number").first()
    initial = {"title": start.title, "summary": start.summary, "body": start.body}
    initial["base_revision"] = start.number
    links = links_of(concept)
    initial.update(related=list(links.related), aliases="\n".join(links.aliases))
    data = request.POST or None
    form = ConceptLinksForm(data, initial=initial, concept=concept)
    # A post without the key papers' rows (an older form, a script) leaves all three as
    # they are, rather than reading the missing fields as "remove them all".
    with_links = data is not None and KEY_PAPERS_TOTAL in data
    key_papers = KeyPaperFormSet(
        data if with_links else None, initial=key_paper_initial(concept), prefix="key_papers"
    )
    valid = form.is_valid() and (not with_links or key_papers.is_valid())
    if request.method == "POST" and valid and "preview" not in request.POST:
        data = form.cleaned_data
        base = concept.revisions.filter(number=data["base_revision"] or 0).first()
        try:
            revision = services.concept_edit(
                concept=concept,
                author=request.user,
                title=data["title"],
                summary=data["summary"],
                body=data["body"],
                edit_summary=data["edit_summary"],
                base_revision=base,
                links=form.links(key_papers.key_papers()) if with_links else None,
            )
        except EditConflict as conflict:
            return _conflict(request, concept, form, conflict, key_papers=key_papers)
        except services.NothingChanged as error:
            messages.info(request, str(error))
            return redirect(concept)
        except services.ConceptError as error:
            form.add_error(None, str(error))
        else:
            _saved_message(request, revision)
            return redirect(concept)
    return _edit_form(request, form, concept=concept, preview=start.html, key_papers=key_papers)


def _edit_form(
    request: HttpRequest,
    form: ConceptForm,
    *,
    concept: Concept | None,
    preview: str = "",
    key_papers: KeyPaperFormSet | None = None,
) -> HttpResponse:
    if form.is_bound and form.is_valid():
        preview = render_markdown(form.cleaned_data["body"]).html
    invalid = form.is_bound and not (
        form.is_valid() and (key_papers is None or key_papers.is_valid())
    )
    context = {"form": form, "concept": concept, "preview": preview, "key_papers": key_papers}
    return render(request, "wiki/edit.html", context, status=400 if invalid else 200)


def _conflict(
    request: HttpRequest,
    concept: Concept,
    form: ConceptForm,
    conflict: EditConflict,
    *,
    key_papers: KeyPaperFormSet,
) -> HttpResponse:
    """Nothing was saved: the user's text, key papers, related concepts and aliases stay in
    the form, now based on the current revision, with the current text beside it."""
    data = {**form.cleaned_data, "base_revision": conflict.current.number}
    data.update(related=list(data["related"]), aliases="\n".join(data["aliases"]))
    context = {
        "form": ConceptLinksForm(initial=data, concept=concept),
        "key_papers": key_papers,
        "concept": concept,
        "conflict": conflict,
        "current": conflict.current,
        "conflict_diff": diff_text(conflict.current.body, conflict.mine.body),
        "preview": render_markdown(conflict.mine.body).html,
    }
    return render(request, "wiki/edit.html", context, status=409)


def _saved_message(request: HttpRequest, revision: Revision) -> None:
    if revision.is_pending:
        # The concept page itself says the change is waiting for review, on every visit
        # until it is decided: a message saying it again would be a second banner.
        return
    if revision.merged:
        messages.success(
            request,
            f"The page changed while you were editing. Your edit was merged with those "
            f"changes and saved as revision {revision.number}.",
        )
    else:
        messages.success(request, f"Saved revision {revision.number}.")


@login_required
@require_POST
def concept_preview(request: HttpRequest) -> HttpResponse:
    _require_contributor(request)
    form = PreviewForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("The text is too long to preview.")
    html = render_markdown(form.cleaned_data["body"]).html
    return render(request, "wiki/edit.html#preview", {"preview": html})


@require_GET
def concept_history(request: HttpRequest, slug: str) -> HttpResponse:
    concept = _concept(request, slug, "history")
    if isinstance(concept, HttpResponse):
        return concept
    page = queries.history_page(concept, request.user, request.GET.get("page"))
    context = {"concept": concept, "page": page, "revisions": page.object_list}
    return render_page(request, "wiki/history.html", context, fragment="revisions")


@require_GET
def concept_diff(request: HttpRequest, slug: str) -> HttpResponse:
    concept = _concept(request, slug, "diff")
    if isinstance(concept, HttpResponse):
        return concept
    form = CompareForm(request.GET)
    if not form.is_valid():
        messages.error(request, "Choose two revisions to compare.")
        return render(request, "wiki/diff.html", {"concept": concept, "form": form}, status=400)
    numbers = sorted([form.cleaned_data["a"], form.cleaned_data["b"]])
    old, new = (_revision(request, concept, n) for n in numbers)
    context = {
        "concept": concept,
        "old": old,
        "new": new,
        "title_diff": diff_inline(old.title, new.title),
        "summary_diff": diff_inline(old.summary, new.summary),
        "body_diff": diff_text(old.body, new.body),
        "links_changes": links_changes(revision_links(old), revision_links(new)),
        "links_unrecorded": old.links is None or new.links is None,
    }
    response = render_page(request, "wiki/diff.html", context, fragment="diff")
    if wants_fragment(request):
        # Opened inline from the history: the address bar takes the comparison's own URL,
        # older revision first, whatever order the form sent.
        url = reverse("wiki:diff", kwargs={"slug": concept.slug})
        response["HX-Push-Url"] = f"{url}?a={old.number}&b={new.number}"
    return response


@require_GET
def revision_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    concept = _concept(request, slug, "concept")
    if isinstance(concept, HttpResponse):
        return concept
    revision = _revision(request, concept, number)
    return render(request, "wiki/revision.html", {"concept": concept, "revision": revision})


@login_required
@require_http_methods(["GET", "POST"])
def revision_revert(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """GET: what reverting would change (the current text against revision ``number``) and
    a button to confirm. POST: the revert, refused if the page moved on since that GET."""
    concept = _concept(request, slug, "concept")
    if isinstance(concept, HttpResponse):
        return concept
    _require_contributor(request)
    old = _revision(request, concept, number)
    if request.method == "GET":
        return _revert_confirm(request, concept, old)
    try:
        seen_current = int(request.POST.get("current", ""))
    except ValueError:
        return HttpResponseBadRequest("Open the revert page again: it says which text you saw.")
    try:
        revision = services.revision_revert(
            revision=old, by=request.user, seen_current=seen_current
        )
    except services.ConceptError as error:
        messages.error(request, str(error))
        return redirect("wiki:history", slug=concept.slug)
    _saved_message(request, revision)
    return redirect(concept)


def _revert_confirm(request: HttpRequest, concept: Concept, target: Revision) -> HttpResponse:
    current = concept.current_revision
    if target.status != RevisionStatus.PUBLISHED or current is None or current.pk == target.pk:
        messages.error(request, f"Revision {target.number} cannot be restored: pick another.")
        return redirect("wiki:history", slug=concept.slug)
    context = {
        "concept": concept,
        "current": current,
        "target": target,
        "title_diff": diff_inline(current.title, target.title),
        "summary_diff": diff_inline(current.summary, target.summary),
        "body_diff": diff_text(current.body, target.body),
        "links_changes": links_changes(revision_links(current), revision_links(target)),
        "pending_review": not is_editor(request.user),
    }
    return render(request, "wiki/revert.html", context)


@login_required
@require_POST
def revision_approve(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _review(request, slug, number, approve=True)


@login_required
@require_POST
def revision_reject(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _review(request, slug, number, approve=False)


def _review(request: HttpRequest, slug: str, number: int, *, approve: bool) -> HttpResponse:
    if not is_editor(request.user):
        raise PermissionDenied("Only editors review concept revisions.")
    concept = get_object_or_404(Concept, slug=slug)
    revision = get_object_or_404(
        Revision.objects.select_related("concept", "author", "base_revision"),
        concept=concept,
        number=number,
    )
    form = RejectForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("The comment is too long (2,000 characters at most).")
    try:
        if approve:
            done = workflow.revision_approve(revision=revision, by=request.user)
        else:
            done = workflow.revision_reject(
                revision=revision, by=request.user, comment=form.cleaned_data["comment"]
            )
    except (services.ConceptError, EditConflict) as error:
        if wants_fragment(request):
            pending = queries.revisions_pending().filter(pk=revision.pk).first() or revision
            context = {"revision": pending, "review_error": str(error)}
            return vary_on_htmx(render(request, "wiki/_pending_revision.html", context))
        messages.error(request, str(error))
        return redirect(safe_next(request, concept.get_absolute_url()))
    context = {"revision": revision, "result": done, "approved": approve}
    if wants_fragment(request):
        if safe_next(request, "").startswith(reverse("entries:review")):
            # Reviewed in the queue: its count of waiting revisions drops with the card.
            context["queue_count"] = queries.revisions_pending().count()
        return vary_on_htmx(render(request, "wiki/_review_done.html", context))
    verb = "Approved" if approve else "Rejected"
    messages.success(request, f"{verb} revision {revision.number} of “{concept.title}”.")
    return redirect(safe_next(request, concept.get_absolute_url()))
