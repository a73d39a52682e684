"""Server-side latency and SQL query count of the main pages, in-process.

Run by bench/run.py against a seeded database (DATABASE_URL); prints one JSON object.
Each page is requested a few times to warm caches, then ``--requests`` times measured.
Rows named "(after a mark)" mark a claim of another entry before each request, as an
editor does (``entries.review.services.claim_mark``); rows named "(after a paper write)" edit a
paper's title before each (``papers.services.paper_update``). The garbage collector is set
as each server worker sets it (``gunicorn.conf.py``).
"""

from __future__ import annotations

import json
import os
import runpy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.core.signals import request_started  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.db.models import Count, Q  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from entries.models import Claim, Entry, EntryStatus, Evidence  # noqa: E402
from entries.review.services import claim_mark  # noqa: E402
from papers.models import Paper  # noqa: E402
from papers.services import paper_update  # noqa: E402
from results.models import Benchmark, ResultStatus  # noqa: E402
from wiki.models import Concept  # noqa: E402

AFTER_A_MARK = " (after a mark)"
AFTER_A_PAPER_WRITE = " (after a paper write)"


def _measured_entry() -> Entry | None:
    return Entry.objects.published().annotate(n=Count("claims")).order_by("-n", "-id").first()


def pages() -> list[tuple[str, str, bool]]:
    """(name, path, logged in as an editor)."""
    busiest = (
        Concept.objects.annotate(
            n=Count("entries", filter=Q(entries__status=EntryStatus.PUBLISHED))
        )
        .order_by("-n")
        .first()
    )
    entry = _measured_entry()
    slug = busiest.slug if busiest else "missing"
    # The benchmark and the concept with the most confirmed results.
    benchmark = Benchmark.objects.annotate(n=Count("results")).order_by("-n").first()
    with_results = (
        Concept.objects.annotate(
            n=Count(
                "entries__claims__results",
                filter=Q(entries__claims__results__status=ResultStatus.CONFIRMED),
            )
        )
        .order_by("-n")
        .first()
    )
    # The pages built from many rows, measured warm and again after a write.
    heavy = [
        ("entry page", f"/entries/{entry.pk if entry else 0}/", False),
        (
            "papers: topic + one year",
            f"/papers/?topic={slug}&published_after=2025-01-01&published_before=2025-12-31",
            False,
        ),
        ("papers: ?q=", "/papers/?q=reward+policy", False),
        ("search", "/search/?q=reward+policy", False),
        ("review queue", "/review/", True),
        ("results table", f"/wiki/{with_results.slug if with_results else slug}/results/", False),
        ("benchmark page", f"/benchmarks/{benchmark.slug if benchmark else 'missing'}/", False),
    ]
    # The pages that show the papers library, measured after a write to it as well.
    library = [row for row in heavy if row[0].startswith(("papers", "search"))]
    return [
        ("concept page (cached)", f"/wiki/{slug}/", False),
        ("concept page (anonymous)", f"/wiki/{slug}/", False),
        ("concept page (logged in)", f"/wiki/{slug}/", True),
        *heavy,
        ("topic Atom feed", f"/topics/{slug}/feed/", False),
        # The same pages when every request follows a write: the fragments a write keeps
        # (the papers list's after a mark) are reused, the others rebuilt.
        *((f"{name}{AFTER_A_MARK}", path, logged_in) for name, path, logged_in in heavy),
        *((f"{name}{AFTER_A_PAPER_WRITE}", path, in_) for name, path, in_ in library),
    ]


class Writes:
    """The writes made before each request of an "after a …" row."""

    def __init__(self, editor) -> None:
        self.editor = editor
        measured = _measured_entry()
        # A claim of another published entry: the measured entry's history stays as it is.
        self.claim = (
            Claim.objects.filter(entry__status=EntryStatus.PUBLISHED)
            .exclude(entry=measured)
            .order_by("pk")
            .first()
        )
        self.paper = Paper.objects.order_by("pk").first()
        self.title = self.paper.title if self.paper else ""
        self.count = 0

    def before(self, name: str) -> None:
        self.count += 1
        if name.endswith(AFTER_A_MARK) and self.claim is not None:
            # Neither level is "full text", which a paper read in abstract would refuse.
            level = (Evidence.SECONDARY, Evidence.EDITORIAL)[self.count % 2]
            claim_mark(claim=self.claim, by=self.editor, evidence=level, caveats=[])
        elif name.endswith(AFTER_A_PAPER_WRITE) and self.paper is not None:
            title = self.title if self.count % 2 else f"{self.title} (revised)"
            paper_update(
                paper=self.paper, fields={"title": title}, topics=list(self.paper.topics.all())
            )

    def undo(self) -> None:
        if self.paper is not None and self.paper.title != self.title:
            paper_update(
                paper=self.paper, fields={"title": self.title}, topics=self.paper.topics.all()
            )


def main() -> None:
    # Django empties the query log when a request starts; keep it to count a request's queries.
    request_started.disconnect(reset_queries)
    requests = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    User = get_user_model()
    user, created = User.objects.get_or_create(username="bench-editor")
    if created:
        user.groups.add(Group.objects.get(name="Editor"))
    anonymous, editor = Client(), Client()
    editor.force_login(user)
    writes = Writes(user)
    # The garbage collector as each server worker sets it once the app is loaded.
    runpy.run_path(str(Path(__file__).resolve().parent.parent / "gunicorn.conf.py"))[
        "post_worker_init"
    ](None)
    results = []
    for name, path, logged_in in pages():
        client = editor if logged_in else anonymous
        # Every row but the first measures rendering: a page-cache hit would hide it.
        settings.PAGE_CACHE_ENABLED = name.endswith("(cached)")
        for _ in range(3):
            response = client.get(path)
        after_a_write = name.endswith((AFTER_A_MARK, AFTER_A_PAPER_WRITE))
        if after_a_write:
            writes.before(name)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        query_count = len(queries.captured_queries)
        timings = []
        for _ in range(requests):
            if after_a_write:
                writes.before(name)
            started = time.perf_counter()
            client.get(path)
            timings.append((time.perf_counter() - started) * 1000)
        timings.sort()
        results.append(
            {
                "page": name,
                "path": path,
                "status": response.status_code,
                "queries": query_count,
                "p50_ms": round(statistics.median(timings), 2),
                "p95_ms": round(timings[max(0, int(len(timings) * 0.95) - 1)], 2),
            }
        )
    writes.undo()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
