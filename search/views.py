"""One search box over concepts, papers and entries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET

from core.htmx import render_page, wants_fragment
from search import selectors

KIND_TABS = [("all", "All"), ("concepts", "Concepts"), ("papers", "Papers"), ("entries", "Entries")]


@require_GET
def search(request: HttpRequest) -> HttpResponse:
    """An exact arXiv id opens its paper; anything else lists the matches of every kind."""
    text = request.GET.get("q", "")
    kind = request.GET.get("kind", "all")
    paper = selectors.exact_paper(text) if text and not wants_fragment(request) else None
    if paper is not None:
        return redirect(paper)
    results = selectors.search(text, kind=kind)
    return render_page(request, "search/results.html", {"results": results, "kinds": KIND_TABS})
