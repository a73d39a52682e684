"""Benchmarks and the confirmed results of published claims, filterable like the table."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from ninja import Path, Query, Router

from api.auth import OPTIONAL_SECURITY, token_optional
from api.routers.common import errors, paginate
from api.schemas import BenchmarkOut, BenchmarkPage, PageParams, ResultFilters, ResultPage
from core.http import site_root
from results import selectors as queries
from results.models import Benchmark
from wiki.selectors import concept_by_slug, concept_visible

router = Router(tags=["results"])
results_router = Router(tags=["results"])


@router.get(
    "/",
    summary="List benchmarks",
    response={200: BenchmarkPage, **errors(401, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def benchmark_list(request: HttpRequest, filters: Query[PageParams]):
    """Benchmarks A to Z, with their direction and aliases."""
    return paginate(Benchmark.objects.prefetch_related("aliases").order_by("name", "id"), filters)


@router.get(
    "/{slug}/",
    summary="Get a benchmark",
    response={200: BenchmarkOut, **errors(401, 404, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def benchmark_detail(
    request: HttpRequest,
    slug: str = Path(..., max_length=200, description="The benchmark's slug or an alias's."),
):
    benchmark, aliased = queries.benchmark_by_slug(slug)
    if (benchmark or aliased) is None:
        raise Http404("No benchmark has that slug.")
    return Benchmark.objects.prefetch_related("aliases").get(pk=(benchmark or aliased).pk)


@results_router.get(
    "/",
    summary="List results",
    response={200: ResultPage, **errors(401, 404, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def result_list(request: HttpRequest, filters: Query[ResultFilters]):
    """Confirmed results of published claims, by benchmark and protocol, with the columns
    of the results table's CSV: filter by concept, benchmark, protocol, evidence, dates."""
    concept = None
    if filters.concept:
        concept, aliased = concept_by_slug(filters.concept)
        concept = concept or aliased
        if concept is None or not concept_visible(concept, request.user):
            raise Http404("No concept has that slug.")
    table_filters = queries.ResultFilter(
        benchmark=filters.benchmark or "",
        protocol=filters.protocol or "",
        evidence=filters.evidence or "",
        date_from=filters.date_from,
        date_to=filters.date_to,
    )
    results = queries.published_results(concept=concept, filters=table_filters)
    count = results.count()
    end = filters.offset + filters.limit
    root = site_root(request)
    rows = [{"id": r.pk, **queries.result_row(r, root=root)} for r in results[filters.offset : end]]
    return {
        "count": count,
        "limit": filters.limit,
        "offset": filters.offset,
        "next_offset": end if end < count else None,
        "results": rows,
    }
