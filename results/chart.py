"""A benchmark's progress over time as the data of ``templates/_charts.html``'s kind: one
series per protocol, each point shaped by its claim's evidence, linked to its claim."""

from __future__ import annotations

from core.charts import POINTS_HEIGHT, POINTS_WIDTH, progress_points
from entries.models import Evidence
from results.models import Benchmark, Direction
from results.selectors import Row, claim_path

SHAPES = {
    Evidence.FULL_TEXT: "circle",
    Evidence.ABSTRACT_ONLY: "square",
    Evidence.SECONDARY: "triangle",
    Evidence.EDITORIAL: "diamond",
    Evidence.UNMARKED: "cross",
}


# At most this many points a series: every record (a value better than all before it under
# that protocol) first, then the newest; the table below lists every figure.
POINTS_PER_SERIES = 60


def progress_chart(benchmark: Benchmark, candidates: list[Row], dated: int) -> dict:
    """The chart of ``benchmark``'s ``dated`` dated, confirmed results, thinned, from
    ``candidates``, oldest first: those thinning may keep (``selectors.chart_rows`` with
    ``POINTS_PER_SERIES``; every dated result would do too)."""
    lower = benchmark.direction == Direction.LOWER
    drawn = _thinned(candidates, lower)
    points, series, value_ticks, date_ticks = progress_points(
        [
            (
                r.protocol or "no protocol stated",
                r.date,
                r.value,
                SHAPES.get(r.evidence, "cross"),
                claim_path(r),
                f"{r.value:g}{r.unit} · {r.model or 'model not named'} · {r.date:%Y-%m-%d} · "
                f"{Evidence(r.evidence).label}",
            )
            for r in drawn
        ],
        lower_is_better=lower,
    )
    return {
        "points": [_drawn(p) for p in points],
        "series": series,
        "value_ticks": value_ticks,
        "date_ticks": date_ticks,
        "width": POINTS_WIDTH,
        "height": POINTS_HEIGHT,
        "lower": lower,
        "dated": dated,
        "shapes": [(Evidence(k).label, v) for k, v in SHAPES.items() if k != Evidence.UNMARKED],
    }


def _thinned(dated: list[Row], lower: bool) -> list[Row]:
    """Each protocol's records and newest results, at most ``POINTS_PER_SERIES`` of them, in
    date order: the line of progress stays whole however many results there are."""
    by_series: dict[str, list[Row]] = {}
    for row in dated:
        by_series.setdefault(row.protocol_key, []).append(row)
    kept: list[Row] = []
    for members in by_series.values():
        if len(members) <= POINTS_PER_SERIES:
            kept += members
            continue
        records, best = [], None
        for row in members:
            if best is None or (row.value < best if lower else row.value > best):
                records.append(row)
                best = row.value
        records = records[-POINTS_PER_SERIES:]
        room = POINTS_PER_SERIES - len(records)
        recorded = set(records)
        others = [r for r in members if r not in recorded]
        kept += records + (others[-room:] if room else [])
    return sorted(kept, key=lambda r: (r.date, r.pk))


def _drawn(point) -> dict:
    """A point with the geometry of its shape (the template draws, it does no arithmetic)."""
    x, y = point.x, point.y
    polygon = ""
    if point.shape == "triangle":
        polygon = f"{x},{y - 6} {x + 5.5},{y + 4} {x - 5.5},{y + 4}"
    elif point.shape in ("diamond", "cross"):
        polygon = f"{x},{y - 6} {x + 6},{y} {x},{y + 6} {x - 6},{y}"
    return {
        "shape": point.shape,
        "series": point.series,
        "href": point.href,
        "label": point.label,
        "x": x,
        "y": y,
        "left": round(x - 4.5, 1),
        "top": round(y - 4.5, 1),
        "polygon": polygon,
    }
