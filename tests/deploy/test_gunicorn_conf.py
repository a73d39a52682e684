"""gunicorn's configuration keeps what a killed worker can lose small and stops gracefully
(issue #27, item 7)."""

from __future__ import annotations

import runpy
import subprocess
import sys

import pytest

from tests.deploy.conftest import ROOT

pytestmark = pytest.mark.django_db  # the suite's autouse fixtures read the database


def _conf(**env: str) -> dict:
    import os

    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_a_worker_holds_few_connections_it_cannot_serve_yet():
    conf = _conf()
    assert conf["worker_class"] == "gthread"
    assert conf["worker_connections"] <= 2 * conf["threads"]
    assert conf["backlog"] <= 128


def test_shutdown_is_graceful_within_the_containers_grace_period():
    conf = _conf()
    compose = (ROOT / "docker-compose.yml").read_text()
    grace = int(compose.split("stop_grace_period:")[1].split("s")[0])
    assert 0 < conf["graceful_timeout"] < grace


def test_the_limits_are_open_to_the_environment():
    conf = _conf(WEB_THREADS="8", WEB_BACKLOG="32")
    assert (conf["worker_connections"], conf["backlog"]) == (16, 32)


def test_gunicorn_accepts_the_configuration():
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--check-config",
         "config.wsgi"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "DEBUG": "1", "SECRET_KEY": "x" * 50},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def test_requests_are_logged_once_by_the_app_not_again_by_gunicorn(monkeypatch):
    monkeypatch.delenv("WEB_ACCESS_LOG", raising=False)
    assert _conf()["accesslog"] is None
    assert _conf(WEB_ACCESS_LOG="")["accesslog"] is None
    assert _conf(WEB_ACCESS_LOG="-")["accesslog"] == "-"
