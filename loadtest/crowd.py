"""The people of a run, one thread each, spread over the servers; and what every run is
given to work with."""

from __future__ import annotations

import os
import queue
import random
import threading
from dataclasses import dataclass, field
from pathlib import Path

from roles import contributor, editor, exporter, reader
from servers import Balancer, Server
from traffic import Person, Results


@dataclass
class Mix:
    readers: int
    contributors: int
    editors: int
    exporters: int

    @property
    def total(self) -> int:
        return self.readers + self.contributors + self.editors + self.exporters


@dataclass
class Setup:
    """What both runs need: the servers behind their balancer, the database, the pages."""

    servers: list[Server]
    balancer: Balancer
    env: dict[str, str]
    database_url: str
    cache_url: str
    pages: dict[str, list]
    workdir: Path
    background: list[threading.Thread] = field(default_factory=list)

    def process_groups(self, *, importing: int | None = None) -> dict[str, set[int]]:
        """The processes whose CPU time is counted apart (each with its children)."""
        return {
            "import": {importing} if importing else set(),
            "app servers": {pid for server in self.servers for pid in server.masters},
            "load generator": {os.getpid()},
        }


def _run_person(person: Person, role, account: str | None, delay_s: float, args: tuple) -> None:
    try:
        person.stop.wait(delay_s)
        if account:
            person.login(account)
            person.pause()
        if person.barrier is not None:
            person.barrier.wait(timeout=120)
        role(person, *args)
    except Exception as exc:  # a person who cannot go on is reported, never silently lost
        person.results.add("people_failed", f"{person.name}: {exc!r}")
        if person.barrier is not None:
            person.barrier.abort()


def people(
    setup: Setup,
    mix: Mix,
    results: Results,
    stop: threading.Event,
    think_s: float,
    barrier: threading.Barrier | None = None,
) -> list[threading.Thread]:
    """Threads, one per person, spread over the servers as a balancer with sticky sessions
    would spread them; each contributor writes about a concept of their own. Without a
    barrier, people arrive over the first two think times (at most 10 s)."""
    submitted: queue.Queue = queue.Queue()
    topics = setup.pages["topics"]
    roles = (
        [("reader", reader, None, (setup.pages,))] * mix.readers
        + [("exporter", exporter, None, (setup.pages,))] * mix.exporters
        + [(f"load_c{i}", contributor, f"load_c{i}", (topics[i % len(topics)], submitted))
           for i in range(mix.contributors)]
        + [(f"load_e{i}", editor, f"load_e{i}", (submitted,)) for i in range(mix.editors)]
    )  # fmt: skip
    ramp_s = 0.0 if barrier else min(2 * think_s, 10.0)
    threads = []
    for index, (name, role, account, args) in enumerate(roles):
        person = Person(name, index % len(setup.servers), setup.balancer, results, stop, think_s)
        person.barrier = barrier
        delay_s = random.uniform(0, ramp_s)
        threads.append(
            threading.Thread(
                target=_run_person, args=(person, role, account, delay_s, args), daemon=True
            )
        )
    return threads
