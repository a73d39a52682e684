"""A results table as HTML, for a concept's results and a benchmark's page.

A compact table (one line a group: its bests, its size, its "Show all" link) is rendered a
line at a time, each line kept under a digest of exactly what it shows
(``core.cache.cached_parts``, as the entry page's claims): its protocol, measure, unit,
size and link, and its bests' values, models, levels, claims and whether they are
contested. A mark of a claim whose result a page shows builds the page's body again, but
renders only the lines whose bests it changed; the others are read from the cache. The
sections around the lines (a benchmark's name, address and direction) are one small
template. A full table (a group alone, or a small page) is rendered whole.
"""

from __future__ import annotations

from itertools import groupby

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from core.cache import cached_parts, data_digest
from results.selectors import Group, Row, Table, contested_ids

# The name changes with the lines' markup, so no line of an older layout is reused.
BEST_LINES = "results-best-line-1"


def table_html(table: Table, *, alone: bool, query: str = "") -> SafeString:
    contested = contested_ids(table.shown)
    context = {"groups": table.groups, "compact": table.compact, "alone": alone, "query": query}
    if table.compact:
        context["sections"] = _sections(table.groups, contested)
    else:
        context["contested"] = contested
    return mark_safe(render_to_string("results/_table.html", context))  # escaped by it


def _sections(groups: list[Group], contested: set[int]) -> list[dict]:
    """Each benchmark with the HTML of its groups' lines, in the table's order."""
    digests = {n: data_digest(_shown(group, contested)) for n, group in enumerate(groups)}

    def render(missing: list[int]) -> dict[int, str]:
        return {
            n: render_to_string(
                "results/_best_line.html", {"group": groups[n], "contested": contested}
            )
            for n in missing
        }

    lines = cached_parts(BEST_LINES, digests, render)
    numbered = groupby(enumerate(groups), key=lambda item: item[1].benchmark)
    return [
        {"benchmark": benchmark, "lines_html": mark_safe("".join(lines[n] for n, _ in its))}
        for benchmark, its in numbered
    ]  # each line rendered, escaped, by its template


def _shown(group: Group, contested: set[int]) -> tuple:
    """Everything ``results/_best_line.html`` shows of a group."""

    def best(row: Row | None) -> tuple | None:
        if row is None:
            return None
        return (row.value_display, row.model, row.evidence, row.claim_url, row.pk in contested)

    return (
        group.protocol,
        group.metric,
        group.unit,
        group.total,
        group.more_url,
        best(group.best),
        best(group.best_full_text),
    )
