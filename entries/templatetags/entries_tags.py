from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from entries.models import EntryStatus, Evidence

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
            (value, _SELECTED if value == selected else "", label)
            for value, label in Evidence.choices
        ),
    )


@register.simple_tag
def caveat_checkboxes(caveats: Iterable, checked_ids: set[int]) -> SafeString:
    """One checkbox per caveat of the vocabulary, the claim's own checked."""
    return format_html_join(
        "",
        '<label class="check" title="{}"><input type="checkbox" name="caveats" value="{}"{}> {}'
        "</label>",
        ((c.description, c.pk, _CHECKED if c.pk in checked_ids else "", c.name) for c in caveats),
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
