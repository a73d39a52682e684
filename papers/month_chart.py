"""Papers per month: the chart on the papers list (following its filter) and on topic
pages. Its data and, for the list, its rendered HTML are cached per library version and
filter (``core.cache.cached_library``), so the list pays for them once per change of the
library, and not after a write elsewhere (a mark, an entry)."""

from __future__ import annotations

from calendar import monthrange
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlencode

from django.db.models import Count, QuerySet
from django.db.models.functions import TruncMonth
from django.http import QueryDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from core.cache import cached_library
from core.charts import Mark, Tick, month_back, month_bars, months_between
from papers.filters import NEWEST, SORTS, PaperFilter
from papers.models import Paper
from papers.selectors import _pairs, filter_digest, with_defaults
from wiki.models import Concept

CHART_MONTHS = 36  # the newest three years of the set; older months are in the list
OLDEST = SORTS["oldest"]
LIST_CHART = {
    "chart_id": "papers-per-month",
    "title": "Papers per month",
    "empty": "None of these papers has a publication date.",
}


@dataclass(frozen=True)
class MonthChart:
    bars: list[Mark]
    ticks: list[Tick]
    total: int  # papers in the months shown
    first: date | None = None
    last: date | None = None
    # The set also has papers the chart does not draw: published before its first month
    # (it shows CHART_MONTHS at most), or with no date. The caption says so, so that its
    # count and the list's never seem to disagree.
    older: bool = False
    undated: bool = False


def papers_per_month(
    papers: Callable[[], QuerySet[Paper]], params: QueryDict, *, version: str | None = None
) -> MonthChart:
    """The papers of ``papers()`` (the list filtered by ``params``) per month of
    publication, each bar linking to the list with ``params`` narrowed to that month.

    Two queries: the newest date (the list's own sort index), then one GROUP BY over the
    CHART_MONTHS months up to it. Cached per library version (``version`` when the
    caller read it first) and filter (the sort too: the bars' links keep it)."""
    name = f"papers-per-month:{filter_digest(params)}"
    return cached_library(name, lambda: _per_month(papers(), params), version=version)


def papers_per_month_html(
    papers: Callable[[], QuerySet[Paper]], params: QueryDict, *, version: str | None = None
) -> SafeString:
    """The list's chart as HTML (``_charts.html#months``), rendered once per library
    version and filter: drawing three years of bars with their links and table is a
    template's worth of work on every page otherwise. The chart's data is not kept apart:
    it is missing exactly when this HTML is."""

    def render() -> str:
        chart = _per_month(papers(), params)
        return render_to_string("_charts.html#months", {"chart": chart, **LIST_CHART})

    name = f"papers-per-month-html:{filter_digest(params)}"
    html = cached_library(name, render, version=version)
    return mark_safe(html)  # rendered by the template, which escaped every value


def _per_month(papers: QuerySet[Paper], params: QueryDict) -> MonthChart:
    dated = papers.exclude(published=None)
    newest = dated.order_by(*NEWEST).values_list("published", flat=True).first()
    if newest is None:
        return MonthChart(bars=[], ticks=[], total=0)
    start = month_back(newest, CHART_MONTHS - 1)
    rows = (
        dated.filter(published__gte=start)
        .order_by()
        .annotate(month=TruncMonth("published"))
        .values_list("month")
        .annotate(n=Count("pk"))
    )
    counts = {_as_date(month): n for month, n in rows}
    months = months_between(min(counts), newest)
    bars, ticks = month_bars([(m, counts.get(m, 0), _month_url(params, m)) for m in months])
    return MonthChart(
        bars=bars,
        ticks=ticks,
        total=sum(counts.values()),
        first=months[0],
        last=months[-1],
        # Read along the list's date index, as the newest date is: never a count.
        older=dated.order_by(*OLDEST).values_list("published", flat=True).first() < start,
        undated=papers.filter(published=None).exists(),
    )


def _as_date(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


def _month_url(params: QueryDict, month: date) -> str:
    """The list narrowed to ``month`` (within any date range already in force)."""
    end = date(month.year, month.month, monthrange(month.year, month.month)[1])
    after, before = _date_param(params, "published_after"), _date_param(params, "published_before")
    bounds = [
        ("published_after", max(month, after) if after else month),
        ("published_before", min(end, before) if before else end),
    ]
    pairs = _pairs(params, drop=("published_after", "published_before"))
    pairs += [(name, day.isoformat()) for name, day in bounds]
    return reverse("papers:list") + "?" + urlencode(pairs)


def _date_param(params: QueryDict, name: str) -> date | None:
    try:
        return date.fromisoformat(params.get(name, "").strip())
    except ValueError:
        return None


def topic_papers_per_month(topic: Concept) -> MonthChart:
    """A topic's papers per month: the list's chart for ``?topic=<slug>``."""
    params = QueryDict(mutable=True)
    params["topic"] = topic.slug
    return papers_per_month(lambda: PaperFilter(data=with_defaults(params)).qs, params)
