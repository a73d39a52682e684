"""Pages of results: a concept's results table (HTML, CSV, JSON), benchmarks, and the
review and author controls of a result (each calls one service)."""

from __future__ import annotations

import csv
import json
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from core.cache import cache_page_for_anonymous, cached_results, data_digest
from core.htmx import render_page
from core.http import safe_next, site_root
from entries.writing.services import EntryError
from results import chart as charts
from results import selectors as queries
from results import table_page
from results.forms import ResultFilterForm, ResultForm
from results.models import Result
from results.services import CONFIRM, DISCARD, result_decide, result_edit
from wiki.selectors import concept_by_slug, concept_visible

# A spreadsheet evaluates a cell starting with one of these: neutralised on export.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _concept(request: HttpRequest, slug: str):
    concept, aliased = concept_by_slug(slug)
    if aliased is not None:
        url = reverse("results:concept_results", kwargs={"slug": aliased.slug})
        query = request.META.get("QUERY_STRING")
        return redirect(f"{url}?{query}" if query else url)
    if concept is None or not concept_visible(concept, request.user):
        raise Http404("No such concept.")
    return concept


def _export(rows: list[dict], fmt: str, name: str) -> HttpResponse:
    if fmt == "json":
        response = HttpResponse(
            json.dumps({"columns": list(queries.COLUMNS), "results": rows}, indent=1),
            content_type="application/json",
        )
    else:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        writer = csv.writer(response)
        writer.writerow(queries.COLUMNS)
        for row in rows:
            writer.writerow([_safe_cell(row[c]) for c in queries.COLUMNS])
        response["Content-Disposition"] = f'attachment; filename="{name}-results.csv"'
    return response


@require_GET
@cache_page_for_anonymous
def concept_results(request: HttpRequest, slug: str) -> HttpResponse:
    concept = _concept(request, slug)
    if isinstance(concept, HttpResponse):
        return concept
    form = ResultFilterForm(request.GET)
    if not form.is_valid():
        context = {"concept": concept, "form": form, "groups": [], "invalid": True}
        return render_page(request, "results/concept_results.html", context, status=400)
    data = form.cleaned_data
    filters = queries.ResultFilter(
        **{k: data[k] or v for k, v in vars(queries.ResultFilter()).items()}
    )
    if data["format"]:
        root = site_root(request)
        results = queries.published_results(concept=concept, filters=filters)
        rows = [queries.result_row(r, root=root) for r in results]
        return _export(rows, data["format"], concept.slug)
    query = request.GET.urlencode()

    def table() -> tuple[list, list[tuple[str, str]], str]:
        alone = bool(filters.benchmark and filters.protocol)
        built = queries.concept_table(
            concept,
            filters=filters,
            per_group=queries.ROWS_PER_GROUP_ALONE if alone else queries.ROWS_PER_GROUP,
            compact_over=None if alone else queries.ROWS_ON_PAGE,
        )
        for group in built.groups:
            group.more_url = "?" + urlencode(
                {
                    "benchmark": group.benchmark.slug,
                    "protocol": group.protocol_key or queries.NO_PROTOCOL,
                }
            )
        html = table_page.table_html(built, alone=alone, query=query)
        return built.benchmarks, built.protocols, html

    # The same for every reader: rendered once per results version and filters.
    key = f"results-table:{concept.pk}:{data_digest((sorted(vars(filters).items()), bool(query)))}"
    # A filtered table is kept in the shared cache alone: filters are many.
    benchmarks, protocols, table_html = cached_results(key, table, memoize=not query)
    context = {
        "concept": concept,
        "form": form,
        "table_html": mark_safe(table_html),  # rendered, escaped, by _table.html
        "benchmarks": benchmarks,
        "protocols": protocols,
        "query": query,
    }
    return render_page(request, "results/concept_results.html", context)


