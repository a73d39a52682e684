"""Request latency per route and the page cache's hit rate, counted in this process's memory.

Each request adds one sample to its route's ring of recent durations and one to a counter,
under a lock held for a few hundred nanoseconds: no query, no cache call, no file. The
figures are this worker process's own (gunicorn runs several: each shows what it served);
``/ops/`` and ``/metrics`` read them (docs/operations.md, "Latency and cache figures").
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from dataclasses import dataclass

# Samples kept per route: percentiles are over the most recent of them within the window.
SAMPLES_PER_ROUTE = 2048
WINDOW_SECONDS = 300
UNRESOLVED = "(unresolved)"


@dataclass(frozen=True)
class RouteFigures:
    route: str
    total: int  # since this process started
    errors: int  # 5xx since this process started
    recent: int  # samples within the window (at most SAMPLES_PER_ROUTE)
    p50_ms: float | None
    p95_ms: float | None
    p99_ms: float | None


def percentile(ordered: list[float], share: float) -> float | None:
    """Nearest-rank percentile of an ascending list (None when empty)."""
    if not ordered:
        return None
    rank = max(1, -(-len(ordered) * share // 1))  # ceil without floats' surprises
    return ordered[int(rank) - 1]


class _Route:
    __slots__ = ("errors", "samples", "total")

    def __init__(self) -> None:
        self.total = 0
        self.errors = 0
        self.samples: deque[tuple[float, float]] = deque(maxlen=SAMPLES_PER_ROUTE)


class RequestStats:
    """Per-route counts and recent durations of the requests this process answered."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.routes: dict[str, _Route] = {}
        self.started = time.time()

    def record(self, route: str | None, status: int, duration_ms: float) -> None:
        now = time.monotonic()
        with self.lock:
            entry = self.routes.get(route or UNRESOLVED)
            if entry is None:
                entry = self.routes[route or UNRESOLVED] = _Route()
            entry.total += 1
            if status >= 500:
                entry.errors += 1
            entry.samples.append((now, duration_ms))

    def figures(self, window_seconds: float = WINDOW_SECONDS) -> list[RouteFigures]:
        """Every route seen, busiest in the window first."""
        since = time.monotonic() - window_seconds
        with self.lock:
            snapshot = [
                (route, entry.total, entry.errors, list(entry.samples))
                for route, entry in self.routes.items()
            ]
        rows = []
        for route, total, errors, samples in snapshot:
            recent = sorted(ms for at, ms in samples if at >= since)
            rows.append(
                RouteFigures(
                    route=route,
                    total=total,
                    errors=errors,
                    recent=len(recent),
                    p50_ms=percentile(recent, 0.50),
                    p95_ms=percentile(recent, 0.95),
                    p99_ms=percentile(recent, 0.99),
                )
            )
        return sorted(rows, key=lambda row: (-row.recent, -row.total, row.route))

    def reset(self) -> None:
        with self.lock:
            self.routes.clear()
            self.started = time.time()


class CacheCounts:
    """Hits and misses of one cache, as this process saw them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def hit(self) -> None:
        with self.lock:
            self.hits += 1

    def miss(self) -> None:
        with self.lock:
            self.misses += 1

    @property
    def hit_rate(self) -> float | None:
        looked = self.hits + self.misses
        return self.hits / looked if looked else None

    def reset(self) -> None:
        with self.lock:
            self.hits = self.misses = 0


requests = RequestStats()
# Whole anonymous pages (the front door, the middleware and cache_page_for_anonymous): one
# count per cacheable request, a hit whichever layer answered, a miss when the view rendered.
page_cache = CacheCounts()
# Shared parts of pages (cached_fragment, cached_frame, cached_library), signed-in pages too.
fragment_cache = CacheCounts()


def process_id() -> int:
    return os.getpid()


def _label(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def prometheus_text(window_seconds: float = WINDOW_SECONDS) -> str:
    """This process's figures in Prometheus' text format (version 0.0.4)."""
    pid = process_id()
    lines = [
        "# HELP wiki_requests_total Requests this worker process answered, by route.",
        "# TYPE wiki_requests_total counter",
    ]
    rows = requests.figures(window_seconds)
    lines += [
        f'wiki_requests_total{{route="{_label(r.route)}",pid="{pid}"}} {r.total}' for r in rows
    ]
    lines += [
        "# HELP wiki_request_errors_total Requests answered with a 5xx status, by route.",
        "# TYPE wiki_request_errors_total counter",
    ]
    lines += [
        f'wiki_request_errors_total{{route="{_label(r.route)}",pid="{pid}"}} {r.errors}'
        for r in rows
    ]
    lines += [
        f"# HELP wiki_request_duration_recent_ms Request duration percentiles over the last "
        f"{int(window_seconds)} s, by route.",
        "# TYPE wiki_request_duration_recent_ms gauge",
    ]
    for r in rows:
        for quantile, value in (("0.5", r.p50_ms), ("0.95", r.p95_ms), ("0.99", r.p99_ms)):
            if value is not None:
                lines.append(
                    f'wiki_request_duration_recent_ms{{route="{_label(r.route)}",'
                    f'quantile="{quantile}",pid="{pid}"}} {value}'
                )
    for name, counts in (("page_cache", page_cache), ("fragment_cache", fragment_cache)):
        for outcome, value in (("hits", counts.hits), ("misses", counts.misses)):
            lines += [
                f"# HELP wiki_{name}_{outcome}_total {name.replace('_', ' ').capitalize()} "
                f"{outcome} in this worker process.",
                f"# TYPE wiki_{name}_{outcome}_total counter",
                f'wiki_{name}_{outcome}_total{{pid="{pid}"}} {value}',
            ]
    return "\n".join(lines) + "\n"
