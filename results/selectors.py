"""Reads of results sized for a page: the concept's results table (and its CSV/JSON), the
concept page's summary, a benchmark's page, contested results."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from django.db.models import (
    BooleanField,
    Case,
    CharField,
    Count,
    F,
    Func,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.fields.json import KeyTextTransform

from entries.models import Evidence
from evidence import comparable, normalise_protocol
from results.models import (
    CHANGE_MEASURE,
    CHANGE_UNITS,
    Benchmark,
    BenchmarkAlias,
    Direction,
    Result,
    ResultStatus,
    best_of,
    claim_path,
    value_display,
)

COLUMNS = (
    "benchmark",
    "protocol",
    "metric",
    "value",
    "unit",
    "direction",
    "baseline",
    "model",
    "paper",
    "date",
    "evidence",
    "caveats",
    "claim",
)


# The protocol filter's value for results that state none ("" is any protocol).
NO_PROTOCOL = "-"


@dataclass(frozen=True)
class ResultFilter:
    benchmark: str = ""  # a benchmark's slug
    protocol: str = ""  # a protocol key
    evidence: str = ""
    date_from: dt.date | None = None
    date_to: dt.date | None = None


# How many results a group shows on a page (the newest, and its bests): the rest are a
# click away (the group alone) or in the CSV/JSON, so a page stays the same size whatever
# the data.
ROWS_PER_GROUP = 5
ROWS_PER_GROUP_ALONE = 200
# A table of several groups shows their rows while there are at most this many; a bigger one
# shows each group as one line (its bests, its size, the link to its rows), by benchmark.
ROWS_ON_PAGE = 60


@dataclass
class Group:
    benchmark: Benchmark
    protocol: str
    protocol_key: str
    metric: str = ""
    unit: str = ""
    results: list[Result] = field(default_factory=list)  # none in a compact table
    best: Result | Row | None = None  # a light row in a compact table
    best_full_text: Result | Row | None = None
    total: int = 0  # results in the group, shown or not
    more_url: str = ""  # the page of the group alone

    @property
    def hidden(self) -> int:
        return self.total - len(self.results)


@dataclass
class Table:
    groups: list[Group]
    compact: bool = False  # each group one line: its bests and a link to its rows
    benchmarks: list[Benchmark] = field(default_factory=list)  # the filters' choices
    protocols: list[tuple[str, str]] = field(default_factory=list)

    @property
    def shown(self) -> list[Result | Row]:
        """Every result on the page (for the contested badge)."""
        if self.compact:
            bests = (r for g in self.groups for r in (g.best, g.best_full_text) if r)
            return list({r.pk: r for r in bests}.values())
        return [r for g in self.groups for r in g.results]


class Row(NamedTuple):
    """What a table's ranking and the progress chart need of a result, read as one tuple
    (no model instance: a page may read thousands)."""

    pk: int
    benchmark_id: int
    protocol: str
    protocol_key: str
    metric: str
    unit: str
    value: float
    date: dt.date | None
    evidence: str
    written: str | None  # the words of the value ("+8.8"): a change is not a level
    claim_id: int
    entry_id: int
    model: str
    paper_id: int | None
    total: int = 0  # results under its benchmark, protocol, measure name and unit (a table's)

    @property
    def words(self) -> dict[str, str]:
        return {"value": self.written or ""}

    @property
    def value_display(self) -> str:
        return value_display(self.value, self.unit)

    @property
    def claim_url(self) -> str:
        return claim_path(self)


_ROW_FIELDS = (
    "pk",
    "benchmark_id",
    "protocol",
    "protocol_key",
    "metric",
    "unit",
    "value",
    "date",
    "evidence",
    "words__value",
    "claim_id",
    "entry_id",
    "model",
    "paper_id",
)


# The order of a table: by benchmark and protocol, the newest first (the undated last).
_ORDER = ("benchmark__name", "protocol_key", F("date").desc(nulls_last=True), "id")


def _published(
    *, concept=None, benchmark: Benchmark | None = None, filters: ResultFilter | None = None
) -> QuerySet[Result]:
    """Confirmed results of published claims, filtered: each result once (an entry is tagged
    with a concept once), so a group's size counts each result once."""
    qs = Result.objects.published()
    if concept is not None:
        qs = qs.filter(entry_id__in=Result.on_concept(concept))
    if benchmark is not None:
        qs = qs.filter(benchmark=benchmark)
    f = filters or ResultFilter()
    if f.benchmark:
        qs = qs.filter(benchmark__slug=f.benchmark)
    if f.protocol:
        qs = qs.filter(protocol_key="" if f.protocol == NO_PROTOCOL else f.protocol)
    if f.evidence:
        qs = qs.filter(evidence=f.evidence)
    if f.date_from:
        qs = qs.filter(date__gte=f.date_from)
    if f.date_to:
        qs = qs.filter(date__lte=f.date_to)
    return qs


