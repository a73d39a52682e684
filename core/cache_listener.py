"""The cache versions held in memory on PostgreSQL, kept current by ``LISTEN``/``NOTIFY``.

One thread per worker process, on its own connection, listens on ``core_cache`` (the
triggers notify it, core/cache_triggers.py) and reads the versions' table again on every
notification and at least every ``POLL`` seconds. ``current`` gives what it read only if
that read started less than ``FRESH`` seconds ago and after this process's last committed
write; otherwise, and inside a transaction, requests read the table (docs/architecture.md,
"The cache").
"""

from __future__ import annotations

import itertools
import os
import threading
import time

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.signals import connection_created
from django.db.transaction import TransactionManagementError
from django.dispatch import receiver

CHANNEL = "core_cache"
POLL = 0.5
FRESH = 1.0
QUERY = "SELECT kind, token FROM core_cacheversion ORDER BY kind, slot"


class Listener:
    def __init__(self) -> None:
        self.counter = itertools.count(1)
        self.writes = 0  # this process's committed writes to what the versions cover
        self.state: tuple[dict[str, str], int, float] | None = None  # versions, writes, until
        self.notified = 0
        self.pid: int | None = None
        self.backend_pid: int | None = None
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def current(self) -> dict[str, str] | None:
        """The versions, when they are surely current; None when the table must be read."""
        state = self.state
        if state is None or state[1] != self.writes or time.monotonic() >= state[2]:
            self.start()
            return None
        return state[0]

    def wrote(self) -> None:
        self.writes = next(self.counter)  # atomic, whichever thread wrote

    def start(self) -> None:
        if self.pid == os.getpid() or self.stopping.is_set():
            return
        self.pid = os.getpid()  # once per process: a forked worker starts its own
        self.thread = threading.Thread(target=self._run, name="cache-listener", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Close the connection (within ``POLL``); requests read the table from now on."""
        self.stopping.set()
        self.state = None
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _run(self) -> None:
        from core.cache import versions_from_rows

        while not self.stopping.is_set():
            try:
                db = connections[DEFAULT_DB_ALIAS]
                with db.get_new_connection(db.get_connection_params()) as conn:
                    conn.autocommit = True
                    self.backend_pid = conn.info.backend_pid
                    conn.execute(f"LISTEN {CHANNEL}")  # before the first read: nothing missed
                    while not self.stopping.is_set():
                        writes, started = self.writes, time.monotonic()
                        rows = conn.execute(QUERY).fetchall()
                        self.state = (versions_from_rows(rows), writes, started + FRESH)
                        for _ in conn.notifies(timeout=POLL, stop_after=1):
                            self.notified += 1
            except Exception:  # the database away or the table not there: read it per request
                self.state = None
                self.stopping.wait(POLL)
        self.state = None


listener = Listener()


def _count_committed_writes(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    db = context["connection"]
    if db.cache_written:
        db.cache_written = False
        try:
            db.on_commit(listener.wrote)  # at once outside a transaction, else at its commit
        except TransactionManagementError:  # a transaction managed by hand
            listener.wrote()
    return result


@receiver(connection_created)
def _hear_own_writes(sender, connection, **kwargs) -> None:
    """The triggers send a notice to the connection that wrote (``core.cache_notice`` is
    on for the app's own connections, settings.py): counted once the write commits."""
    if connection.vendor != "postgresql":
        return
    connection.cache_written = False

    def heard(diagnostic) -> None:
        if diagnostic.message_primary == CHANNEL:
            connection.cache_written = True

    connection.connection.add_notice_handler(heard)
    if _count_committed_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count_committed_writes)
