"""Papers per month: the chart on the papers list (following its filter) and on topic
pages. Its data and, for the list, its rendered HTML are cached per library version and
filter (``core.cache.cached_library``), so the list pays for them once per change of the
library, and not after a write elsewhere (a mark, an entry).

Its counts come from the database (papers/month_counts.py): for no filter, one topic and
any dates, the papers per month it keeps; for any other filter (words, author, read level,
organisation, two topics), the filter's matches counted by day once and kept with each
month's and day's write stamp, so that after a paper write only the days it wrote are
counted again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlencode

from django.db.models import Count, QuerySet
from django.db.models.functions import TruncMonth
from django.http import QueryDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from core.cache import cached_by_stamps, cached_library, data_digest
from core.charts import Mark, Tick, month_back, month_bars, months_between
from papers.filters import PaperFilter
from papers.models import Paper
from papers.month_counts import LIBRARY, day_stamps, month_counts, month_end, month_stamps
from papers.selectors import _pairs, filter_digest, with_defaults
from wiki.models import Concept

CHART_MONTHS = 36  # the newest three years of the set; older months are in the list
# Filters the month counts do not keep: with any of them, the chart counts the set.
UNCOUNTED = ("q", "author", "read_level", "organisation")
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
    filterset: PaperFilter, params: QueryDict, *, version: str | None = None
) -> MonthChart:
    """The papers of ``filterset`` (the list filtered by ``params``) per month of
    publication, each bar linking to the list with ``params`` narrowed to that month.

    Cached per library version (``version`` when the caller read it first) and filter (the
    sort too: the bars' links keep it)."""
    name = f"papers-per-month:{filter_digest(params)}"
    return cached_library(name, lambda: _per_month(filterset, params), version=version)


def papers_per_month_html(
    filterset: PaperFilter, params: QueryDict, *, version: str | None = None
) -> SafeString:
    """The list's chart as HTML (``_charts.html#months``), rendered once per library
    version and filter: drawing three years of bars with their links and table is a
    template's worth of work on every page otherwise. The chart's data is not kept apart:
    it is missing exactly when this HTML is."""

    def render() -> str:
        chart = _per_month(filterset, params)
        return render_to_string("_charts.html#months", {"chart": chart, **LIST_CHART})

    name = f"papers-per-month-html:{filter_digest(params)}"
    html = cached_library(name, render, version=version)
    return mark_safe(html)  # rendered by the template, which escaped every value


@dataclass(frozen=True)
class _Counted:
    """A filter the month counts answer (papers/month_counts.py): one topic or none, and
    dates."""

    topic: int
    after: date | None
    before: date | None


def _counted(filterset: PaperFilter) -> _Counted | None:
    """What of ``filterset`` the month counts answer; None when it narrows by anything
    they do not keep (words, authors, read level, organisation, two topics or more)."""
    if not filterset.is_valid():
        return None
    data = filterset.form.cleaned_data
    if any(data.get(name) for name in UNCOUNTED) or len(data.get("topic") or ()) > 1:
        return None
    topics = data.get("topic") or ()
    topic = topics[0].pk if topics else LIBRARY
    return _Counted(topic, data.get("published_after"), data.get("published_before"))


def _per_month(filterset: PaperFilter, params: QueryDict) -> MonthChart:
    """The chart from the papers per month the filter has in every month: read from the
    counts the database keeps, or counted (see ``_matches_per_month``)."""
    papers = filterset.qs
    counted = _counted(filterset)
    if counted is not None:
        counts = _kept_per_month(papers, counted)
    elif filterset.is_valid():
        counts = _matches_per_month(filterset, papers)
    else:
        counts = _count_months(papers)
    counts = {month: n for month, n in counts.items() if n}
    if not counts:
        return MonthChart(bars=[], ticks=[], total=0)
    newest = max(counts)
    start = month_back(newest, CHART_MONTHS - 1)
    data = getattr(filterset.form, "cleaned_data", {})
    dated_only = bool(data.get("published_after") or data.get("published_before"))
    return _chart(
        {month: n for month, n in counts.items() if month >= start},
        newest,
        params,
        older=min(counts) < start,
        undated=not dated_only and papers.filter(published=None).exists(),
    )


def _kept_per_month(papers: QuerySet[Paper], counted: _Counted) -> dict[date, int]:
    """From the month counts: one query for the months in the filter's dates, and one
    more for each month its dates cut (counting the list's own set in it)."""
    counts = month_counts(counted.topic, counted.after, counted.before)
    cut = set()
    if counted.after is not None and counted.after.day != 1:
        cut.add(counted.after.replace(day=1))
    if counted.before is not None and counted.before != month_end(counted.before):
        cut.add(counted.before.replace(day=1))
    for month in cut:
        counts[month] = papers.filter(published__gte=month, published__lte=month_end(month)).count()
    return counts


def _matches_per_month(filterset: PaperFilter, papers: QuerySet[Paper]) -> dict[date, int]:
    """A filter the counts do not keep (words, author, …) counts its matches by day once,
    and keeps them with each month's and day's write stamp (``month_counts``): after a
    paper write, only the days it wrote are counted again."""
    data = filterset.form.cleaned_data
    identity = sorted(
        (name, tuple(t.pk for t in value) if name == "topic" else value)
        for name, value in data.items()
        if name != "sort"
    )
    per_day = cached_by_stamps(
        f"papers-day-matches:{data_digest(identity)}",
        month_stamps(),
        day_stamps,
        lambda day: day.replace(day=1),
        lambda days: _count_days(papers, days),
    )
    counts: dict[date, int] = {}
    for day, n in per_day.items():
        counts[day.replace(day=1)] = counts.get(day.replace(day=1), 0) + n
    return counts


def _count_months(papers: QuerySet[Paper]) -> dict[date, int]:
    """``papers`` per month of publication, counted now."""
    rows = (
        papers.exclude(published=None)
        .order_by()
        .annotate(month=TruncMonth("published"))
        .values_list("month")
        .annotate(n=Count("pk"))
    )
    return {_as_date(month): n for month, n in rows}


def _count_days(papers: QuerySet[Paper], days: set[date] | None) -> dict[date, int]:
    """``papers`` per day of publication: on ``days`` only, or on every day."""
    dated = papers.exclude(published=None)
    if days is not None:
        dated = dated.filter(published__in=days)
    rows = dated.order_by().values_list("published").annotate(n=Count("pk"))
    return dict(rows)


def _chart(
    counts: dict[date, int], newest: date, params: QueryDict, *, older: bool, undated: bool
) -> MonthChart:
    months = months_between(min(counts), newest)
    bars, ticks = month_bars([(m, counts.get(m, 0), _month_url(params, m)) for m in months])
    return MonthChart(
        bars=bars,
        ticks=ticks,
        total=sum(counts.values()),
        first=months[0],
        last=months[-1],
        older=older,
        undated=undated,
    )


def _as_date(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


def _month_url(params: QueryDict, month: date) -> str:
    """The list narrowed to ``month`` (within any date range already in force)."""
    end = month_end(month)
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
    return papers_per_month(PaperFilter(data=with_defaults(params)), params)
