"""The shared cache over the machine's Redis: one client per connection pool serves every
call, from every thread, and a Redis that stops answering is a miss, not an error."""

from __future__ import annotations

import os
import threading
import uuid

import pytest

from core.redis_cache import FailSoftRedisCache

pytestmark = pytest.mark.django_db

REDIS_URL = os.environ.get("CACHE_TEST_REDIS_URL", "redis://127.0.0.1:6379/6")


@pytest.fixture
def cache():
    redis = pytest.importorskip("redis", reason="the redis package is not installed")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError as exc:
        pytest.skip(f"Redis does not answer at {REDIS_URL}: {exc}")
    backend = FailSoftRedisCache(REDIS_URL, {"KEY_PREFIX": f"test-{uuid.uuid4().hex}"})
    yield backend
    backend.delete_many([f"k{n}" for n in range(40)])


def test_every_call_and_thread_shares_one_client_and_reads_its_own_writes(cache):
    errors: list[str] = []

    def work(n: int) -> None:
        for round_ in range(25):
            cache.set(f"k{n}", (n, round_))
            if cache.get(f"k{n}") != (n, round_):
                errors.append(f"thread {n} read another value in round {round_}")

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert cache.get_many([f"k{n}" for n in range(8)]) == {f"k{n}": (n, 24) for n in range(8)}
    assert cache._cache.get_client() is cache._cache.get_client(write=True)


def test_a_redis_that_does_not_answer_is_a_miss():
    cache = FailSoftRedisCache(
        "redis://127.0.0.1:9/0", {"OPTIONS": {"socket_connect_timeout": 0.2}}
    )
    assert cache.get("anything", "fallback") == "fallback"
    assert cache.set("anything", 1) is None
