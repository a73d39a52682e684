"""Reads of results sized for a page: the concept's results table (and its CSV/JSON), the
concept page's summary, a benchmark's page, contested results."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q, QuerySet
from django.urls import reverse

from entries.models import Evidence
from evidence import normalise_protocol
from results.models import (
    Benchmark,
    BenchmarkAlias,
    Direction,
    Result,
    ResultStatus,
    best_of,
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


@dataclass
class Group:
    benchmark: Benchmark
    protocol: str
    protocol_key: str
    metric: str = ""
    unit: str = ""
    results: list[Result] = field(default_factory=list)
    best: Result | None = None
    best_full_text: Result | None = None
    total: int = 0  # results in the group, shown or not
    more_url: str = ""  # the page of the group alone

    @property
    def hidden(self) -> int:
        return self.total - len(self.results)


@dataclass(frozen=True)
class Row:
    """What grouping, the bests and the progress chart need of a result, read as one tuple
    (no model instance), so thousands of results cost one light query."""

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

    @property
    def words(self) -> dict[str, str]:
        return {"value": self.written or ""}


_ROW_FIELDS = (
    "pk",
    "benchmark_id",
    "protocol",
    "protocol_key",
    "metric",
    "unit",
    "value",
    "date",
    "claim__evidence",
    "words__value",
    "claim_id",
    "claim__entry_id",
    "model",
)


def result_rows(results: QuerySet[Result]) -> list[Row]:
    """``results`` (``published_results``) as light rows, in the same order (one query)."""
    return [
        Row(*values[:9], values[9] if isinstance(values[9], str) else None, *values[10:])
        for values in results.values_list(*_ROW_FIELDS)
    ]


def published_results(
    *, concept=None, benchmark: Benchmark | None = None, filters: ResultFilter | None = None
) -> QuerySet[Result]:
    """Confirmed results of published claims, with what a row shows (two queries)."""
    qs = Result.objects.published()
    if concept is not None:
        qs = qs.filter(claim__entry__topics=concept)
    if benchmark is not None:
        qs = qs.filter(benchmark=benchmark)
    f = filters or ResultFilter()
    if f.benchmark:
        qs = qs.filter(benchmark__slug=f.benchmark)
    if f.protocol:
        qs = qs.filter(protocol_key="" if f.protocol == NO_PROTOCOL else f.protocol)
    if f.evidence:
        qs = qs.filter(claim__evidence=f.evidence)
    if f.date_from:
        qs = qs.filter(date__gte=f.date_from)
    if f.date_to:
        qs = qs.filter(date__lte=f.date_to)
    return (
        qs.select_related("benchmark", "paper", "claim")
        .defer("paper__abstract", "paper__search_vector")
        .prefetch_related("claim__caveats")
        .order_by("benchmark__name", "protocol_key", "-date", "id")
        .distinct()
    )


def results_grouped(rows: list[Row], *, per_group: int = ROWS_PER_GROUP) -> list[Group]:
    """By benchmark and protocol (never merged), then by measure and unit (a pass rate is
    not compared with an accuracy, nor a change in points with a level in %), each group's
    best stated value and best value from a paper read in full marked (the benchmark's
    direction decides). A group shows its newest ``per_group`` results and its bests,
    loaded as models in two queries whatever the number of rows."""
    grouped: dict[tuple[int, str, str, str], list[Row]] = {}
    measures: dict[str, str] = {}  # a measure's name folded, once per name
    for row in rows:
        measure = measures.get(row.metric)
        if measure is None:
            measure = measures[row.metric] = normalise_protocol(row.metric)
        grouped.setdefault((row.benchmark_id, row.protocol_key, measure, row.unit), []).append(row)
    benchmarks = Benchmark.objects.in_bulk({key[0] for key in grouped})
    plans = []
    for key, members in grouped.items():
        direction = benchmarks[key[0]].direction
        best = best_of(members, direction)
        best_full = best_of([r for r in members if r.evidence == Evidence.FULL_TEXT], direction)
        shown = members[:per_group]
        shown += [r for r in (best, best_full) if r is not None and r not in shown]
        plans.append((key, members, shown, best, best_full))
    loaded = (
        Result.objects.filter(pk__in={r.pk for plan in plans for r in plan[2]})
        .select_related("benchmark", "paper", "claim")
        .defer("paper__abstract", "paper__search_vector")
        .prefetch_related("claim__caveats")
        .in_bulk()
    )
    groups = []
    for key, members, shown, best, best_full in plans:
        first = members[0]
        groups.append(
            Group(
                benchmarks[key[0]],
                first.protocol,
                first.protocol_key,
                first.metric,
                first.unit,
                results=[loaded[r.pk] for r in sorted(shown, key=members.index)],
                best=loaded[best.pk] if best else None,
                best_full_text=loaded[best_full.pk] if best_full else None,
                total=len(members),
            )
        )
    return groups


def contested_ids(results: list[Result]) -> set[int]:
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


def claim_path(result: Result | Row) -> str:
    entry_id = result.entry_id if isinstance(result, Row) else result.claim.entry_id
    entry_url = reverse("entries:detail", kwargs={"pk": entry_id})
    return f"{entry_url}#claim-{result.claim_id}"


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
            filter=Q(results__status=ResultStatus.CONFIRMED)
            & Q(results__claim__entry__status="published"),
        )
    ).prefetch_related("aliases")


def protocol_choices(rows: list[Row]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for row in rows:
        seen.setdefault(row.protocol_key or NO_PROTOCOL, row.protocol or "no protocol stated")
    return sorted(seen.items())


def benchmarks_of(rows: list[Row]) -> list[Benchmark]:
    return sorted(
        Benchmark.objects.in_bulk({r.benchmark_id for r in rows}).values(),
        key=lambda b: b.name.lower(),
    )
