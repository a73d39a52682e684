"""The geometry of the site's charts: plain numbers in, boxes in SVG user units out.

Charts are server-rendered SVG (templates/_charts.html): no client script, no inline
style, so the Content-Security-Policy stays strict. This module knows nothing of papers
or claims; the apps' selectors give it labelled counts with the address each mark links
to, and the template draws what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from math import ceil, log10

# The month chart's drawing box; the SVG scales to its container's width.
BARS_WIDTH = 640
BARS_HEIGHT = 180
BARS_TOP = 12  # room for the highest tick's label
BARS_BOTTOM = 24  # room for the month labels
BARS_LEFT = 36  # room for the tick labels
BAR_MAX_WIDTH = 56
STACK_WIDTH = 1000
STACK_HEIGHT = 36
STACK_LABEL_MIN = 60  # a segment narrower than this carries no label inside


@dataclass(frozen=True)
class Mark:
    """One bar or segment: what it stands for, where it links, and its box."""

    key: str
    label: str
    value: int
    href: str
    x: float
    y: float
    width: float
    height: float
    caption: str = ""  # an axis label under the bar, or the label inside a segment

    @property
    def middle(self) -> float:
        return round(self.x + self.width / 2, 1)


@dataclass(frozen=True)
class Tick:
    value: int | float | str
    y: float


def nice_ceiling(value: int) -> int:
    """The axis top: 1, 2 or 5 times a power of ten, at least ``value`` (and 1)."""
    if value <= 1:
        return 1
    power = 10 ** int(log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * power:
            return step * power
    return 10 * power  # pragma: no cover - the loop always returns


def month_bars(counts: list[tuple[date, int, str]]) -> tuple[list[Mark], list[Tick]]:
    """A bar per month (oldest first: first day of the month, count, link) and the axis
    ticks. At most six bars are labelled, the year written when it changes."""
    if not counts:
        return [], []
    top = nice_ceiling(max(n for _, n, _ in counts))
    plot_height = BARS_HEIGHT - BARS_TOP - BARS_BOTTOM
    slot = (BARS_WIDTH - BARS_LEFT) / len(counts)
    gap = min(4.0, slot * 0.2)
    width = min(slot - gap, BAR_MAX_WIDTH)  # a few months must not make slabs
    step = label_step(len(counts))
    bars, last_year = [], None
    for i, (month, n, href) in enumerate(counts):
        height = round(plot_height * n / top, 1)
        caption = ""
        if i % step == 0:
            caption = f"{month:%b}" if month.year == last_year else f"{month:%b %Y}"
            last_year = month.year
        bars.append(
            Mark(
                key=f"{month:%Y-%m}",
                label=f"{month:%B %Y}",
                value=n,
                href=href,
                x=round(BARS_LEFT + i * slot + (slot - width) / 2, 1),
                y=round(BARS_TOP + plot_height - height, 1),
                width=round(width, 1),
                height=height,
                caption=caption,
            )
        )
    ticks = [
        Tick(value=v, y=round(BARS_TOP + plot_height * (1 - v / top), 1))
        for v in (0, top // 2, top)
        if v == 0 or v == top or top % 2 == 0
    ]
    return bars, ticks


def stacked(parts: list[tuple[str, str, int, str]]) -> list[Mark]:
    """Segments of one horizontal bar, left to right (key, label, count, link), each as
    wide as its share; parts with no count are left out."""
    total = sum(n for _, _, n, _ in parts)
    if not total:
        return []
    segments, x = [], 0.0
    for key, label, n, href in parts:
        if not n:
            continue
        width = STACK_WIDTH * n / total
        segments.append(
            Mark(
                key=key,
                label=label,
                value=n,
                href=href,
                x=round(x, 1),
                y=0,
                width=round(width, 1),
                height=STACK_HEIGHT,
                caption=str(n) if width >= STACK_LABEL_MIN else "",
            )
        )
        x += width
    return segments


def share(value: int, total: int) -> int:
    """A whole percentage for the text table, never 0 for a count above zero."""
    if not total or not value:
        return 0
    return max(1, round(100 * value / total)) if value < total else 100


def months_between(first: date, last: date) -> list[date]:
    """The first day of every month from ``first``'s to ``last``'s, both included."""
    months, year, month = [], first.year, first.month
    while (year, month) <= (last.year, last.month):
        months.append(date(year, month, 1))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def month_back(day: date, months: int) -> date:
    """The first day of the month ``months`` before ``day``'s month."""
    index = day.year * 12 + day.month - 1 - months
    return date(index // 12, index % 12 + 1, 1)


def label_step(count: int, most: int = 6) -> int:
    """Every how many bars a label fits, for ``count`` bars and at most ``most`` labels."""
    return max(1, ceil(count / most))


# The progress chart's drawing box (a benchmark's results by date).
POINTS_WIDTH = 640
POINTS_HEIGHT = 220
POINTS_TOP = 14
POINTS_BOTTOM = 24
POINTS_LEFT = 44
POINTS_RIGHT = 12


# The stylesheet's colours for series (static/css/charts.css, .series-0 to .series-7): a
# ninth protocol takes the first colour again, its shapes and legend still telling it apart.
SERIES_COLOURS = 8


@dataclass(frozen=True)
class Point:
    """One figure on the progress chart: its series, shape, link and position."""

    series: int
    shape: str
    label: str
    href: str
    x: float
    y: float

    @property
    def colour(self) -> int:
        return self.series % SERIES_COLOURS


@dataclass(frozen=True)
class Series:
    index: int
    label: str
    path: str  # the SVG polyline's points, in date order

    @property
    def colour(self) -> int:
        return self.index % SERIES_COLOURS


def progress_points(
    rows: list[tuple[str, date, float, str, str, str]], *, lower_is_better: bool
) -> tuple[list[Point], list[Series], list[Tick], list[Tick]]:
    """``rows`` of (series label, date, value, shape, href, label) as points on a date
    axis, one series (polyline) per label in first-seen order. Better is up: when lower is
    better the value axis runs downwards. Returns points, series, value ticks, date ticks."""
    if not rows:
        return [], [], [], []
    labels: dict[str, int] = {}
    for row in rows:
        labels.setdefault(row[0], len(labels))
    days = [r[1].toordinal() for r in rows]
    values = [r[2] for r in rows]
    first, last = min(days), max(days)
    low, high = min(values), max(values)
    if high == low:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad
    width = POINTS_WIDTH - POINTS_LEFT - POINTS_RIGHT
    height = POINTS_HEIGHT - POINTS_TOP - POINTS_BOTTOM

    def x_of(day: int) -> float:
        if last == first:
            return round(POINTS_LEFT + width / 2, 1)
        return round(POINTS_LEFT + width * (day - first) / (last - first), 1)

    def y_of(value: float) -> float:
        share_up = (value - low) / (high - low)
        if lower_is_better:
            share_up = 1 - share_up
        return round(POINTS_TOP + height * (1 - share_up), 1)

    points = [
        Point(labels[r[0]], r[3], r[5], r[4], x_of(r[1].toordinal()), y_of(r[2])) for r in rows
    ]
    series = []
    for label, index in labels.items():
        mine = sorted((p for p in points if p.series == index), key=lambda p: p.x)
        series.append(Series(index, label, " ".join(f"{p.x},{p.y}" for p in mine)))
    value_ticks = [
        Tick(round(low + (high - low) * i / 4, 1), y_of(low + (high - low) * i / 4))
        for i in range(5)
    ]
    date_ticks: list[Tick] = []
    # Months name the ticks of a long span; a shorter one needs its days, or two ticks in
    # one month would read the same.
    shape = "%Y-%m" if last - first >= 180 else "%Y-%m-%d"
    for i in range(4 if last > first else 1):
        day = first + (last - first) * i // 3 if last > first else first
        label = f"{date.fromordinal(day):{shape}}"
        if not date_ticks or date_ticks[-1].value != label:
            date_ticks.append(Tick(label, x_of(day)))  # y holds x here
    return points, series, value_ticks, date_ticks
