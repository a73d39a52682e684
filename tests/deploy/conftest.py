"""Real gunicorn servers, as deployed, against this run's PostgreSQL test database.

Each server is the image's gunicorn (``gunicorn.conf.py``) with production settings over
plain HTTP, static files gathered once by the image's own ``deploy/build-static.sh``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent.parent
REDIS_URL = os.environ.get("DEPLOY_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
APPLICATION_NAME = "rw-deploy-test"
SITE_HOST = "wiki.example.org"
SECRET_KEY = "deploy-test-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.deploy)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def static_root(tmp_path_factory) -> Path:
    """Static files as the image gathers them: hashed names and a manifest."""
    folder = tmp_path_factory.mktemp("static")
    env = {
        **os.environ,
        "STATIC_ROOT": str(folder),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    subprocess.run(["sh", "deploy/build-static.sh"], cwd=ROOT, env=env, check=True)
    return folder


@pytest.fixture
def postgres_url(transactional_db) -> str:
    """This run's test database, for servers in other processes; rows the test writes are
    committed, so the servers see them."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL (two servers share one database)")
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return (
        f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}?application_name={APPLICATION_NAME}"
    )


@pytest.fixture
def redis_url() -> str:
    """The machine's Redis, one database number of this suite's own, emptied first."""
    redis = pytest.importorskip("redis", reason="the redis package is not installed")
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.RedisError as exc:
        pytest.skip(f"Redis does not answer at {REDIS_URL}: {exc}")
    client.flushdb()
    yield REDIS_URL
    client.flushdb()
    client.close()


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path

    def client(self) -> httpx.Client:
        """A browser reaching this server through the load balancer, by the site's name."""
        return httpx.Client(base_url=self.url, timeout=15, headers={"Host": SITE_HOST})

    def output(self) -> str:
        return self.log.read_text()


@pytest.fixture
def start_server(postgres_url, static_root, tmp_path) -> Iterator:
    """``start_server(CACHE_URL=…)`` → a running gunicorn on this run's database, stopped
    before the test database is emptied."""
    started: list[Server] = []

    def start(**overrides: str) -> Server:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
        env.update(
            DEBUG="0",
            SECRET_KEY=SECRET_KEY,
            DATABASE_URL=postgres_url,
            ALLOWED_HOSTS=SITE_HOST,
            SECURE_SSL_REDIRECT="0",
            SESSION_COOKIE_SECURE="0",
            CSRF_COOKIE_SECURE="0",
            SECURE_HSTS_SECONDS="0",
            STATIC_ROOT=str(static_root),
            CACHE_DIR=str(tmp_path / f"pages-{port}"),
            CONN_MAX_AGE="600",
            API_RATE_LIMIT_ANONYMOUS="",
            API_RATE_LIMIT_TOKEN="",
            WEB_BIND=f"127.0.0.1:{port}",
            WEB_WORKERS="1",
            WEB_THREADS="2",
            WEB_ACCESS_LOG="",
            LOG_LEVEL="WARNING",
        )
        env.update(overrides)
        log = tmp_path / f"server-{port}.log"
        with log.open("w") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "config.wsgi"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        server = Server(url=f"http://127.0.0.1:{port}", process=process, log=log)
        started.append(server)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"gunicorn exited:\n{server.output()}")
            try:
                if httpx.get(f"{server.url}/healthz", timeout=2).status_code == 200:
                    return server
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        pytest.fail(f"gunicorn did not answer /healthz within 30 s:\n{server.output()}")

    yield start
    for server in started:
        if server.process.poll() is None:
            os.killpg(server.process.pid, signal.SIGTERM)
            try:
                server.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.process.pid, signal.SIGKILL)
                server.process.wait()
