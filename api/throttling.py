"""Rate limits of the API: per person for token requests, per address for anonymous ones.

The address is ``core.security.client_address``: X-Forwarded-For is read only as far as
TRUSTED_PROXY_HOPS proxies vouch for it, so a client cannot pick a fresh address per request
(escaping its limit) or name somebody else's (using up theirs).

A sliding window of request times kept in the default cache: each worker process counts its
own requests with the in-memory cache, and every worker of every server shares one count when
CACHE_URL names Redis. While Redis is unreachable the count reads as empty, so the limits let
requests through (core/redis_cache.py logs it) rather than refuse everybody. One throttle
object serves every request of an operation, in every thread, so the time to wait is kept
per thread.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.core.checks import Error
from django.http import HttpRequest
from ninja.throttling import BaseThrottle

from core.security import client_address

PERIODS = {"s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """ "600/min" → (600, 60)."""
    count, _, period = rate.partition("/")
    return int(count), PERIODS[period.strip()]


class RateLimit(BaseThrottle):
    """At most ``settings.<setting>`` requests per period; an empty setting switches it off."""

    def __init__(self, setting: str, *, signed_in: bool) -> None:
        self.setting = setting
        self.signed_in = signed_in
        self._local = threading.local()

    def ident(self, request: HttpRequest) -> str | None:
        user = getattr(request, "user", None)
        authenticated = bool(user is not None and user.is_authenticated)
        if authenticated != self.signed_in:
            return None
        return f"user:{user.pk}" if authenticated else f"address:{client_address(request)}"

    def allow_request(self, request: HttpRequest) -> bool:
        self._local.wait = None
        rate = getattr(settings, self.setting, "")
        ident = self.ident(request)
        if not rate or ident is None:
            return True
        limit, seconds = parse_rate(rate)
        key = f"api-rate:{self.setting}:{ident}"
        now = time.time()
        recent = [t for t in cache.get(key, []) if t > now - seconds]
        if len(recent) >= limit:
            self._local.wait = recent[-1] + seconds - now  # until the oldest one leaves
            return False
        cache.set(key, [now, *recent], seconds)
        return True

    def wait(self) -> float | None:
        return getattr(self._local, "wait", None)


THROTTLES = [
    RateLimit("API_RATE_LIMIT_TOKEN", signed_in=True),
    RateLimit("API_RATE_LIMIT_ANONYMOUS", signed_in=False),
]


def check_rates(app_configs=None, **kwargs) -> list[Error]:
    """A system check: a rate that cannot be read stops the site at start, not per request."""
    errors = []
    for name in ("API_RATE_LIMIT_TOKEN", "API_RATE_LIMIT_ANONYMOUS"):
        rate = getattr(settings, name, "")
        try:
            if rate:
                parse_rate(rate)
        except (KeyError, ValueError):
            errors.append(Error(f"{name}={rate!r} is not a rate such as “600/min”.", id="api.E001"))
    return errors