def published_results(
    *, concept=None, benchmark: Benchmark | None = None, filters: ResultFilter | None = None
) -> QuerySet[Result]:
    """Confirmed results of published claims, with what a row shows (two queries)."""
    return (
        _published(concept=concept, benchmark=benchmark, filters=filters)
        .select_related("benchmark", "paper", "claim")
        .defer("paper__abstract", "paper__search_vector")
        .prefetch_related("claim__caveats")
        .order_by(*_ORDER)
        .distinct()
    )


# What ``str.lstrip`` strips, for reading the words of a value in SQL as ``is_change`` does.
_WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
# True for a change ("+8.8", "3x"), which is no level (``models.is_change``), read in SQL: the
# words are not fetched for every result.
_CHANGE = Case(
    When(
        Q(unit__in=CHANGE_UNITS) | Q(written__startswith="+") | Q(metric__iregex=CHANGE_MEASURE),
        then=Value(True),
    ),
    default=Value(False),
    output_field=BooleanField(),
)
_WRITTEN = Func(
    KeyTextTransform("value", "words"),
    Value(_WHITESPACE),
    function="LTRIM",
    output_field=CharField(),
)


class _Ranked(NamedTuple):
    """What ranking reads of each result of a page: narrow, so thousands are read fast."""

    pk: int
    benchmark_id: int
    lower: bool  # the benchmark's direction: lower is better
    protocol_key: str
    metric: str
    unit: str
    value: float
    date: dt.date | None
    evidence: str
    change: bool


