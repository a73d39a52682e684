from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from entries.models import (
    EVIDENCE_BADGE,
    EVIDENCE_PICK_ORDER,
    EVIDENCE_SHORT,
    EntryStatus,
    Evidence,
)

register = template.Library()


# The review controls repeat for every claim of every entry an editor opens: these two
# are built in one pass rather than by a template loop apiece.
_SELECTED, _CHECKED = mark_safe(" selected"), mark_safe(" checked")


@register.simple_tag
def evidence_options(selected: str) -> SafeString:
    """The options of a claim's evidence select, its level selected."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        (
            (value, _SELECTED if value == selected else "", Evidence(value).label)
            for value in EVIDENCE_PICK_ORDER
        ),
    )


@register.simple_tag
def caveat_checkboxes(caveats: Iterable, checked_ids: set[int], claim_pk: int = 0) -> SafeString:
    """One checkbox per caveat of the vocabulary, the claim's own checked (named
    ``claim-<pk>-caveats`` for a claim's mark form, else ``caveats``)."""
    name = f"claim-{claim_pk}-caveats" if claim_pk else "caveats"
    return format_html_join(
        "",
        '<label class="check" title="{}"><input type="checkbox" name="{}" value="{}"{}> {}</label>',
        (
            (c.description, name, c.pk, _CHECKED if c.pk in checked_ids else "", c.name)
            for c in caveats
        ),
    )


@register.filter
def any_suggestions(claims: Iterable) -> bool:
    """Whether any claim (decorated for review) has a suggestion left."""
    return any(getattr(claim, "suggestions", None) for claim in claims)


@register.filter
def paper_cite(paper) -> str:
    """How a claim names its source: "Agarwal et al. 2023" (the id and title go in the
    link's title, on hover)."""
    return "" if paper is None else paper.cite_label


@register.filter
def status_label(value: str) -> str:
    return EntryStatus(value).label if value in EntryStatus.values else value


@register.filter
def evidence_badge(value: str) -> str:
    """A level as readers read it on a badge ("not yet marked" for "unmarked")."""
    return EVIDENCE_BADGE.get(value, value)


@register.filter
def evidence_tooltip(value: str) -> str:
    """The badge's tooltip: the level and what it means."""
    return f"Evidence: {EVIDENCE_BADGE.get(value, value)}, {EVIDENCE_SHORT.get(value, '')}"


@register.filter
def mark_change(detail: dict) -> dict:
    """A "changed a mark" event's detail, ready to show: labels instead of stored values,
    and the caveats added and removed."""
    evidence = detail.get("evidence") or {}
    caveats = detail.get("caveats") or {}
    before, after = set(caveats.get("from") or ()), set(caveats.get("to") or ())
    return {
        "position": detail.get("position"),
        "text": detail.get("text", ""),
        "evidence_from": EVIDENCE_BADGE.get(evidence.get("from"), evidence.get("from")),
        "evidence_to": EVIDENCE_BADGE.get(evidence.get("to"), evidence.get("to")),
        "evidence_changed": evidence.get("from") != evidence.get("to"),
        "added": sorted(after - before),
        "removed": sorted(before - after),
        "reason": detail.get("reason", ""),
    }