@require_GET
@cache_page_for_anonymous
def benchmark_list(request: HttpRequest) -> HttpResponse:
    return render(request, "results/benchmarks.html", {"benchmarks": queries.benchmarks_listed()})


@require_GET
@cache_page_for_anonymous
def benchmark_detail(request: HttpRequest, slug: str) -> HttpResponse:
    benchmark, aliased = queries.benchmark_by_slug(slug)
    if aliased is not None:
        return redirect(aliased)
    if benchmark is None:
        raise Http404("No such benchmark.")
    protocol = request.GET.get("protocol")

    def body() -> str:
        table, drawn, dated = queries.benchmark_results(
            benchmark, protocol=protocol, per_series=charts.POINTS_PER_SERIES
        )
        for group in table.groups:
            group.more_url = "?" + urlencode(
                {"protocol": group.protocol_key or queries.NO_PROTOCOL}
            )
        chart = charts.progress_chart(benchmark, drawn, dated)
        alone = protocol is not None
        progress = {"benchmark": benchmark, "chart": chart, "alone": alone}
        return render_to_string("results/_progress.html", progress) + table_page.table_html(
            table, alone=alone
        )

    # The same for every reader: rendered once per results version and protocol (a page of
    # one protocol in the shared cache alone: any words may be asked for).
    key = f"benchmark-page:{benchmark.pk}:{data_digest(protocol)}"
    html = cached_results(key, body, memoize=protocol is None)
    context = {"benchmark": benchmark, "body_html": mark_safe(html)}  # rendered by templates
    return render(request, "results/benchmark.html", context)


def _result(pk: int) -> Result:
    return get_object_or_404(Result.objects.select_related("claim__entry"), pk=pk)


def _seen_version(request: HttpRequest) -> int | None:
    seen = request.POST.get("seen_version", "")
    return int(seen) if seen.isascii() and seen.isdigit() else None


@login_required
@require_POST
def result_decide_view(request: HttpRequest, pk: int) -> HttpResponse:
    result = _result(pk)
    decision = request.POST.get("decision", "")
    form = ResultForm(request.POST) if decision == CONFIRM else None
    if form is not None and not form.is_valid():
        messages.error(
            request,
            "Say whether higher or lower is better on the new benchmark."
            if "new_benchmark" in form.errors
            else "The result's value must be a number.",
        )
        return redirect(safe_next(request, result.claim.entry.get_absolute_url()))
    try:
        result_decide(
            result=result,
            by=request.user,
            decision=decision if decision in (CONFIRM, DISCARD) else "",
            fields=form.fields_data() if form is not None else None,
            seen_version=_seen_version(request),
            new_benchmark=form.cleaned_data["new_benchmark"] if form is not None else "",
        )
    except EntryError as exc:
        if exc.status_code == 403:
            raise PermissionDenied(str(exc)) from exc
        messages.error(request, str(exc))
        return redirect(safe_next(request, result.claim.entry.get_absolute_url()))
    messages.success(request, "Result confirmed." if decision == CONFIRM else "Result discarded.")
    return redirect(safe_next(request, result.claim.entry.get_absolute_url()))


@login_required
@require_POST
def result_edit_view(request: HttpRequest, pk: int) -> HttpResponse:
    result = _result(pk)
    remove = request.POST.get("remove") == "1"
    form = None if remove else ResultForm(request.POST)
    if form is not None and not form.is_valid():
        messages.error(request, "The result's value must be a number.")
        return redirect(safe_next(request, result.claim.entry.get_absolute_url()))
    try:
        result_edit(
            result=result,
            by=request.user,
            fields=form.fields_data() if form else None,
            remove=remove,
        )
    except EntryError as exc:
        if exc.status_code == 403:
            raise PermissionDenied(str(exc)) from exc
        messages.error(request, str(exc))
    else:
        messages.success(request, "Result removed." if remove else "Result saved.")
    return redirect(safe_next(request, result.claim.entry.get_absolute_url()))
