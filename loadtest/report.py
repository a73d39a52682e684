"""Figures from the samples: percentiles per request kind and per class (reads, writes),
against the targets; the team run's summary and the saturation run's steps and knee."""

from __future__ import annotations

from collections import defaultdict

from traffic import Results, request_class

TARGET_P95_MS = {"read": 100, "write": 250}
KNEE_P95_MS = 1000


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) in milliseconds."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))
    return ordered[index] * 1000


def latency_row(values: list[float]) -> dict[str, float]:
    return {
        "requests": len(values),
        "p50_ms": round(percentile(values, 50), 1),
        "p95_ms": round(percentile(values, 95), 1),
        "p99_ms": round(percentile(values, 99), 1),
    }


def grouped(samples, key) -> dict[str, list[float]]:
    groups: dict[str, list[float]] = defaultdict(list)
    for _, kind, seconds in samples:
        groups[key(kind)].append(seconds)
    return groups


def timeline(samples, every_s: int = 10) -> list[dict[str, object]]:
    """Requests and p95 of reads and writes per ``every_s`` seconds of the run."""
    buckets: dict[int, list] = defaultdict(list)
    for t, kind, seconds in samples:
        buckets[int(t // every_s) * every_s].append((t, kind, seconds))
    rows = []
    for start in sorted(buckets):
        classes = grouped(buckets[start], request_class)
        rows.append(
            {
                "from_s": start,
                "requests": len(buckets[start]),
                "read_p95_ms": round(percentile(classes["read"], 95), 1),
                "write_p95_ms": round(percentile(classes["write"], 95), 1),
            }
        )
    return rows


def traffic_figures(results: Results, seconds: float) -> dict[str, object]:
    """What every run reports: latencies, throughput, statuses, errors, failovers."""
    samples = [s for s in results.samples if s[0] >= 0]
    measured = [s for s in samples if request_class(s[1]) != "login"]
    classes = grouped(samples, request_class)
    return {
        "duration_s": round(seconds, 1),
        "requests": len(samples),
        "requests_per_s": round(len(samples) / seconds, 1) if seconds else 0,
        "all_but_logins": latency_row([s[2] for s in measured]),
        "reads": latency_row(classes["read"]),
        "writes": latency_row(classes["write"]),
        "logins": latency_row(classes["login"]),
        "per_kind": {k: latency_row(v) for k, v in sorted(grouped(samples, str).items())},
        "statuses": dict(sorted(results.statuses.items())),
        "server_errors_5xx": len(results.server_errors),
        "transport_errors": len(results.transport_errors),
        "failover_retries": len(results.failovers),
        "refused_4xx": len(results.refused),
        "read_backs": results.read_backs,
        "stale_reads": len(results.stale),
        "seen_on_a_later_read_within_1s": len(results.seen_late),
    }


def after_warmup(results: Results, warmup_s: float) -> dict[str, object]:
    """Reads and writes once every person has logged in and every worker has served a few
    pages: what the rest of the run looked like."""
    samples = [s for s in results.samples if s[0] >= warmup_s]
    classes = grouped(samples, request_class)
    return {
        "from_s": warmup_s,
        "reads": latency_row(classes["read"]),
        "writes": latency_row(classes["write"]),
    }


def over_target(results: Results) -> dict[str, dict[str, int]]:
    """How many requests of each kind took longer than their class's target: where the p95
    comes from."""
    over: dict[str, dict[str, int]] = {name: defaultdict(int) for name in TARGET_P95_MS}
    for _, kind, seconds in results.samples:
        name = request_class(kind)
        if name in TARGET_P95_MS and seconds * 1000 > TARGET_P95_MS[name]:
            over[name][kind] += 1
    return {
        name: dict(sorted(kinds.items(), key=lambda item: -item[1])) for name, kinds in over.items()
    }


def targets_met(figures: dict) -> dict[str, dict[str, object]]:
    met = {}
    for name, limit in TARGET_P95_MS.items():
        p95 = figures[f"{name}s"]["p95_ms"]
        met[f"{name}s_p95"] = {"p95_ms": p95, "target_ms": limit, "met": p95 <= limit}
    return met


def _kind_table(per_kind: dict, rows: dict[str, dict]) -> None:
    print(f"{'kind':<26} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for kind, row in {**per_kind, **rows}.items():
        print(f"{kind:<26} {row['requests']:>9} {row['p50_ms']:>8} {row['p95_ms']:>8} "
              f"{row['p99_ms']:>8}")  # fmt: skip


def print_team(report: dict) -> None:
    t, w, i = report["traffic"], report["writes"], report["import"]
    m, load, exports = report["memory"], report["machine"], report["exports"]
    lines = [
        f"\nTeam run: {t['duration_s']} s, {report['people']['total']} people, "
        f"{t['requests']} requests ({t['requests_per_s']}/s), statuses {t['statuses']}",
    ]
    print(*lines)
    _kind_table(t["per_kind"], {"READS": t["reads"], "WRITES": t["writes"]})
    for name, target in report["targets"].items():
        verdict = "met" if target["met"] else "MISSED"
        print(f"{name}: {target['p95_ms']} ms (target ≤ {target['target_ms']} ms): {verdict}")
    for name, kinds in report["over_target"].items():
        print(f"{name} over {TARGET_P95_MS[name]} ms: " + ", ".join(
            f"{kind} {count}" for kind, count in kinds.items()))  # fmt: skip
    late = report["after_warmup"]
    print(f"after the first {late['from_s']} s: reads p95 {late['reads']['p95_ms']} ms, "
          f"writes p95 {late['writes']['p95_ms']} ms")  # fmt: skip
    lines = [
        f"5xx: {t['server_errors_5xx']} · transport errors: {t['transport_errors']} · "
        f"failover retries: {t['failover_retries']} · refused (4xx): {t['refused_4xx']}",
        f"acknowledged writes: {w['acknowledged']} ({w['entries_acknowledged']} entries, "
        f"{w['approved']} approved, {w['claims_marked']} claim marks, "
        f"{w['results_discarded']} results discarded) · lost: {w['lost']} · "
        f"duplicated: {w['duplicated']} · rows never acknowledged: {w['unacknowledged_rows']}",
        f"read-backs through another server: {t['read_backs']} · stale: {t['stale_reads']} "
        f"(seen on a second read within 1 s: {t['seen_on_a_later_read_within_1s']})",
        f"import: {'ok' if i['ok'] else 'FAILED'} in {i['seconds']} s, {i['entries_found']} "
        f"of {i['expected_entries']} entries, {i['duplicated']} duplicated · exports: "
        f"{exports['downloads']} ({exports['bytes']:,} bytes)",
        f"events: {report['events']}",
        f"worker RSS: max {m['worker_rss_max_mb']} MB, mean {m['worker_rss_mean_mb']} MB · "
        f"peak database connections: {load['db_connections_peak']} · load average "
        f"{load['load_start']} at start, {load['load_mean']} mean, {load['load_max']} max",
        f"Redis: peak {load['redis_used_memory_peak_mb']} MB, {load['redis_keys_peak']} keys · "
        f"CPU seconds: {load['cpu_seconds']} · CPU ms a request: {report['cpu_ms_per_request']}",
    ]
    print("\n".join(lines))
    print("every 10 s (from s: requests, reads p95 / writes p95 ms):")
    print("  " + " · ".join(
        f"{row['from_s']}: {row['requests']}, {row['read_p95_ms']:.0f}/{row['write_p95_ms']:.0f}"
        for row in report["timeline"]
    ))  # fmt: skip
    _examples(report["examples"])


def _examples(examples: dict[str, list[str]]) -> None:
    for name, items in examples.items():
        for item in items:
            print(f"  {name}: {item}")


def print_saturation(report: dict) -> None:
    print(f"\nSaturation: {report['step_s']} s a step, no think time")
    print(f"{'people':>6} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
          f"{'reads p95':>10} {'writes p95':>11} {'5xx':>4} {'load':>5}  CPU s: servers, "
          "PostgreSQL, load generator, other processes")  # fmt: skip
    for s in report["steps"]:
        a, t, cpu = s["traffic"]["all_but_logins"], s["traffic"], s["cpu_seconds"]
        shares = ", ".join(
            str(cpu.get(group, 0))
            for group in ("app servers", "postgres", "load generator", "other processes")
        )
        print(f"{s['people']:>6} {t['requests_per_s']:>7} {a['p50_ms']:>8} {a['p95_ms']:>8} "
              f"{a['p99_ms']:>8} {t['reads']['p95_ms']:>10} {t['writes']['p95_ms']:>11} "
              f"{t['server_errors_5xx']:>4} {s['load_average']:>5}  {shares}")  # fmt: skip
    redis = report["steps"][-1]["redis"]
    print(f"Redis after the last step: {redis['used_memory_mb']} MB, {redis['keys']} keys")
    knee = report["knee_people"]
    print(f"knee (first step whose p95 passes {KNEE_P95_MS} ms): "
          f"{f'{knee} people' if knee else 'not reached'}")  # fmt: skip
