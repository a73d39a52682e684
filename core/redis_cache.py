"""Redis as the shared cache of several app servers, never a reason for a page to fail.

Django's own Redis backend raises when Redis does not answer. This one treats every such
error as a miss: reads return the default, writes are dropped, and for ``RETRY_SECONDS``
after an error this process does not try Redis at all (so an unreachable Redis costs one
timeout, not one per cache call). Pages are then rendered uncached, and the API rate
limits, which count in this cache, let requests through. One warning is logged when Redis
stops answering and one line when it answers again.

The versions that name what is cached live in the database (core/cache.py), not here: a
write made while Redis was away is seen by every server, that one included, on its next
request.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0

_state = threading.Lock()
_down_until = 0.0
_down = False


def _available() -> bool:
    return time.monotonic() >= _down_until


def _failed(error: Exception) -> None:
    global _down_until, _down
    with _state:
        _down_until = time.monotonic() + RETRY_SECONDS
        if not _down:
            _down = True
            logger.warning(
                "Cache (Redis) unreachable, serving pages uncached and API rate limits "
                "open until it answers: %s",
                error,
            )


def _answered() -> None:
    global _down
    if _down:
        with _state:
            if _down:
                _down = False
                logger.warning("Cache (Redis) answers again")


class SharedClients(RedisCacheClient):
    """Django builds a new ``redis.Redis`` for every cache call, and its constructor
    registers some 160 response callbacks (about a tenth of a millisecond, a fifth of a
    signed-in page). One client per connection pool serves every call instead: a client is
    safe to share between threads, its pool lends each call a connection of its own, and
    the pool starts afresh in a forked worker."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FailSoftRedisCache(RedisCache):
    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self._class = SharedClients

    def _call(self, name: str, fallback: Any, *args: Any, **kwargs: Any) -> Any:
        if not _available():
            return fallback
        try:
            result = getattr(super(), name)(*args, **kwargs)
        except RedisError as error:
            _failed(error)
            return fallback
        _answered()
        return result

    def get(self, key, default=None, version=None):
        return self._call("get", default, key, default, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, key, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", False, key, value, timeout, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", list(data), data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", False, key, version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", None, keys, version)

    def incr(self, key, delta=1, version=None):
        if not _available():
            raise ValueError(f"Key '{key}' not found (cache unreachable)")
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            _failed(error)
            raise ValueError(f"Key '{key}' not found (cache unreachable)") from error

    def clear(self):
        return self._call("clear", False)
