"""Several app servers on one PostgreSQL and one Redis, and what happens when either falters.

Every test here runs real gunicorn servers (tests/deploy/conftest.py) on this run's
PostgreSQL test database; the Redis ones use the machine's Redis and skip when it is absent.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from urllib.parse import urlsplit

import psycopg
import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.db import connection

from core.cache_listener import FRESH
from core.redis_cache import RETRY_SECONDS
from tests.deploy.conftest import APPLICATION_NAME, free_port
from tests.factories import UserFactory, make_concept

PASSWORD = "deploy-test-password-73"
PAGE = "/wiki/reward-modeling/"


def _editor():
    user = UserFactory(username="erin", role="Editor")
    # The servers know the production hashers only, not the suite's fast one.
    user.password = make_password(PASSWORD, hasher=PBKDF2PasswordHasher())
    user.save(update_fields=["password"])
    return user


def _csrf(client) -> str:
    return client.cookies["csrftoken"]


def _log_in(client) -> None:
    client.get("/accounts/login/")
    response = client.post(
        "/accounts/login/",
        data={"username": "erin", "password": PASSWORD, "csrfmiddlewaretoken": _csrf(client)},
    )
    assert response.status_code == 302, response.text[:500]


def _edit_body(client, slug: str, body: str) -> None:
    form = client.get(f"/wiki/{slug}/edit/")
    assert form.status_code == 200
    base = re.search(r'name="base_revision" value="(\d+)"', form.text).group(1)
    summary = re.search(r'name="summary"[^>]*>([^<]*)<', form.text)
    response = client.post(
        f"/wiki/{slug}/edit/",
        data={
            "title": "Reward Modeling",
            "summary": summary.group(1) if summary else "How rewards are learned.",
            "body": body,
            "edit_summary": "newer results",
            "base_revision": base,
            "csrfmiddlewaretoken": _csrf(client),
        },
    )
    assert response.status_code == 302, response.text[:2000]


def test_edit_through_one_server_is_seen_at_once_on_the_other(start_server, redis_url):
    make_concept("Reward Modeling", body="Old text on every server.")
    _editor()
    a = start_server(CACHE_URL=redis_url)
    b = start_server(CACHE_URL=redis_url)
    with a.client() as editor_on_a, b.client() as reader_on_b:
        assert reader_on_b.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "miss"
        cached = reader_on_b.get("/wiki/reward-modeling/")
        assert cached.headers["X-Page-Cache"] == "hit"
        assert "Old text on every server." in cached.text

        _log_in(editor_on_a)
        _edit_body(editor_on_a, "reward-modeling", "New text, written through server A.")
        written = time.monotonic()
        # B hears of it by notification (core/cache_listener.py): milliseconds, at most FRESH.
        while "New text" not in (after := reader_on_b.get("/wiki/reward-modeling/")).text:
            assert time.monotonic() - written < FRESH
    assert after.status_code == 200
    assert after.headers["X-Page-Cache"] == "miss"
    assert "New text, written through server A." in after.text
    assert "Old text on every server." not in after.text


def test_pages_cached_by_one_server_are_served_by_the_other(start_server, redis_url):
    make_concept("Reward Modeling", body="Rendered once.")
    a = start_server(CACHE_URL=redis_url)
    b = start_server(CACHE_URL=redis_url)
    with a.client() as reader_on_a, b.client() as reader_on_b:
        assert reader_on_a.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "miss"
        assert reader_on_b.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "hit"


def test_api_rate_limit_is_counted_across_servers(start_server, redis_url):
    a = start_server(CACHE_URL=redis_url, API_RATE_LIMIT_ANONYMOUS="3/min")
    b = start_server(CACHE_URL=redis_url, API_RATE_LIMIT_ANONYMOUS="3/min")
    with a.client() as on_a, b.client() as on_b:
        statuses = [on_a.get("/api/papers/").status_code for _ in range(2)]
        statuses += [on_b.get("/api/papers/").status_code for _ in range(2)]
    assert statuses == [200, 200, 200, 429]


def test_redis_down_pages_still_render_uncached(start_server):
    make_concept("Reward Modeling", body="Served without a cache.")
    closed = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    server = start_server(CACHE_URL=closed, API_RATE_LIMIT_ANONYMOUS="2/min")
    with server.client() as reader:
        pages = [reader.get(path) for path in ("/", "/wiki/", "/wiki/reward-modeling/") * 2]
        api = [reader.get("/api/papers/").status_code for _ in range(4)]
        health = reader.get("/healthz")
    assert [p.status_code for p in pages] == [200] * 6
    # Rendered once: the worker keeps what it rendered under the versions, which the
    # database gives, Redis or not.
    assert [p.headers["X-Page-Cache"] for p in pages[:3]] == ["miss"] * 3
    assert "Served without a cache." in pages[2].text
    assert api == [200] * 4  # rate limiting fails open while its counts are unreachable
    assert health.text == "ok"
    assert server.output().count("Cache (Redis) unreachable") == 1


def _terminate_server_connections(admin, database: str) -> int:
    rows = admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND application_name = %s AND pid <> pg_backend_pid()",
        (database, APPLICATION_NAME),
    ).fetchall()
    return len(rows)


@pytest.fixture
def admin_connection(postgres_url):
    """A connection to the server's maintenance database, to play the database's restart."""
    database = connection.settings_dict["NAME"]
    url = re.sub(r"/[^/?]+\?.*$", "/postgres", postgres_url)
    with psycopg.connect(url, autocommit=True) as admin:
        yield admin
        admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')


def test_dropped_database_connections_are_replaced_without_an_error(start_server, admin_connection):
    make_concept("Reward Modeling")
    server = start_server()
    database = connection.settings_dict["NAME"]
    with server.client() as reader:
        assert reader.get("/search/", params={"q": "reward"}).status_code == 200
        assert _terminate_server_connections(admin_connection, database) >= 1
        # Connection health checks notice the dead connection and open a new one.
        statuses = [reader.get("/search/", params={"q": "reward"}).status_code for _ in range(4)]
    assert statuses == [200] * 4


def test_database_restart_answers_503_quickly_then_recovers(start_server, admin_connection):
    make_concept("Reward Modeling")
    server = start_server()
    database = connection.settings_dict["NAME"]
    with server.client() as reader:
        assert reader.get("/search/", params={"q": "reward"}).status_code == 200

        # The database goes away: open connections are cut and new ones refused.
        admin_connection.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
        _terminate_server_connections(admin_connection, database)
        started = time.monotonic()
        # A search not made before: a repeated one is answered from the shared cache.
        during = reader.get("/search/", params={"q": "modeling"})
        elapsed = time.monotonic() - started
        health = reader.get("/healthz")

        admin_connection.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')
        after = [reader.get("/search/", params={"q": "reward"}).status_code for _ in range(3)]

    assert during.status_code == 503
    assert "Back in a moment" in during.text
    assert during.headers["Retry-After"] == "10"
    assert elapsed < 5
    assert (health.status_code, health.text) == (503, "database unavailable")
    assert after == [200, 200, 200]
    assert "Database unavailable during GET /search/" in server.output()


class CuttableLink:
    """A TCP relay to Redis that can be cut and restored: Redis unreachable, data kept."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None

    def open(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=True)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        for sock in [self.listener, *self.sockets]:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        self.sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_RDWR)


