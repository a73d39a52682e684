from __future__ import annotations

from collections.abc import Iterable

from django import template

from entries.models import EntryStatus, Evidence

register = template.Library()


@register.simple_tag
def evidence_choices() -> list[tuple[str, str]]:
    return list(Evidence.choices)


@register.filter
def any_suggestions(claims: Iterable) -> bool:
    """Whether any claim (decorated for review) has a suggestion left."""
    return any(getattr(claim, "suggestions", None) for claim in claims)


@register.filter
def paper_cite(paper) -> str:
    """How a claim names its source: arXiv:2601.04211v2, or the title."""
    if paper is None:
        return ""
    if paper.arxiv_id:
        version = f"v{paper.arxiv_version}" if paper.arxiv_version else ""
        return f"arXiv:{paper.arxiv_id}{version}"
    return paper.title if len(paper.title) <= 60 else paper.title[:59] + "…"


@register.filter
def status_label(value: str) -> str:
    return EntryStatus(value).label if value in EntryStatus.values else value
