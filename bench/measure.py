"""Server-side latency and SQL query count of the main pages, in-process.

Run by bench/run.py against a seeded database (DATABASE_URL); prints one JSON object.
Each page is requested a few times to warm caches, then ``--requests`` times measured.
"""

from __future__ import annotations

import json
import os
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

from core.cache import content_changed  # noqa: E402
from entries.models import Entry, EntryStatus  # noqa: E402
from wiki.models import Concept  # noqa: E402


def pages() -> list[tuple[str, str, bool]]:
    """(name, path, logged in as an editor)."""
    busiest = (
        Concept.objects.annotate(
            n=Count("entries", filter=Q(entries__status=EntryStatus.PUBLISHED))
        )
        .order_by("-n")
        .first()
    )
    entry = Entry.objects.published().annotate(n=Count("claims")).order_by("-n", "-id").first()
    slug = busiest.slug if busiest else "missing"
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
    ]
    return [
        ("concept page (cached)", f"/wiki/{slug}/", False),
        ("concept page (anonymous)", f"/wiki/{slug}/", False),
        ("concept page (logged in)", f"/wiki/{slug}/", True),
        *heavy,
        ("topic Atom feed", f"/topics/{slug}/feed/", False),
        # The same pages when every request follows a write (the content version replaced
        # before each): what the shared fragments save above, they cannot save here.
        *((f"{name} (after a write)", path, logged_in) for name, path, logged_in in heavy),
    ]


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
    results = []
    for name, path, logged_in in pages():
        client = editor if logged_in else anonymous
        # Every row but the first measures rendering: a page-cache hit would hide it.
        settings.PAGE_CACHE_ENABLED = name.endswith("(cached)")
        for _ in range(3):
            response = client.get(path)
        if name.endswith("(after a write)"):
            content_changed()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        query_count = len(queries.captured_queries)
        timings = []
        after_a_write = name.endswith("(after a write)")
        for _ in range(requests):
            if after_a_write:
                content_changed()
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
    print(json.dumps(results))


if __name__ == "__main__":
    main()
