"""Rate limits of the API: per person for token requests, per address for anonymous ones.

The address is ``core.security.client_address``: X-Forwarded-For is read only as far as
TRUSTED_PROXY_HOPS proxies vouch for it, so a client cannot pick a fresh address per request
(escaping its limit) or name somebody else's (using up theirs).

The counting is core.rates' sliding window in the default cache (shared by every worker
when CACHE_URL names Redis; open while Redis is unreachable). One throttle
object serves every request of an operation, in every thread, so the time to wait is kept
per thread.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.core.checks import Error
from django.http import HttpRequest
from ninja.throttling import BaseThrottle

from core.rates import parse_rate, rate_wait
from core.security import client_address

__all__ = ["THROTTLES", "RateLimit", "check_rates", "parse_rate"]


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
        self._local.wait = rate_wait(f"api:{self.setting}:{ident}", rate)
        return self._local.wait is None

    def wait(self) -> float | None:
        return getattr(self._local, "wait", None)


# Every rate setting of the site, read once at start by check_rates.
RATE_SETTINGS = (
    "API_RATE_LIMIT_TOKEN",
    "API_RATE_LIMIT_ANONYMOUS",
    "PASSWORD_RESET_RATE_PER_ADDRESS",
    "PASSWORD_RESET_RATE_PER_CLIENT",
)

THROTTLES = [
    RateLimit("API_RATE_LIMIT_TOKEN", signed_in=True),
    RateLimit("API_RATE_LIMIT_ANONYMOUS", signed_in=False),
]


def check_rates(app_configs=None, **kwargs) -> list[Error]:
    """A system check: a rate that cannot be read stops the site at start, not per request."""
    errors = []
    for name in RATE_SETTINGS:
        rate = getattr(settings, name, "")
        try:
            if rate:
                parse_rate(rate)
        except (KeyError, ValueError):
            errors.append(Error(f"{name}={rate!r} is not a rate such as “600/min”.", id="api.E001"))
    return errors
