"""The charts' geometry: bars as tall as their counts, segments as wide as their shares."""

from __future__ import annotations

import datetime as dt

from core.charts import (
    BAR_MAX_WIDTH,
    STACK_WIDTH,
    month_back,
    month_bars,
    months_between,
    nice_ceiling,
    share,
    stacked,
)


def test_nice_ceiling_rounds_up_to_one_two_or_five():
    assert [nice_ceiling(n) for n in (0, 1, 2, 3, 7, 10, 11, 240, 999)] == [
        1, 1, 2, 5, 10, 10, 20, 500, 1000,
    ]  # fmt: skip


def test_months_between_spans_years_and_month_back_counts_whole_months():
    months = months_between(dt.date(2025, 11, 20), dt.date(2026, 2, 3))

    assert months == [dt.date(2025, 11, 1), dt.date(2025, 12, 1), dt.date(2026, 1, 1),
                      dt.date(2026, 2, 1)]  # fmt: skip
    assert month_back(dt.date(2026, 2, 17), 35) == dt.date(2023, 3, 1)


def test_month_bars_are_as_tall_as_their_counts_and_labelled_sparingly():
    months = months_between(dt.date(2025, 1, 1), dt.date(2026, 12, 1))
    counts = [(m, i % 5, f"/papers/?m={m:%Y-%m}") for i, m in enumerate(months)]

    bars, ticks = month_bars(counts)

    assert len(bars) == 24
    assert [b.value for b in bars[:5]] == [0, 1, 2, 3, 4]
    assert bars[0].height == 0
    assert bars[4].height == 2 * bars[2].height  # the axis tops at 5: 4 is twice 2
    assert all(b.y + b.height == bars[0].y for b in bars)  # one baseline
    assert [t.value for t in ticks] == [0, 5]
    assert bars[3].href == "/papers/?m=2025-04"
    assert bars[3].label == "April 2025"
    captions = [b.caption for b in bars if b.caption]
    assert captions == ["Jan 2025", "May", "Sep", "Jan 2026", "May", "Sep"]


def test_a_few_months_make_bars_not_slabs():
    bars, _ = month_bars([(dt.date(2026, 5, 1), 3, "/")])

    assert bars[0].width == BAR_MAX_WIDTH


def test_stacked_segments_fill_the_bar_in_order_and_skip_empty_parts():
    segments = stacked([("a", "A", 1, "/a"), ("b", "B", 0, "/b"), ("c", "C", 3, "/c")])

    assert [s.key for s in segments] == ["a", "c"]
    assert [s.width for s in segments] == [STACK_WIDTH / 4, STACK_WIDTH * 3 / 4]
    assert segments[1].x == segments[0].width
    assert stacked([("a", "A", 0, "/a")]) == []


def test_share_never_rounds_a_claim_away():
    assert [share(0, 10), share(1, 300), share(1, 3), share(5, 5), share(1, 0)] == [
        0, 1, 33, 100, 0,
    ]  # fmt: skip
