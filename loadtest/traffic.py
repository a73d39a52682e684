"""People as browsers: each with its own session and think time, timing every request, and
what the run saw (latencies, statuses, errors, failovers, acknowledged writes, stale reads)."""

from __future__ import annotations

import random
import re
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

import httpx
from database import PASSWORD
from servers import Balancer

# Request kinds that change something; every other kind is a read, but logins, which are
# slow on purpose (PBKDF2) and are reported on their own.
WRITES = {"save entry", "edit entry", "decide result", "mark claim", "approve"}
LOGIN = "login"
# How long a write may take to show through another server (DESIGN.md allows 1 s).
SEEN_WITHIN_S = 1.0
ALERT = re.compile(r'role="alert">([^<]+)<')


def request_class(kind: str) -> str:
    if kind == LOGIN:
        return "login"
    return "write" if kind in WRITES else "read"


@dataclass
class Written:
    """An acknowledged entry: what the database must hold for it at the end."""

    headline: str
    status: str
    concept: str


@dataclass
class Results:
    lock: threading.Lock = field(default_factory=threading.Lock)
    started: float = field(default_factory=time.perf_counter)
    # (seconds since start, kind, latency in seconds)
    samples: list[tuple[float, str, float]] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    server_errors: list[str] = field(default_factory=list)
    transport_errors: list[str] = field(default_factory=list)
    failovers: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    entries: dict[int, Written] = field(default_factory=dict)
    marked_claims: set[int] = field(default_factory=set)
    discarded_results: set[int] = field(default_factory=set)
    acknowledged: int = 0
    read_backs: int = 0
    seen_late: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    exports: int = 0
    export_bytes: int = 0
    people_failed: list[str] = field(default_factory=list)
    events: list[tuple[float, str]] = field(default_factory=list)

    def now(self) -> float:
        return time.perf_counter() - self.started

    def record(self, kind: str, status: int, seconds: float, what: str) -> None:
        with self.lock:
            self.samples.append((self.now(), kind, seconds))
            self.statuses[status] += 1
            if status >= 500:
                self.server_errors.append(f"{status} {what}")

    def add(self, name: str, item: str) -> None:
        with self.lock:
            getattr(self, name).append(item)

    def event(self, what: str) -> None:
        with self.lock:
            self.events.append((round(self.now(), 1), what))
        print(f"  [{self.now():6.1f} s] {what}", flush=True)


def _client() -> httpx.Client:
    # Idle connections are dropped after 2 s, before gunicorn's 5 s keep-alive ends, so a
    # request never goes out on a connection the server is closing.
    limits = httpx.Limits(max_connections=4, keepalive_expiry=2.0)
    return httpx.Client(timeout=30, follow_redirects=False, limits=limits)


class Person:
    """One browser: its own cookies (valid on every server: the sessions are shared), its
    home server, and a pause between requests."""

    def __init__(
        self,
        name: str,
        home: int,
        balancer: Balancer,
        results: Results,
        stop: threading.Event,
        think_s: float,
    ) -> None:
        self.name = name
        self.home = home
        self.balancer = balancer
        self.results = results
        self.stop = stop
        self.think_s = think_s
        self.http = _client()
        self.anonymous = _client()  # a visitor with no session, for read-backs
        self.last_server = home
        self.spread = random.randrange(1_000)  # which other server, when one is needed
        self.barrier: threading.Barrier | None = None  # set when all start at once

    @property
    def busy(self) -> bool:
        return not self.stop.is_set()

    def pause(self) -> None:
        """A think time between two steps: exponential, ``think_s`` on average."""
        if self.think_s > 0:
            self.stop.wait(random.expovariate(1 / self.think_s))

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        data: dict | None = None,
        *,
        server: int | None = None,
        anonymous: bool = False,
        htmx: bool = False,
    ) -> httpx.Response | None:
        """One request to the person's server (or ``server``); on a connection error that
        server is marked down and the request is sent once more, to another server."""
        client = self.anonymous if anonymous else self.http
        if data is not None:
            data = {**data, "csrfmiddlewaretoken": client.cookies.get("csrftoken", "")}
        target = self.balancer.route(self.home, self.spread) if server is None else server
        request = (method, path, data, {"HX-Request": "true"} if htmx else None)
        started = time.perf_counter()
        try:
            response = self._send(client, target, request)
        except httpx.TransportError as exc:
            response, target = self._failover(client, target, request, exc)
            if response is None:
                return None
        self.last_server = target
        what = f"{method} {path} on {self.balancer.servers[target].name}"
        self.results.record(kind, response.status_code, time.perf_counter() - started, what)
        return response

    def _send(self, client, target: int, request: tuple) -> httpx.Response:
        method, path, data, headers = request
        url = self.balancer.servers[target].url + path
        return client.request(method, url, data=data, headers=headers)

    def _failover(self, client, target: int, request: tuple, exc: Exception) -> tuple:
        self.balancer.mark_down(target)
        retry = self.balancer.other(target, self.spread)
        first = f"{request[0]} {request[1]} on {self.balancer.servers[target].name}: {exc!r}"
        try:
            response = self._send(client, retry, request)
        except httpx.TransportError as again:
            self.results.add("transport_errors", f"{first}; retry: {again!r}")
            return None, retry
        self.results.add("failovers", f"{first} -> {self.balancer.servers[retry].name}")
        return response, retry

    def refused(self, what: str, response: httpx.Response | None) -> None:
        if response is not None and response.status_code < 500:
            alert = ALERT.search(response.text)
            reason = f" ({alert.group(1).strip()})" if alert else ""
            self.results.add("refused", f"{self.name} {what}: {response.status_code}{reason}")

    def login(self, username: str) -> None:
        self.request(LOGIN, "GET", "/accounts/login/")
        data = {"username": username, "password": PASSWORD}
        response = self.request(LOGIN, "POST", "/accounts/login/", data)
        if response is None or response.status_code != 302:
            raise RuntimeError(f"{username} could not log in: {response}")

    def read_back(
        self, kind: str, path: str, expected: list[str], *, written_on: int, anonymous: bool
    ) -> None:
        """Read what was just acknowledged through another server than the one that wrote
        it: stale if it does not show there within SEEN_WITHIN_S of the acknowledgement."""
        acknowledged = time.perf_counter()
        other = self.balancer.other(written_on, self.spread)
        tries = 0
        while True:
            tries += 1
            response = self.request(kind, "GET", path, server=other, anonymous=anonymous)
            seen = response is not None and response.status_code == 200
            if seen and all(text in response.text for text in expected):
                break
            if time.perf_counter() - acknowledged >= SEEN_WITHIN_S:
                status = response.status_code if response is not None else "no answer"
                self.results.add("stale", f"{path} on {self.balancer.servers[other].name}: "
                                 f"{status}, {expected[0]!r} not shown")  # fmt: skip
                break
            time.sleep(0.05)
        with self.results.lock:
            self.results.read_backs += 1
            if tries > 1:
                self.results.seen_late.append(f"{path}: {tries} reads")
