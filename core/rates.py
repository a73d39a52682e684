"""Sliding-window rate limits kept in the default cache, shared by the API's throttles and
the password-reset form (and any other door that needs one).

Each worker counts its own requests with the in-memory cache; every worker of every server
shares one count when CACHE_URL names Redis. While Redis is unreachable the count reads as
empty, so limits let requests through (core/redis_cache.py logs it) rather than refuse
everybody.
"""

from __future__ import annotations

import time

from django.core.cache import cache

PERIODS = {"s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """ "600/min" → (600, 60)."""
    count, _, period = rate.partition("/")
    return int(count), PERIODS[period.strip()]


def rate_wait(key: str, rate: str, *, count: bool = True) -> float | None:
    """Seconds until ``key`` may act again under ``rate``, or None when it may now (and,
    with ``count``, the request is counted). An empty ``rate`` never limits."""
    if not rate:
        return None
    limit, seconds = parse_rate(rate)
    key = f"rate:{key}"
    now = time.time()
    recent = [t for t in cache.get(key, []) if t > now - seconds]
    if len(recent) >= limit:
        return recent[-1] + seconds - now  # until the oldest one leaves
    if count:
        cache.set(key, [now, *recent], seconds)
    return None
