"""A benchmark's progress over time as the data of ``templates/_charts.html``'s kind: one
series per protocol, each point shaped by its claim's evidence, linked to its claim."""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe

from core.charts import POINTS_HEIGHT, POINTS_WIDTH, Point, progress_points
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

LEVELS = dict(Evidence.choices)


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
                f"{r.value:g}{r.unit} · {r.model or 'model not named'} · {r.date.isoformat()} · "
                f"{LEVELS.get(r.evidence, r.evidence)}",
            )
            for r in drawn
        ],
        lower_is_better=lower,
    )
    return {
        "points": points,
        "marks": _marks(points),
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


def _marks(points: list[Point]) -> SafeString:
    """The points as SVG, each shaped by its evidence and linked to its claim, written here
    rather than by a template loop: a chart draws hundreds. The link and the label are
    escaped; the rest is numbers."""
    return mark_safe(  # the link and label escaped, the rest numbers
        "".join(
            f'<a class="chart-link" href="{escape(p.href)}" tabindex="-1">'
            f"<title>{escape(p.label)}</title>{_shape(p)}</a>"
            for p in points
        )
    )


def _shape(point: Point) -> str:
    x, y, colour = point.x, point.y, point.colour
    if point.shape == "circle":
        return f'<circle class="chart-point series-{colour}" cx="{x}" cy="{y}" r="5"></circle>'
    if point.shape == "square":
        left, top = round(x - 4.5, 1), round(y - 4.5, 1)
        return (
            f'<rect class="chart-point series-{colour}" x="{left}" y="{top}" '
            'width="9" height="9"></rect>'
        )
    if point.shape == "triangle":
        corners = f"{x},{y - 6} {x + 5.5},{y + 4} {x - 5.5},{y + 4}"
    else:  # a diamond; a cross (unmarked) too
        corners = f"{x},{y - 6} {x + 6},{y} {x},{y + 6} {x - 6},{y}"
    return f'<polygon class="chart-point series-{colour}" points="{corners}"></polygon>'
