"""Errors reach a Sentry-compatible service when SENTRY_DSN is set, through the real SDK and
its real transport to a server on this machine; without it the SDK is not even loaded."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SESSION_SECRET = "a-session-value-that-must-stay-here"


class _Collector(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        self.server.received.append((self.path, body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, format, *args) -> None:
        pass


@pytest.fixture
def collector():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
    server.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def error_reporting(collector):
    import sentry_sdk

    from core.error_reporting import error_reporting_init

    error_reporting_init(
        dsn=f"http://publickey@127.0.0.1:{collector.server_address[1]}/7",
        environment="staging",
        release="wiki-test-release",
    )
    yield collector
    sentry_sdk.get_client().close(timeout=2)
    sentry_sdk.get_global_scope().set_client(None)


def _events(received: list[tuple[str, bytes]]) -> list[dict]:
    events = []
    for _path, body in received:
        lines = body.split(b"\n")
        for header, payload in zip(lines[1::2], lines[2::2], strict=False):
            if json.loads(header).get("type") == "event":
                events.append(json.loads(payload))
    return events


def test_an_error_in_a_view_sends_one_report(client, db, settings, error_reporting):
    import sentry_sdk

    settings.ROOT_URLCONF = "tests.core.boom_urls"
    client.raise_request_exception = False
    client.cookies["sessionid"] = SESSION_SECRET
    response = client.get("/boom/")
    sentry_sdk.flush(timeout=5)

    assert response.status_code == 500
    assert [path for path, _ in error_reporting.received] == ["/api/7/envelope/"]
    [event] = _events(error_reporting.received)
    [exception] = event["exception"]["values"]
    assert (exception["type"], exception["value"]) == ("RuntimeError", "the view broke")
    assert (event["environment"], event["release"]) == ("staging", "wiki-test-release")
    assert event["transaction"] == "/boom/"
    # No personal data: neither the session nor the client's address.
    assert SESSION_SECRET.encode() not in error_reporting.received[0][1]
    assert "cookies" not in event["request"]
    assert "ip_address" not in event.get("user", {})


def test_a_page_that_works_sends_nothing(client, db, error_reporting):
    import sentry_sdk

    client.get("/changes/")
    sentry_sdk.flush(timeout=5)
    assert _events(error_reporting.received) == []


def _settings_probe(**env: str) -> str:
    base = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": "x" * 50, "DEBUG": "0"}  # fmt: skip
    probe = (
        "import sys, django; django.setup(); loaded = 'sentry_sdk' in sys.modules; "
        "print(loaded); import sentry_sdk; c = sentry_sdk.get_client(); "
        "o = c.options; print(c.is_active(), bool(o.get('send_default_pii')), "
        "o.get('environment'), o.get('release'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env={**base, **env},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_without_sentry_dsn_nothing_is_loaded_or_started():
    assert _settings_probe().splitlines()[0] == "False"


def test_sentry_dsn_starts_reporting_without_personal_data_under_the_release_and_environment():
    out = _settings_probe(
        SENTRY_DSN="http://publickey@127.0.0.1:9/7",
        SENTRY_ENVIRONMENT="eu-prod",
        SENTRY_RELEASE="2026.12.1",
    )
    assert out.splitlines() == ["True", "True False eu-prod 2026.12.1"]
