"""The team run: 50 people with think time, a server killed and restarted, Redis emptied,
an import and exports beside them; then every acknowledged write checked."""

from __future__ import annotations

import datetime as dt
import statistics
import threading
import time

import importing
from checks import duplicated_writes, lost_writes
from crowd import Mix, Setup, people
from database import DB_NAME
from machine import CpuAccount, Sampler
from report import after_warmup, over_target, targets_met, timeline, traffic_figures
from servers import flush_cache
from traffic import Results

# The first seconds of the team run: people arriving and logging in, workers cold.
WARMUP_S = 20


def _kill_and_restart(setup: Setup, results: Results, down_s: float) -> None:
    """Kills the first server and starts it again ``down_s`` later, in a thread of its own:
    the schedule goes on while the server boots."""
    thread = threading.Thread(target=_outage, args=(setup, results, down_s))
    thread.start()
    setup.background.append(thread)


def _outage(setup: Setup, results: Results, down_s: float) -> None:
    server = setup.servers[0]
    killed = server.kill()
    results.event(f"server {server.name} killed (SIGKILL to {killed} processes)")
    time.sleep(down_s)
    server.start()
    ready = server.wait_ready()
    results.event(f"server {server.name} restarted on port {server.port}, ready in {ready:.1f} s")


def _flush(setup: Setup, results: Results) -> None:
    flush_cache(setup.cache_url)
    results.event(f"Redis FLUSHDB on {setup.cache_url}")


def _start_import(setup: Setup, results: Results, run: importing.ImportRun) -> None:
    run.start(setup.env, lambda: results.event(f"import_notes finished in {run.seconds:.1f} s"))
    results.event(f"import_notes started ({run.expected_entries} entries)")


def _schedule(setup: Setup, args, results: Results, run: importing.ImportRun) -> list:
    d = args.duration
    return [
        (0.3 * d, lambda: _start_import(setup, results, run)),
        (0.4 * d, lambda: _kill_and_restart(setup, results, args.down)),
        (0.6 * d, lambda: _flush(setup, results)),
    ]


def _wait_until(results: Results, at_s: float, stop: threading.Event) -> None:
    stop.wait(max(0.0, at_s - results.now()))


def team_run(setup: Setup, args) -> dict:
    mix = Mix(args.readers, args.contributors, args.editors, exporters=1)
    results, stop = Results(), threading.Event()
    run = importing.prepare(setup.workdir, setup.database_url, args.import_sections, 4)
    threads = people(setup, mix, results, stop, args.think)
    cpu = CpuAccount(lambda: setup.process_groups(importing=run.pid))
    sampler = Sampler(setup.database_url, DB_NAME, setup.cache_url, cpu)
    sampler.start()
    results.started = time.perf_counter()
    for thread in threads:
        thread.start()
    for at_s, action in _schedule(setup, args, results, run):
        _wait_until(results, at_s, stop)
        action()
    _wait_until(results, args.duration, stop)
    stop.set()
    for thread in threads + setup.background:
        thread.join(timeout=60)
    seconds = results.now()
    run.finish()
    memory = [server.memory() for server in setup.servers]
    machine = sampler.finish()
    return _team_report(setup, args, mix, results, seconds, run, memory, machine)


def _memory(memory: list[dict]) -> dict[str, object]:
    workers = [m for server in memory for m in server["worker_rss_mb"]]
    return {
        "per_server": memory,
        "worker_rss_max_mb": round(max(workers, default=0), 1),
        "worker_rss_mean_mb": round(statistics.fmean(workers), 1) if workers else 0,
    }


def _team_report(setup, args, mix, results, seconds, run, memory, machine) -> dict:
    traffic = traffic_figures(results, seconds)
    lost = lost_writes(setup.database_url, results)
    duplicated, rows = duplicated_writes(setup.database_url)
    statuses = [w.status for w in results.entries.values()]
    return {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "command": args.command,
        "people": {
            **vars(mix),
            "importers": 1,  # a process, not a thread: import_notes
            "total": mix.total + 1,
            "think_time_mean_s": args.think,
        },
        "servers": servers_figures(setup, args),
        "traffic": traffic,
        "targets": targets_met(traffic),
        "over_target": over_target(results),
        "after_warmup": after_warmup(results, WARMUP_S),
        "writes": {
            "acknowledged": results.acknowledged,
            "entries_acknowledged": len(results.entries),
            "approved": statuses.count("published"),
            "claims_marked": len(results.marked_claims),
            "results_discarded": len(results.discarded_results),
            "lost": len(lost),
            "duplicated": len(duplicated),
            "unacknowledged_rows": rows - len(results.entries),
        },
        "import": importing.check_import(setup.database_url, run),
        "exports": {"downloads": results.exports, "bytes": results.export_bytes},
        "events": results.events,
        "memory": _memory(memory),
        "machine": machine,
        "cpu_ms_per_request": _cost(machine["cpu_seconds"], traffic["requests"]),
        "timeline": timeline(results.samples),
        "examples": _examples(results, lost, duplicated, setup),
    }


def _cost(cpu_seconds: dict[str, float], requests: int) -> dict[str, float]:
    """CPU per request of the app servers and of PostgreSQL (the app servers' figure
    includes booting the restarted one)."""
    return {
        group: round(cpu_seconds.get(group, 0) * 1000 / max(requests, 1), 1)
        for group in ("app servers", "postgres")
    }


def servers_figures(setup: Setup, args) -> dict[str, object]:
    return {
        "count": len(setup.servers),
        "gunicorn": f"gunicorn.conf.py, {args.workers} workers, gthread x {args.threads}",
        "settings": "DEBUG=0, PostgreSQL, CACHE_URL=" + setup.cache_url,
        "ports": [server.port for server in setup.servers],
    }


def _examples(results: Results, lost, duplicated, setup: Setup) -> dict[str, list[str]]:
    logged = [line for server in setup.servers for line in server.errors_logged()]
    return {
        "server_errors": results.server_errors[:5],
        "transport_errors": results.transport_errors[:5],
        "failover_retries": results.failovers[:5],
        "refused": results.refused[:5],
        "stale": results.stale[:5],
        "seen_late": results.seen_late[:5],
        "lost": lost[:5],
        "duplicated": duplicated[:5],
        "people_failed": results.people_failed[:5],
        "server_log_errors": logged[:5],
    }


def team_failed(report: dict) -> bool:
    t, w = report["traffic"], report["writes"]
    imported = report["import"]
    return bool(
        t["server_errors_5xx"] or t["transport_errors"] or t["stale_reads"]
        or w["lost"] or w["duplicated"] or report["examples"]["people_failed"]
        or not imported["ok"] or imported["duplicated"]
        or imported["entries_found"] != imported["expected_entries"]
    )  # fmt: skip
