"""A benchmark's progress over time as the data of ``templates/_charts.html``'s kind: one
series per protocol, each point shaped by its claim's evidence, linked to its claim."""

from __future__ import annotations

from core.charts import POINTS_HEIGHT, POINTS_WIDTH, progress_points
from entries.models import Evidence
from results.models import Benchmark, Direction, Result
from results.selectors import claim_path

SHAPES = {
    Evidence.FULL_TEXT: "circle",
    Evidence.ABSTRACT_ONLY: "square",
    Evidence.SECONDARY: "triangle",
    Evidence.EDITORIAL: "diamond",
    Evidence.UNMARKED: "cross",
}


def progress_chart(benchmark: Benchmark, results: list[Result]) -> dict:
    dated = sorted((r for r in results if r.date), key=lambda r: (r.date, r.pk))
    rows = [
        (
            r.protocol or "no protocol stated",
            r.date,
            r.value,
            SHAPES.get(r.claim.evidence, "cross"),
            claim_path(r),
            f"{r.value:g}{r.unit} · {r.model or 'model not named'} · {r.date:%Y-%m-%d} · "
            f"{Evidence(r.claim.evidence).label}",
        )
        for r in dated
    ]
    lower = benchmark.direction == Direction.LOWER
    points, series, value_ticks, date_ticks = progress_points(rows, lower_is_better=lower)
    return {
        "points": [_drawn(p) for p in points],
        "series": series,
        "value_ticks": value_ticks,
        "date_ticks": date_ticks,
        "width": POINTS_WIDTH,
        "height": POINTS_HEIGHT,
        "lower": lower,
        "shapes": [(Evidence(k).label, v) for k, v in SHAPES.items() if k != Evidence.UNMARKED],
    }


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
