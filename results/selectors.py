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


@dataclass(frozen=True)
class ResultFilter:
    benchmark: str = ""  # a benchmark's slug
    protocol: str = ""  # a protocol key
    evidence: str = ""
    date_from: dt.date | None = None
    date_to: dt.date | None = None


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
        qs = qs.filter(protocol_key=f.protocol)
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


def results_grouped(results: list[Result]) -> list[Group]:
    """By benchmark and protocol (never merged), then by measure and unit (a pass rate is
    not compared with an accuracy, nor a change in points with a level in %), each group's
    best stated value and best value from a paper read in full marked (the benchmark's
    direction decides)."""
    groups: dict[tuple[int, str, str, str], Group] = {}
    for result in results:
        key = (
            result.benchmark_id,
            result.protocol_key,
            normalise_protocol(result.metric),
            result.unit,
        )
        if key not in groups:
            groups[key] = Group(
                result.benchmark, result.protocol, result.protocol_key, result.metric, result.unit
            )
        groups[key].results.append(result)
    for group in groups.values():
        direction = group.benchmark.direction
        group.best = best_of(group.results, direction)
        full = [r for r in group.results if r.claim.evidence == Evidence.FULL_TEXT]
        group.best_full_text = best_of(full, direction)
    return list(groups.values())


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


def claim_path(result: Result) -> str:
    entry_url = reverse("entries:detail", kwargs={"pk": result.claim.entry_id})
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


def protocol_choices(results: list[Result]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for result in results:
        seen.setdefault(result.protocol_key, result.protocol or "no protocol stated")
    return sorted(seen.items())
