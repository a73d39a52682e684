"""On PostgreSQL each worker holds the cache versions in memory, kept current by LISTEN/NOTIFY
(core/cache_listener.py): a cached page then costs no query, and is still never stale."""

from __future__ import annotations

import json
import time

import psycopg
import pytest
from django.db import connection
from django.test import Client, RequestFactory

from core.cache_listener import FRESH, listener
from core.log_format import renderer
from core.page_cache import WROTE_COOKIE
from tests.factories import concept_form_data, make_concept

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="LISTEN/NOTIFY: PostgreSQL"),
]
PAGE = "/wiki/reward-modeling/"


def _outside() -> psycopg.Connection:
    """A session of its own, as psql or another service would open."""
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], dbname=db["NAME"],
        autocommit=True,
    )  # fmt: skip


def _listening() -> None:
    deadline = time.monotonic() + 5
    while listener.current() is None:
        assert time.monotonic() < deadline, "the listener never caught up"
        time.sleep(0.01)


def _seen_within(client: Client, text: str, seconds: float) -> float:
    started = time.monotonic()
    while text not in client.get(PAGE).content.decode():
        assert time.monotonic() - started < seconds, f"{text!r} not seen within {seconds} s"
        time.sleep(0.005)
    return time.monotonic() - started


def test_a_cached_page_asks_no_query_while_the_listener_is_current(
    client, django_assert_num_queries
):
    make_concept("Reward Modeling")
    client.get(PAGE)
    _listening()
    with django_assert_num_queries(0):
        assert client.get(PAGE)["X-Page-Cache"] == "hit"


def test_a_write_from_another_session_is_seen_within_a_second_by_notification(client):
    make_concept("Reward Modeling", summary="Before the fix.")
    client.get(PAGE)
    _listening()
    heard = listener.notified
    with _outside() as psql:
        psql.execute("UPDATE wiki_revision SET summary = 'After the fix.'")
    assert _seen_within(client, "After the fix.", FRESH) < FRESH
    assert listener.notified > heard
    assert "Before the fix." not in client.get(PAGE).content.decode()


def test_this_process_sees_its_own_writes_on_its_next_request(client, editor):
    make_concept("Reward Modeling")
    editor_client = Client()
    editor_client.force_login(editor)
    for n in range(10):  # no wait between a write and the next read: never the old page
        with connection.cursor() as cursor:
            cursor.execute("/* a fix */ UPDATE wiki_revision SET summary = %s", [f"Fix {n}."])
        assert f"Fix {n}." in client.get(PAGE).content.decode()
        assert f"Fix {n}." in editor_client.get(PAGE).content.decode()


def test_a_listener_that_loses_its_connection_falls_back_to_the_table(
    client, django_assert_num_queries, django_assert_max_num_queries
):
    make_concept("Reward Modeling", summary="Before the outage.")
    client.get(PAGE)
    _listening()
    with _outside() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [listener.backend_pid])
        deadline = time.monotonic() + 2
        while listener.state is not None:
            assert time.monotonic() < deadline
            time.sleep(0.001)
        # Not listening: each request reads the versions itself, so a write is seen at once.
        admin.execute("UPDATE wiki_revision SET summary = 'Written while deaf.'")
        with django_assert_max_num_queries(20) as queries:  # the versions, then the page
            page = client.get(PAGE)
    assert "core_cacheversion" in queries.captured_queries[0]["sql"]
    assert "Written while deaf." in page.content.decode()
    _listening()  # it connects again on its own
    with django_assert_num_queries(0):
        assert "Written while deaf." in client.get(PAGE).content.decode()


def test_the_writer_is_marked_to_read_the_table_on_every_server(client, editor):
    concept = make_concept("Reward Modeling")
    client.force_login(editor)
    client.get(PAGE)
    Client().get(PAGE)
    _listening()
    before = listener.state
    data = concept_form_data(concept, body="# Reward Modeling\n\nSaved just now.")
    response = client.post(f"{PAGE}edit/", data)
    assert response.status_code == 302
    assert response.cookies[WROTE_COOKIE]["max-age"] == 2
    # As on another server whose listener has not heard of the write yet (the versions
    # from before it): the writer's cookie has their requests read the table.
    listener.state = (before[0], listener.writes, time.monotonic() + 60)
    try:
        assert "Saved just now." in client.get(PAGE).content.decode()
    finally:
        listener.state = None
    # A request that writes nothing leaves no mark.
    assert WROTE_COOKIE not in Client().post("/accounts/login/", {}).cookies


def _through_wsgi(path: str, **headers: str) -> tuple[str, dict[str, str], bytes]:
    from config.wsgi import application

    environ = RequestFactory().get(path, headers=headers).environ
    answer = {}

    def start_response(status, response_headers):
        answer.update(status=status, headers=dict(response_headers))

    body = b"".join(application(environ, start_response))
    return answer["status"], answer["headers"], body


def test_the_wsgi_front_door_answers_a_kept_page_as_the_stack_did(
    client, contributor, capsys, monkeypatch
):
    monkeypatch.setattr(renderer, "fmt", "json")
    make_concept("Reward Modeling", summary="Before the fix.")
    _listening()
    status, stored, body = _through_wsgi(PAGE)  # the stack renders and stores it
    assert (status, stored["X-Page-Cache"]) == ("200 OK", "miss")
    capsys.readouterr()
    status, served, again = _through_wsgi(PAGE, x_request_id="door-1")
    assert (status, again) == ("200 OK", body)
    # Each response names its own request; the page is the same.
    assert served == {**stored, "X-Page-Cache": "hit", "X-Request-ID": "door-1"}
    # The door's answer is logged like any request, under the route's name.
    [line] = [json.loads(text) for text in capsys.readouterr().err.splitlines()
              if text.startswith("{")]  # fmt: skip
    assert (line["route"], line["status"], line["request_id"]) == ("wiki:concept", 200, "door-1")
    # A session cookie: the whole stack decides, and a signed-in person gets their page.
    client.force_login(contributor)
    session = client.cookies["sessionid"].value
    assert b'title="Signed in">cora<' in _through_wsgi(PAGE, cookie=f"sessionid={session}")[2]
    with _outside() as psql:
        psql.execute("UPDATE wiki_revision SET summary = 'After the fix.'")
    started = time.monotonic()
    while b"After the fix." not in _through_wsgi(PAGE)[2]:
        assert time.monotonic() - started < FRESH
        time.sleep(0.005)


def test_who_just_wrote_is_not_answered_from_memory_by_the_wsgi_door(db):
    make_concept("Reward Modeling", summary="Before the fix.")
    _listening()
    _through_wsgi(PAGE)
    heard_before = listener.state
    with _outside() as psql:
        psql.execute("UPDATE wiki_revision SET summary = 'After the fix.'")
    while listener.current() is None or listener.current() == heard_before[0]:
        time.sleep(0.005)
    # As on a server that has not heard of the write yet.
    listener.state = (heard_before[0], listener.writes, time.monotonic() + 60)
    try:
        body = _through_wsgi(PAGE, cookie=f"{WROTE_COOKIE}=1")[2]
    finally:
        listener.state = None
    assert b"After the fix." in body
