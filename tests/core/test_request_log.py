"""Every request leaves one JSON line an operator can search: the request id (echoed to the
client), the route's name, method, status, duration and user id; an error leaves its
traceback in the same shape, once."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
import structlog

from core.log_format import formatter, renderer
from core.request_log import observed
from tests.factories import make_concept

ROOT = Path(__file__).resolve().parent.parent.parent
PASSWORD = "a-long-pass-phrase-nobody-logs"


@pytest.fixture
def log_lines(capsys):
    """The JSON lines written to standard error during the test, as production writes them."""
    was, renderer.fmt = renderer.fmt, "json"
    written: list[str] = []

    def text() -> str:
        written.append(capsys.readouterr().err)
        return "".join(written)

    def lines() -> list[dict]:
        return [json.loads(line) for line in text().splitlines() if line.startswith("{")]

    lines.text = text  # type: ignore[attr-defined]
    yield lines
    renderer.fmt = was


def _requests(lines: list[dict]) -> list[dict]:
    return [line for line in lines if line["event"] in ("request_finished", "request_failed")]


def test_a_request_logs_one_line_with_route_method_status_duration_and_user(
    client, contributor, log_lines
):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    response = client.get("/wiki/reward-modeling/")

    [line] = _requests(log_lines())
    assert line["route"] == "wiki:concept"
    assert (line["method"], line["status"], line["user_id"]) == ("GET", 200, contributor.pk)
    assert line["request_id"] == response["X-Request-ID"]
    assert line["level"] == "info"
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] > 0
    assert "request" not in line  # the raw path may hold ids and tokens
    assert client.session.session_key not in log_lines.text()


def test_a_login_logs_neither_the_password_nor_the_session(client, contributor, log_lines):
    contributor.set_password(PASSWORD)
    contributor.save()
    response = client.post(
        "/accounts/login/", {"username": contributor.username, "password": PASSWORD}
    )

    assert response.status_code == 302
    [line] = _requests(log_lines())
    assert (line["route"], line["method"], line["status"]) == ("login", "POST", 302)
    assert PASSWORD not in log_lines.text()
    assert client.cookies["sessionid"].value not in log_lines.text()


def test_a_request_id_sent_by_a_proxy_is_kept_and_echoed(client, db, log_lines):
    response = client.get("/changes/", headers={"X-Request-ID": "edge-7f3a:42"})

    assert response["X-Request-ID"] == "edge-7f3a:42"
    assert [line["request_id"] for line in _requests(log_lines())] == ["edge-7f3a:42"]


@pytest.mark.parametrize("sent", ["x" * 200, "two words", "<script>", ""])
def test_a_request_id_that_does_not_look_like_one_is_replaced(client, db, log_lines, sent):
    response = client.get("/changes/", headers={"X-Request-ID": sent})

    assert response["X-Request-ID"] != sent
    assert len(response["X-Request-ID"]) == 32
    assert [line["request_id"] for line in _requests(log_lines())] == [response["X-Request-ID"]]


def test_a_page_not_found_is_logged_as_a_warning_without_a_route(client, db, log_lines):
    client.get("/no/such/page/")

    [line] = _requests(log_lines())
    assert (line["route"], line["status"], line["level"]) == (None, 404, "warning")


def test_an_error_logs_its_traceback_once_in_the_same_shape(client, db, settings, log_lines):
    settings.ROOT_URLCONF = "tests.core.boom_urls"
    client.raise_request_exception = False
    response = client.get("/boom/")

    assert response.status_code == 500
    with_traceback = [line for line in log_lines() if "exception" in line]
    assert len(with_traceback) == 1
    [line] = with_traceback
    assert (line["event"], line["route"], line["status"]) == ("request_failed", "boom", 500)
    assert line["level"] == "error"
    assert line["request_id"] == response["X-Request-ID"]
    assert "Traceback" in line["exception"] and "RuntimeError: the view broke" in line["exception"]
    assert _requests(log_lines()) == [line]


def test_what_the_front_door_answers_is_logged_and_gets_an_id(db, log_lines):
    """A page served from memory before Django's handling (core.page_cache.front_door) is
    logged by the WSGI wrapper in the same shape."""

    def door(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"a cached page"]

    sent: list = []
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/wiki/reward-modeling/",
               "REMOTE_ADDR": "192.0.2.9", "HTTP_X_REQUEST_ID": "lb-1234"}  # fmt: skip
    body = observed(door)(environ, lambda status, headers, exc_info=None: sent.append(headers))

    assert list(body) == [b"a cached page"]
    assert ("X-Request-ID", "lb-1234") in sent[0]
    [line] = _requests(log_lines())
    assert (line["route"], line["status"], line["request_id"]) == ("wiki:concept", 200, "lb-1234")
    assert (line["user_id"], line["ip"], line["method"]) == (None, "192.0.2.9", "GET")


def test_other_loggers_write_the_same_json_shape_with_the_request_id(log_lines):
    structlog.contextvars.bind_contextvars(request_id="req-1")
    try:
        logging.getLogger("core.redis_cache").warning("Cache (Redis) unreachable, %s", "timeout")
    finally:
        structlog.contextvars.clear_contextvars()
    [line] = log_lines()
    assert line["event"] == "Cache (Redis) unreachable, timeout"
    assert (line["level"], line["logger"], line["request_id"]) == ("warning", "core.redis_cache",
                                                                   "req-1")  # fmt: skip
    assert line["timestamp"].endswith("Z")


def test_console_lines_are_for_a_person(monkeypatch):
    monkeypatch.setattr(renderer, "fmt", "console")
    record = logging.LogRecord("core", logging.WARNING, __file__, 1, "Cache %s", ("away",), None)
    line = formatter().format(record)
    assert "Cache away" in line and "warning" in line
    assert not line.startswith("{")


def _settings_value(name: str, **env: str) -> subprocess.CompletedProcess:
    base = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": "x" * 50}  # fmt: skip
    return subprocess.run(
        [sys.executable, "-c",
         f"import django; django.setup(); from django.conf import settings; "
         f"print(settings.{name})"],
        cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DEBUG": "1"}, "console"),
        ({"DEBUG": "1", "LOG_FORMAT": "json"}, "json"),
        ({"DEBUG": "0"}, "json"),
    ],
)
def test_logs_are_readable_in_development_and_json_in_production(env, expected):
    assert _settings_value("LOG_FORMAT", **env).stdout.strip() == expected


def test_an_unknown_log_format_is_refused_with_a_clear_message():
    result = _settings_value("LOG_FORMAT", DEBUG="1", LOG_FORMAT="xml")
    assert result.returncode != 0
    assert "LOG_FORMAT must be json or console, not 'xml'" in result.stderr


def test_an_unknown_log_level_is_refused_with_a_clear_message():
    result = _settings_value("LOG_LEVEL", DEBUG="1", LOG_LEVEL="loud")
    assert result.returncode != 0
    assert "LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not 'LOUD'" in result.stderr