def _rank_inputs(results: QuerySet[Result]) -> list[_Ranked]:
    """Every result of ``results`` as ``_Ranked`` (one query, no join but the benchmark's:
    a result carries its claim's level and whether it is published, results/claim_copy.py).
    Its booleans need no conversion on PostgreSQL, so no row is converted there."""
    fields = (
        "pk", "benchmark_id", "lower", "protocol_key", "metric", "unit", "value", "date",
        "evidence", "change",
    )  # fmt: skip
    rows = (
        results.order_by(*_OLDEST)
        .annotate(
            written=_WRITTEN,
            change=_CHANGE,
            lower=Case(
                When(benchmark__direction=Direction.LOWER, then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            ),
        )
        .values_list(*fields)
    )
    return [_Ranked(*values) for values in rows]


# The order ranking reads results in: the oldest first (the undated last), then the first
# written; a chart's series is in this order, and a group's newest are its dated reversed.
_OLDEST = (F("date").asc(nulls_last=True), F("id").asc())
_DATE = attrgetter("date")


def _table_picks(rows: list[_Ranked], *, per_group: int) -> dict[int, int]:
    """The results a table may show, each with its group's size: per benchmark, protocol,
    measure name and unit (as written, compared exactly), the newest ``per_group`` and every
    result equal to the group's best level or best level read in full (``models.best_of``
    picks among them: changes are no levels, the benchmark's direction decides)."""
    groups: dict[tuple, list[_Ranked]] = defaultdict(list)
    for row in rows:
        groups[row.benchmark_id, row.protocol_key, row.metric, row.unit].append(row)
    picked: dict[int, int] = {}
    for members in groups.values():
        dated = [r for r in members if r.date is not None]
        # The newest first, the first written first among equals (a stable sort), then
        # the undated.
        newest = sorted(dated, key=_DATE, reverse=True) + members[len(dated) :]
        sign = 1 if members[0].lower else -1  # smallest is best whatever the direction
        levels = [(sign * r.value, r) for r in members if not r.change]
        best = min((level for level, _ in levels), default=None)
        full = [level for level, r in levels if r.evidence == Evidence.FULL_TEXT]
        best_full = min(full, default=None)
        shown = {r.pk for r in newest[:per_group]}
        shown.update(
            r.pk
            for level, r in levels
            if level == best or (level == best_full and r.evidence == Evidence.FULL_TEXT)
        )
        picked.update(dict.fromkeys(shown, len(members)))
    return picked


def _chart_picks(rows: list[_Ranked], *, lower: bool, per_series: int) -> set[int]:
    """The dated levels a progress chart may draw: each protocol's records (a value better
    than every dated one before it) and its newest ``per_series``. A change ("+2.4 over
    PPO") is no level on the same axis, so it is never drawn."""
    series: dict[str, list[_Ranked]] = defaultdict(list)
    for row in rows:
        if row.date is not None and not row.change:
            series[row.protocol_key].append(row)
    drawn: set[int] = set()
    for members in series.values():  # in ``_OLDEST`` order
        record = None
        for row in members:
            if record is None or (row.value < record if lower else row.value > record):
                drawn.add(row.pk)
                record = row.value
        drawn.update(row.pk for row in members[-per_series:])
    return drawn


def _rows(picked: Iterable[int], totals: dict[int, int]) -> list[Row]:
    """The ``picked`` results as light rows in the table's order, each with its group's size
    from ``totals`` (one query)."""
    fetched = Result.objects.filter(pk__in=list(picked)).order_by(*_ORDER)
    return [
        _row((*values, totals.get(values[0], 0))) for values in fetched.values_list(*_ROW_FIELDS)
    ]


def _row(values: tuple) -> Row:
    """A light row from ``_ROW_FIELDS`` (and the group's size)."""
    written = values[9] if isinstance(values[9], str) else None
    return Row(*values[:9], written, *values[10:])


def _ranked(results: QuerySet[Result], *, per_group: int) -> list[Row]:
    """In the table's order, the results a table of ``results`` may show, as light rows
    (``_table_picks``). Two queries whatever the number of results."""
    totals = _table_picks(_rank_inputs(results), per_group=per_group)
    return _rows(totals, totals)


def _grouped(ranked: list[Row], *, per_group: int, compact_over: int | None) -> Table:
    """``ranked`` by benchmark and protocol (never merged), then by measure (its name folded)
    and unit: the database ranked each spelling of a measure apart, so a group's newest and
    bests are among ``ranked``, and ``best_of`` over them is the best of the whole group.
    The rows a table shows are loaded as models (three queries), unless there are more than
    ``compact_over``: then the table is compact, its groups' bests light rows."""
    keyed: dict[tuple[int, str, str, str], list[Row]] = {}
    measures: dict[str, str] = {}  # a measure's name folded, once per name
    for row in ranked:
        measure = measures.get(row.metric)
        if measure is None:
            measure = measures[row.metric] = normalise_protocol(comparable(row.metric))
        keyed.setdefault((row.benchmark_id, row.protocol_key, measure, row.unit), []).append(row)
    benchmarks = Benchmark.objects.in_bulk({key[0] for key in keyed})
    groups = []
    for (benchmark_id, *_), members in keyed.items():
        benchmark = benchmarks[benchmark_id]
        best = best_of(members, benchmark.direction)
        best_full = best_of(
            [r for r in members if r.evidence == Evidence.FULL_TEXT], benchmark.direction
        )
        shown = members[:per_group]
        shown += [r for r in dict.fromkeys((best, best_full)) if r is not None and r not in shown]
        first = members[0]
        groups.append(
            Group(
                benchmark,
                first.protocol,
                first.protocol_key,
                first.metric,
                first.unit,
                results=sorted(shown, key=members.index),
                best=best,
                best_full_text=best_full,
                total=sum({row.metric: row.total for row in members}.values()),
            )
        )
    if compact_over is not None and sum(len(g.results) for g in groups) > compact_over:
        for group in groups:
            group.results = []
        return Table(groups, compact=True)
    loaded = (
        Result.objects.filter(pk__in=[r.pk for g in groups for r in g.results])
        .select_related("paper", "claim")
        .defer("paper__abstract", "paper__search_vector")
        .prefetch_related("claim__caveats")
        .in_bulk()
    )
    for group in groups:
        group.results = [loaded[r.pk] for r in group.results]
        for result in group.results:
            result.benchmark = group.benchmark
        group.best = loaded[group.best.pk] if group.best else None
        group.best_full_text = loaded[group.best_full_text.pk] if group.best_full_text else None
    return Table(groups)


def result_groups(
    *,
    concept=None,
    benchmark: Benchmark | None = None,
    filters: ResultFilter | None = None,
    per_group: int = ROWS_PER_GROUP,
    compact_over: int | None = None,
) -> Table:
    """Published results by benchmark and protocol (never merged), then by measure and unit
    (a pass rate is not compared with an accuracy, nor a change in points with a level in %),
    each group's best stated value and best value from a paper read in full marked (the
    benchmark's direction decides). A group shows its newest ``per_group`` results and its
    bests; only those are read (four queries whatever the number of results)."""
    results = _published(concept=concept, benchmark=benchmark, filters=filters)
    ranked = _ranked(results, per_group=per_group)
    return _grouped(ranked, per_group=per_group, compact_over=compact_over)


def concept_table(
    concept, *, filters: ResultFilter, per_group: int, compact_over: int | None
) -> Table:
    """``concept``'s results table (``result_groups``) and the benchmarks and protocols of
    its filters, from every result of the concept (one more query when filtered)."""
    ranked = _ranked(_published(concept=concept, filters=filters), per_group=per_group)
    # The first result of each benchmark and protocol in the table's order is a group's
    # newest: ranked even with one row a group, so it names them as the whole table would.
    everything = (
        ranked if filters == ResultFilter() else _ranked(_published(concept=concept), per_group=1)
    )
    table = _grouped(ranked, per_group=per_group, compact_over=compact_over)
    table.benchmarks = benchmarks_of(everything, known=[g.benchmark for g in table.groups])
    table.protocols = protocol_choices(everything)
    return table


def _levels_dated(ranked: list[_Ranked]) -> int:
    """How many results a chart could draw: the dated levels."""
    return sum(r.date is not None and not r.change for r in ranked)


def chart_rows(benchmark: Benchmark, *, per_series: int) -> tuple[list[Row], int]:
    """A benchmark's dated levels a progress chart may draw, oldest first
    (``_chart_picks``), and how many there are (two queries)."""
    ranked = _rank_inputs(_published(benchmark=benchmark))
    lower = benchmark.direction == Direction.LOWER
    drawn = _rows(_chart_picks(ranked, lower=lower, per_series=per_series), {})
    return sorted(drawn, key=lambda r: (r.date, r.pk)), _levels_dated(ranked)


def benchmark_results(
    benchmark: Benchmark, *, protocol: str | None, per_series: int
) -> tuple[Table, list[Row], int]:
    """A benchmark's page: its table (``result_groups``; of one protocol, every row, when
    ``protocol`` is given, "" or NO_PROTOCOL for the results that state none), the results
    its chart may draw (``chart_rows``) and how many are dated. One ranking serves both
    when the table is of every protocol."""
    if protocol is not None:
        table = result_groups(
            benchmark=benchmark,
            filters=ResultFilter(protocol=protocol or NO_PROTOCOL),
            per_group=ROWS_PER_GROUP_ALONE,
        )
        return table, *chart_rows(benchmark, per_series=per_series)
    ranked = _rank_inputs(_published(benchmark=benchmark))
    totals = _table_picks(ranked, per_group=ROWS_PER_GROUP)
    lower = benchmark.direction == Direction.LOWER
    charted = _chart_picks(ranked, lower=lower, per_series=per_series)
    fetched = _rows(totals.keys() | charted, totals)
    in_table = [row for row in fetched if row.pk in totals]
    drawn = sorted((row for row in fetched if row.pk in charted), key=lambda r: (r.date, r.pk))
    table = _grouped(in_table, per_group=ROWS_PER_GROUP, compact_over=ROWS_ON_PAGE)
    return table, drawn, _levels_dated(ranked)


def contested_ids(results: list[Result | Row]) -> set[int]:
    """Results among ``results`` that another confirmed result of the same paper,
    benchmark, protocol and metric contradicts (one query)."""
    keys = {(r.paper_id, r.benchmark_id, r.protocol_key, r.metric) for r in results if r.paper_id}
    if not keys:
        return set()
    values: dict[tuple, set[float]] = defaultdict(set)
    others = Result.objects.published().filter(
        paper_id__in={k[0] for k in keys}, benchmark_id__in={k[1] for k in keys}
    )
    for row in others.values_list("paper_id", "benchmark_id", "protocol_key", "metric", "value"):
        values[row[:4]].add(row[4])
    return {
        r.pk
        for r in results
        if len(values.get((r.paper_id, r.benchmark_id, r.protocol_key, r.metric), ())) > 1
    }


def paper_key(result: Result) -> str:
    paper = result.paper
    if paper is None:
        return ""
    return paper.arxiv_id or paper.doi or ""


def result_row(result: Result, *, root: str) -> dict[str, object]:
    """One row in the export columns, in their order."""
    baseline = ""
    if result.baseline_value is not None:
        baseline = f"{result.baseline_value:g}"
        if result.baseline_name:
            baseline += f" ({result.baseline_name})"
    elif result.baseline_name:
        baseline = result.baseline_name
    return {
        "benchmark": result.benchmark.name,
        "protocol": result.protocol,
        "metric": result.metric,
        "value": result.value,
        "unit": result.unit,
        "direction": Direction(result.benchmark.direction).label,
        "baseline": baseline,
        "model": result.model,
        "paper": paper_key(result),
        "date": result.date.isoformat() if result.date else "",
        "evidence": Evidence(result.claim.evidence).label,
        "caveats": "; ".join(c.name for c in result.claim.caveats.all()),
        "claim": root + claim_path(result),
    }


def benchmark_by_slug(slug: str) -> tuple[Benchmark | None, Benchmark | None]:
    """(benchmark, None) for its own slug, (None, benchmark) for an alias's slug."""
    benchmark = Benchmark.objects.filter(slug=slug).first()
    if benchmark is not None:
        return benchmark, None
    alias = BenchmarkAlias.objects.select_related("benchmark").filter(slug=slug).first()
    return None, (alias.benchmark if alias else None)


def benchmarks_listed() -> QuerySet[Benchmark]:
    return Benchmark.objects.annotate(
        result_count=Count(
            "results",
            filter=Q(results__status=ResultStatus.CONFIRMED) & Q(results__entry_published=True),
        )
    ).prefetch_related("aliases")


def protocol_choices(rows: list[Row]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for row in rows:
        seen.setdefault(row.protocol_key or NO_PROTOCOL, row.protocol or "no protocol stated")
    return sorted(seen.items())


def benchmarks_of(rows: list[Row], *, known: list[Benchmark] = ()) -> list[Benchmark]:
    """The benchmarks of ``rows`` by name (a query unless ``known`` holds them all)."""
    ids = {r.benchmark_id for r in rows}
    found = {b.pk: b for b in known if b.pk in ids}
    if len(found) < len(ids):
        found = Benchmark.objects.in_bulk(ids)
    return sorted(found.values(), key=lambda b: b.name.lower())
