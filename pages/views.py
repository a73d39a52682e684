"""Pages that gather several domains: the concept page (its body, State of the Art
entries with their claims, evidence mix and best results) and the paper page (a paper with
the claims that cite it)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts.roles import can_contribute, is_editor, page_roles
from core.cache import cache_page_for_anonymous, today
from core.chrome import render_for_person
from core.htmx import render_page, wants_fragment
from pages import paper_page
from pages.concept_page import PAGE, abstract_mode, concept_page_shared
from papers import selectors as library
from papers.citations import FORMATS, citations_download
from papers.forms import PaperTopicsForm
from papers.services import paper_set_topics
from papers.views import permission_required
from wiki.selectors import revisions_pending
from wiki.views import concept_or_redirect


@require_GET
@cache_page_for_anonymous
def concept_detail(request: HttpRequest, slug: str) -> HttpResponse:
    user = request.user
    editor = is_editor(user)
    # One cache read brings the concept and the page's shared part for this role and day.
    shared = concept_page_shared(
        slug, contributor=can_contribute(user), editor=editor, today=today()
    )
    concept = concept_or_redirect(request, "concept", (shared["concept"], shared["alias"]))
    if isinstance(concept, HttpResponse):
        return concept
    # Only the person's own notices are worked out per request, from the shared part.
    mine = user.is_authenticated and not editor
    own = [n for n, author in shared["pending"] if mine and author == user.pk]
    # The shared part says whether any revision waits; only then does an editor's list cost.
    pending = revisions_pending().filter(concept=concept) if editor and shared["pending"] else []
    context = {
        "concept": concept,
        "revision": shared["revision"],
        "shared": shared,
        "own_pending": [{"number": number} for number in own],
        "pending_revisions": list(pending),
    }
    # The choice is part of the address, so the page caches keep each one apart.
    context["abstract_mode"], context["error"] = abstract_mode(request.GET)
    if context["error"] or not user.is_authenticated:
        return render(request, PAGE, context, status=400 if context["error"] else 200)
    # The rest of a signed-in page is the same for everyone with the same roles; with no
    # revision waiting, it holds no notice for anybody.
    personal = bool(context["own_pending"] or context["pending_revisions"])
    return render_for_person(
        request, PAGE, context, roles=page_roles(user), personal=personal,
        everyone=not shared["pending"],
    )  # fmt: skip


@require_GET
@cache_page_for_anonymous
def paper_detail(request: HttpRequest, key: str) -> HttpResponse:
    paper = library.get_paper_or_404(key)
    if request.path != paper.get_absolute_url():
        query = f"?{request.GET.urlencode()}" if request.GET else ""
        return redirect(paper.get_absolute_url() + query, permanent=True)
    fmt = FORMATS.get(request.GET.get("format", ""))
    if fmt is not None:
        return citations_download([library.with_topics(paper)], fmt, library.bib_filename(paper))
    return render(request, paper_page.PAGE, paper_page.paper_page_context(request, paper))


@require_http_methods(["GET", "POST"])
@permission_required("papers.change_paper")
def paper_topics(request: HttpRequest, key: str) -> HttpResponse:
    """The paper's topic chips, edited in place (htmx) or on the paper page (no JS)."""
    paper = library.get_paper_or_404(key)
    data = request.POST if request.method == "POST" else None
    form = PaperTopicsForm(data, initial={"topics": list(paper.topics.published())})
    if form.is_valid():
        paper_set_topics(paper=paper, topics=form.cleaned_data["topics"])
        if not wants_fragment(request):
            messages.success(request, "Topics saved.")
            return redirect(paper)
    status = 400 if form.is_bound and not form.is_valid() else 200
    context = {} if wants_fragment(request) else paper_page.paper_page_context(request, paper)
    context |= {
        "paper": paper,
        "topics": list(paper.topics.published()),
        "topics_form": form,
        "editing_topics": not form.is_valid() and "show" not in request.GET,
    }
    return render_page(request, paper_page.PAGE, context, fragment="topics", status=status)
