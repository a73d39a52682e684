"""The saturation run: steps of more and more people with no think time, p95 per step, and
the knee, the first step whose p95 passes a second."""

from __future__ import annotations

import datetime as dt
import os
import threading
import time

from crowd import Mix, Setup, people
from machine import CpuAccount, cache_figures
from report import KNEE_P95_MS, traffic_figures
from team import servers_figures
from traffic import Results


def step_mix(n: int) -> Mix:
    """The team's proportions at ``n`` people: a fifth contributors, one in twelve editors."""
    contributors, editors = max(1, n // 5), max(1, n // 12)
    return Mix(n - contributors - editors, contributors, editors, exporters=0)


def saturation_step(setup: Setup, n: int, step_s: float) -> dict:
    """``n`` people with no think time for ``step_s`` seconds, timed once all have logged in."""
    results, stop, go = Results(), threading.Event(), threading.Event()
    mix = step_mix(n)

    def begin() -> None:  # the logins are not part of the step
        with results.lock:
            results.samples.clear()
            results.statuses.clear()
            results.started = time.perf_counter()
        go.set()

    threads = people(setup, mix, results, stop, 0.0, threading.Barrier(mix.total, begin))
    for thread in threads:
        thread.start()
    go.wait(120)
    cpu = CpuAccount(setup.process_groups)
    stop.wait(step_s)
    stop.set()
    seconds = results.now()
    cpu.sample()
    for thread in threads:
        thread.join(timeout=60)
    return {
        "people": n,
        "mix": vars(mix),
        "traffic": traffic_figures(results, seconds),
        "load_average": round(os.getloadavg()[0], 2),
        "cpu_seconds": cpu.figures(),
        "redis": cache_figures(setup.cache_url),
        "people_failed": results.people_failed[:5],
    }


def saturation(setup: Setup, args) -> dict:
    steps = []
    for n in args.steps:
        print(f"  {n} people, {args.step_seconds} s …", flush=True)
        steps.append(saturation_step(setup, n, args.step_seconds))
    knee = next(
        (s["people"] for s in steps if s["traffic"]["all_but_logins"]["p95_ms"] > KNEE_P95_MS),
        None,
    )
    return {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "command": args.command,
        "servers": servers_figures(setup, args),
        "step_s": args.step_seconds,
        "knee_p95_ms": KNEE_P95_MS,
        "knee_people": knee,
        "steps": steps,
    }
