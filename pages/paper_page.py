"""The paper page: a paper of the library with the published claims that cite it (with their
evidence, filtered by level or caveat), its topics, people and latest changes. It gathers
papers and entries, so it lives above both; its address and names stay the library's
(/papers/<key>/, "papers:detail", "papers:topics")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from accounts.roles import is_editor
from core.http import absolute_url
from papers import selectors as library
from papers.forms import ClaimFilterForm, PaperTopicsForm
from papers.models import Paper

PAGE = "pages/paper.html"
PAPER_HISTORY = 50  # the paper page's latest changes; every one is in /changes/


def paper_page_context(request: HttpRequest, paper: Paper) -> dict[str, Any]:
    """The paper page: its reads, and the claim filter and topics forms around them."""
    filtering = any(request.GET.get(name) for name in ("evidence", "caveat"))
    claim_filter = ClaimFilterForm(request.GET if filtering else None)
    narrowed = claim_filter.is_bound and claim_filter.is_valid()
    wanted = claim_filter.cleaned_data if narrowed else {}
    context = library.paper_detail(
        paper,
        editor=is_editor(request.user),
        evidence=wanted.get("evidence") or "",
        caveat=wanted.get("caveat") or None,
    )
    context["topics_form"] = PaperTopicsForm(initial={"topics": context["topics"]})
    context["claim_filter"] = claim_filter
    context["claim_filtered"] = narrowed and any(wanted.values())
    context["page_url"] = absolute_url(request, paper.get_absolute_url())
    context["people"] = paper.people
    context["paper_changes"] = list(paper.changes.select_related("actor")[:PAPER_HISTORY])
    context["can_revert"] = is_editor(request.user)
    return context
