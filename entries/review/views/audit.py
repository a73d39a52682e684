"""The evidence audit page: every claim with its marks, the reasons behind them and the
open suggestions, for editors working through an import (see ``entries.review.audit``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.roles import is_editor
from core.htmx import render_page
from core.submissions import submission_token
from entries.models import Evidence
from entries.review.audit import audit_claims, audit_counts, audit_rows, topics_with_entries
from entries.tasks import REAUDIT_JOB
from jobs.services import job_start
from wiki.models import Concept

AUDIT_PAGE_SIZE = 50


def _refuse(request: HttpRequest, title: str, message: str, status: int) -> HttpResponse:
    context = {"title": title, "message": message, "is_editor": True}
    return render(request, "entries/message.html", context, status=status)


def _filters(request: HttpRequest, query) -> tuple[Concept | None, str] | HttpResponse:
    """The topic and evidence level asked for by an editor, or the page refusing them."""
    if not is_editor(request.user):
        raise PermissionDenied("Only editors see the evidence audit.")
    slug = query.get("topic", "").strip()
    topic = Concept.objects.filter(slug=slug).only("title", "slug").first() if slug else None
    if slug and topic is None:
        return _refuse(request, "No such topic", f"No topic has the slug “{slug[:100]}”.", 404)
    evidence = query.get("evidence", "").strip()
    if evidence and evidence not in Evidence.values:
        levels = ", ".join(Evidence.values)
        return _refuse(
            request, "No such evidence level", f"The evidence level must be one of {levels}.", 400
        )
    return topic, evidence


@login_required
@require_GET
def evidence_audit(request: HttpRequest) -> HttpResponse:
    filters = _filters(request, request.GET)
    if isinstance(filters, HttpResponse):
        return filters
    topic, evidence = filters
    claims = audit_claims(topic=topic, evidence=evidence or None)
    page = Paginator(claims, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "rows": audit_rows(page.object_list),
        "page": page,
        "topic": topic,
        "evidence": evidence,
        "evidence_label": Evidence(evidence).label if evidence else "",
        "counts": audit_counts(audit_claims(topic=topic)),
        "topics": topics_with_entries(),
        "evidence_choices": Evidence.choices,
    }
    return render_page(request, "entries/audit.html", context)


@login_required
@require_POST
def evidence_reaudit(request: HttpRequest) -> HttpResponse:
    """Start a re-audit of the claims the page shows (its topic and level) as a job, and
    follow it on its page: every claim read again by the current rules, in the background."""
    filters = _filters(request, request.POST)
    if isinstance(filters, HttpResponse):
        return filters
    topic, evidence = filters
    scope = [topic.title] if topic else []
    scope += [f"marked {Evidence(evidence).label}"] if evidence else []
    job, _ = job_start(
        kind=REAUDIT_JOB,
        title=": ".join(["Evidence re-audit", ", ".join(scope)]) if scope else "Evidence re-audit",
        by=request.user,
        params={"topic": topic.slug if topic else "", "evidence": evidence},
        submission=submission_token(request),
    )
    return redirect(job)
