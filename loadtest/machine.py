"""What the machine did during a run: its load average, the database's connections, and
where the CPU time went (the app servers, PostgreSQL, Redis, the import, the load
generator itself, and everything else: the machine is shared)."""

from __future__ import annotations

import os
import statistics
import threading
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import psycopg
import redis

TICKS = os.sysconf("SC_CLK_TCK")


def processes() -> dict[int, tuple[str, int, int]]:
    """pid -> (command name, parent pid, CPU ticks so far) for every process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry.name)] = (name, int(fields[1]), int(fields[11]) + int(fields[12]))
    return found


class CpuAccount:
    """CPU seconds per group of processes, from the differences between snapshots of /proc
    (a process that lives less than one interval is missed)."""

    def __init__(self, groups: Callable[[], dict[str, set[int]]]) -> None:
        self.groups = groups  # group name -> pids known to belong to it (parents included)
        self.last: dict[int, int] = {pid: ticks for pid, (_, _, ticks) in processes().items()}
        self.seconds: dict[str, float] = defaultdict(float)

    def _group(self, pid: int, name: str, parent: int, known: dict[str, set[int]]) -> str:
        for group, pids in known.items():
            if pid in pids or parent in pids:
                return group
        if name in ("postgres", "redis-server"):
            return name
        return "other processes"

    def sample(self) -> None:
        known = self.groups()
        for pid, (name, parent, ticks) in processes().items():
            delta = ticks - self.last.get(pid, 0)
            self.last[pid] = ticks
            if delta > 0:
                self.seconds[self._group(pid, name, parent, known)] += delta / TICKS

    def figures(self) -> dict[str, float]:
        return {group: round(s, 1) for group, s in sorted(self.seconds.items())}


def cache_figures(cache_url: str) -> dict[str, float]:
    """Redis's memory (the whole server's) and the keys of the load test's database."""
    client = redis.Redis.from_url(cache_url)
    try:
        used = client.info("memory")["used_memory"] / 2**20
        return {"used_memory_mb": round(used, 1), "keys": client.dbsize()}
    finally:
        client.close()


class Sampler(threading.Thread):
    """Every few seconds: the load average, the database's connections, Redis's memory and
    keys, the CPU account."""

    def __init__(self, database_url: str, database: str, cache_url: str, cpu: CpuAccount) -> None:
        super().__init__(daemon=True)
        self.database_url, self.database, self.cpu = database_url, database, cpu
        self.cache = redis.Redis.from_url(cache_url)
        self.every_s = 2.0
        self.stop = threading.Event()
        self.load: list[float] = []
        self.connections: list[int] = []
        self.cache_mb: list[float] = []
        self.cache_keys: list[int] = []

    def run(self) -> None:
        with psycopg.connect(self.database_url, autocommit=True) as conn:
            while True:
                self._sample(conn)
                if self.stop.wait(self.every_s):
                    return

    def _sample(self, conn: psycopg.Connection) -> None:
        self.load.append(os.getloadavg()[0])
        row = conn.execute(
            "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = %s", [self.database]
        ).fetchone()
        self.connections.append(row[0])
        self.cache_mb.append(self.cache.info("memory")["used_memory"] / 2**20)
        self.cache_keys.append(self.cache.dbsize())
        self.cpu.sample()

    def finish(self) -> dict[str, object]:
        self.stop.set()
        self.join()
        self.cache.close()
        self.cpu.sample()
        load = self.load or [0.0]
        return {
            "cores": os.cpu_count(),
            "load_start": round(load[0], 2),
            "load_mean": round(statistics.fmean(load), 2),
            "load_max": round(max(load), 2),
            "db_connections_peak": max(self.connections, default=0),
            # Redis's memory is the whole server's; the keys are the load test's database's.
            "redis_used_memory_peak_mb": round(max(self.cache_mb, default=0), 1),
            "redis_keys_peak": max(self.cache_keys, default=0),
            "cpu_seconds": self.cpu.figures(),
        }
