"""The results pages without the whole-page cache, in-process: the concept with the most
confirmed results (its results table) and the benchmark with the most (its page), on a
database seeded by ``seed_demo --results`` (DATABASE_URL). Each page is measured warm (its
shared body cached, as every reader gets it), with a claim that states no result marked
before every request (most marks: the body is kept under the results version), and with a
claim marked whose result both pages show (the body built again). Prints each row's
median, 95th percentile and slowest time, and whether the p95 meets the target. The
garbage collector is set as the server sets it in each worker (gunicorn.conf.py): what the
app loaded at start is frozen out of collection.

    DATABASE_URL=postgres://… python bench/results_pages.py [requests]
"""

from __future__ import annotations

import itertools
import os
import runpy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["PAGE_CACHE_ENABLED"] = "0"  # every request builds the page around its body

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.db.models import Count, Q  # noqa: E402
from django.test import Client  # noqa: E402

from entries.models import Claim, EntryStatus, Evidence  # noqa: E402
from entries.review.services import claim_mark  # noqa: E402
from results.models import Benchmark, ResultStatus  # noqa: E402
from wiki.models import Concept  # noqa: E402

TARGET_P95_MS = 50.0  # DESIGN.md: every page at 100k papers on PostgreSQL


def main() -> None:
    requests = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    confirmed = Q(entries__claims__results__status=ResultStatus.CONFIRMED)
    concept = (
        Concept.objects.annotate(n=Count("entries__claims__results", filter=confirmed))
        .order_by("-n")
        .first()
    )
    benchmark = Benchmark.objects.annotate(n=Count("results")).order_by("-n").first()
    if concept is None or benchmark is None:
        raise SystemExit("no results: seed with seed_demo --results N first")
    client = Client()
    editor, created = get_user_model().objects.get_or_create(username="bench-editor")
    if created:
        editor.groups.add(Group.objects.get(name="Editor"))
    published = Claim.objects.filter(entry__status=EntryStatus.PUBLISHED)
    # Most claims state no result: a mark of one keeps the results pages' bodies.
    plain = published.exclude(results__status=ResultStatus.CONFIRMED).order_by("pk").first()
    # A claim stating a result both pages show: its mark builds both bodies again.
    shown = (
        published.filter(
            results__status=ResultStatus.CONFIRMED,
            results__benchmark=benchmark,
            entry__topics=concept,
        )
        .order_by("pk")
        .first()
    )
    marks = itertools.count()
    # The garbage collector as each server worker sets it once the app is loaded.
    runpy.run_path(str(Path(__file__).resolve().parent.parent / "gunicorn.conf.py"))[
        "post_worker_init"
    ](None)

    def marking(claim: Claim):
        def mark() -> None:
            level = (Evidence.SECONDARY, Evidence.EDITORIAL)[next(marks) % 2]
            claim_mark(claim=claim, by=editor, evidence=level, caveats=[])

        return mark

    table, page = f"/wiki/{concept.slug}/results/", f"/benchmarks/{benchmark.slug}/"
    pages = [
        (f"results table ({concept.n} results)", table, None),
        (f"benchmark page ({benchmark.n} results)", page, None),
        ("results table (after a mark of a claim stating no result)", table, marking(plain)),
        ("benchmark page (after a mark of a claim stating no result)", page, marking(plain)),
        ("results table (after a mark of a claim whose result it shows)", table, marking(shown)),
        ("benchmark page (after a mark of a claim whose result it shows)", page, marking(shown)),
    ]
    for name, path, before in pages:
        client.get(path)
        times = []
        for _ in range(requests):
            if before is not None:
                before()
            started = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - started) * 1000)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
        print(
            f"{name}: {response.status_code}, {len(response.content) // 1024} KB, "
            f"median {statistics.median(times):.0f} ms, p95 {p95:.0f} ms, "
            f"slowest {max(times):.0f} ms: target p95 ≤ {TARGET_P95_MS:.0f} ms "
            + ("met" if p95 <= TARGET_P95_MS else "missed")
        )


if __name__ == "__main__":
    main()