def test_a_write_while_redis_was_unreachable_is_not_hidden_by_pages_cached_before(
    start_server, redis_url
):
    make_concept("Reward Modeling", body="Text cached before the outage.")
    _editor()
    link = CuttableLink(urlsplit(redis_url).port)
    link.open()
    server = start_server(CACHE_URL=f"redis://127.0.0.1:{link.port}/5")
    try:
        with server.client() as reader, server.client() as editor:
            reader.get("/wiki/reward-modeling/")
            assert reader.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "hit"

            link.cut()
            _log_in(editor)
            _edit_body(editor, "reward-modeling", "Text written while Redis was away.")
            link.open()
            time.sleep(RETRY_SECONDS + 0.5)  # the server tries Redis again after this

            after = reader.get("/wiki/reward-modeling/")
    finally:
        link.cut()
    assert "Text written while Redis was away." in after.text
    assert "Text cached before the outage." not in after.text
    assert "Cache (Redis) answers again" in server.output()


def test_a_write_through_a_server_cut_off_from_redis_is_not_hidden_on_any_server(
    start_server, redis_url
):
    make_concept("Reward Modeling", body="Text cached before the outage.")
    _editor()
    redis = urlsplit(redis_url)
    link = CuttableLink(redis.port)
    link.open()
    a = start_server(CACHE_URL=f"redis://127.0.0.1:{link.port}{redis.path}")
    b = start_server(CACHE_URL=redis_url)
    try:
        with a.client() as editor_on_a, a.client() as reader_on_a, b.client() as reader_on_b:
            assert reader_on_b.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "miss"
            assert reader_on_a.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "hit"
            _log_in(editor_on_a)

            link.cut()  # A can no longer reach Redis; B still can
            _edit_body(editor_on_a, "reward-modeling", "Text written while A had no cache.")
            written = time.monotonic()

            # A, which wrote, reads the versions from the table on its next request.
            on_a = reader_on_a.get("/wiki/reward-modeling/")
            editor_sees = editor_on_a.get("/wiki/reward-modeling/")
            # B hears of it by notification, as of any write through another server:
            # milliseconds, at most FRESH (docs/architecture.md, "How soon a write is seen").
            while "Text written while A" not in (on_b := reader_on_b.get(PAGE)).text:
                assert on_b.status_code == 200
                assert time.monotonic() - written < FRESH
            on_b_again = reader_on_b.get(PAGE)
    finally:
        link.cut()
    for page in (on_a, editor_sees, on_b, on_b_again):
        assert page.status_code == 200
        assert "Text written while A had no cache." in page.text
        assert "Text cached before the outage." not in page.text
    assert on_b.headers["X-Page-Cache"] == "miss"
    assert on_b_again.headers["X-Page-Cache"] == "hit"  # B caches the new text at once


def test_a_write_from_another_database_session_shows_within_a_second_on_every_server(
    start_server, redis_url
):
    make_concept("Reward Modeling", summary="Summary before the fix.")
    a = start_server(CACHE_URL=redis_url)
    b = start_server(CACHE_URL=redis_url)
    with a.client() as on_a, b.client() as on_b:
        on_a.get("/wiki/reward-modeling/")
        assert on_b.get("/wiki/reward-modeling/").headers["X-Page-Cache"] == "hit"
        with connection.cursor() as cursor:  # committed at once: the test is transactional
            cursor.execute("UPDATE wiki_revision SET summary = 'Summary after the fix.'")
        written = time.monotonic()
        for reader in (on_a, on_b):
            while "Summary after the fix." not in reader.get("/wiki/reward-modeling/").text:
                assert time.monotonic() - written < FRESH
                time.sleep(0.01)
