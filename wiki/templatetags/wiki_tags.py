from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from core.diff import diff_inline, diff_text
from core.markdown import render_summary
from wiki.concept_links import links_changes, links_of, revision_links
from wiki.models import Revision
from wiki.staleness import staleness_of
from wiki.workflow import may_approve

register = template.Library()


@register.filter
def summary_html(text: str) -> SafeString:
    """A summary shown as written, its ``$…$`` formulas as math (``core.markdown``)."""
    return mark_safe(render_summary(str(text or "")))  # escaped and sanitised there


@register.simple_tag
def revision_changes(revision: Revision) -> dict[str, object]:
    """What a pending revision changes: word-level diffs of title, summary and body against
    the revision it builds on (or, failing that, the published one). Uses only rows that
    ``revisions_pending()`` already selected, so a long review queue costs no extra queries,
    except for a revision that changes key papers, related concepts or aliases (their names
    are read to say what changed)."""
    base = revision.base_revision
    if base is None:
        current = revision.concept.current_revision
        base = current if current is not None and current.pk != revision.pk else None
    old_title = base.title if base else ""
    old_summary = base.summary if base else ""
    old_body = base.body if base else ""
    return {
        "base": base,
        "title": diff_inline(old_title, revision.title) if old_title != revision.title else None,
        "summary": (
            diff_inline(old_summary, revision.summary) if old_summary != revision.summary else None
        ),
        "body": diff_text(old_body, revision.body),
        "links": _links_changes(revision, base),
    }


def _links_changes(revision: Revision, base: Revision | None) -> list[str]:
    mine = revision_links(revision)
    if mine is None:
        return []
    old = revision_links(base)
    if old is None:
        old = links_of(revision.concept)
    return links_changes(old, mine)


@register.filter
def signed(value: int | None) -> str:
    """A size change as "+120", "\u221245" (a minus sign) or "0"."""
    value = value or 0
    if value > 0:
        return f"+{value:,}"
    if value < 0:
        return f"\u2212{-value:,}"
    return "0"


@register.filter
def size_change(revision: Revision) -> int:
    """Characters added (or removed) relative to the revision this one builds on; needs the
    ``base_size`` annotation of the history and changes queries."""
    return revision.size - (getattr(revision, "base_size", None) or 0)


@register.filter
def staleness(concept):
    """The staleness notice of a concept annotated by wiki.staleness.with_staleness."""
    return staleness_of(concept)


@register.simple_tag
def may_approve_revision(revision: Revision, user) -> bool:
    """Whether the four-eyes rule lets ``user`` approve ``revision`` (for the button)."""
    return user.is_authenticated and may_approve(revision, user)
