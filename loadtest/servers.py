"""The app servers (gunicorn, one per port, sharing PostgreSQL and Redis) and the load
balancer in front of them: sticky sessions, a server marked down on a connection error or
a failed health check, and back in rotation once its health check answers."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import httpx
import redis
from database import PY, ROOT
from machine import processes

HEALTH_EVERY_S = 1.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url: str, cache_url: str, workers: int, threads: int) -> dict[str, str]:
    """Production settings over plain HTTP; every server gets the same, but its port."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DATABASE_URL=database_url,
        CACHE_URL=cache_url,
        DEBUG="0",
        SECRET_KEY="load-test-only-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
        WEB_WORKERS=str(workers),
        WEB_THREADS=str(threads),
    )
    return env


def flush_cache(cache_url: str) -> None:
    """FLUSHDB on the load test's own Redis database, never the whole server."""
    client = redis.Redis.from_url(cache_url)
    try:
        client.flushdb()
    finally:
        client.close()


def _children(pid: int) -> list[int]:
    return [child for child, (_, parent, _) in processes().items() if parent == pid]


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Server:
    """One gunicorn (the image's gunicorn.conf.py) on 127.0.0.1:<port>."""

    def __init__(self, name: str, env: dict[str, str], log_dir: Path) -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**env, "WEB_BIND": f"127.0.0.1:{self.port}"}
        self.log_path = log_dir / f"server-{name}.log"
        self.process: subprocess.Popen | None = None
        self.masters: set[int] = set()  # every master it has had, for the CPU account

    def start(self) -> None:
        with self.log_path.open("a") as log:
            self.process = subprocess.Popen(
                [PY, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--log-level", "warning",
                 "config.wsgi"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        self.masters.add(self.process.pid)

    def wait_ready(self, seconds: float = 60) -> float:
        """Seconds until /healthz answers 200."""
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            if self.healthy():
                return time.perf_counter() - started
            time.sleep(0.1)
        raise SystemExit(f"server {self.name} did not answer /healthz within {seconds} s")

    def healthy(self) -> bool:
        try:
            return httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def workers(self) -> list[int]:
        return _children(self.process.pid) if self.process else []

    def kill(self) -> int:
        """SIGKILL the master and its workers at once, as a host or container dies."""
        pids = [self.process.pid, *self.workers()]
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait()
        return len(pids)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.kill()

    def memory(self) -> dict[str, object]:
        workers = [m for m in map(rss_mb, self.workers()) if m is not None]
        return {
            "master_rss_mb": round(rss_mb(self.process.pid) or 0, 1),
            "worker_rss_mb": [round(m, 1) for m in workers],
        }

    def errors_logged(self) -> list[str]:
        lines = self.log_path.read_text(errors="replace").splitlines()
        return [line for line in lines if "Traceback" in line or " ERROR" in line]


class Balancer:
    """Routes each person to their own server while it is up, else to the next one up."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.down: set[int] = set()
        self.lock = threading.Lock()

    def route(self, home: int, spread: int) -> int:
        """``home`` while it is up; else one of the servers up, ``spread`` choosing which,
        so the people of a server that fails are shared among the others."""
        with self.lock:
            if home not in self.down:
                return home
        return self.other(home, spread)

    def other(self, than: int, spread: int) -> int:
        """A server other than ``than``, one that is up when there is one."""
        with self.lock:
            up = [i for i in range(len(self.servers)) if i != than and i not in self.down]
        if not up:
            up = [i for i in range(len(self.servers)) if i != than]
        return up[spread % len(up)]

    def mark_down(self, index: int) -> None:
        with self.lock:
            self.down.add(index)

    def watch(self, stop: threading.Event) -> None:
        """Health checks, as a proxy runs them: every server, every HEALTH_EVERY_S."""
        while not stop.wait(HEALTH_EVERY_S):
            for index, server in enumerate(self.servers):
                healthy = server.healthy()
                with self.lock:
                    if healthy:
                        self.down.discard(index)
                    else:
                        self.down.add(index)
