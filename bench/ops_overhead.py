"""What the request log line and the latency figures cost per request, measured in-process
on a database with content (``setup_demo``), the anonymous concept page served warm:

1. ``core.metrics.requests.record`` alone;
2. the front door's answer from memory (PostgreSQL), bare and inside ``observed`` (id,
   log line, figures);
3. the page cache middleware's answer (Django's handling), without and with
   django-structlog's middleware and its receivers;
each with the JSON line written (to /dev/null, ``LOG_LEVEL=INFO``) and switched off
(``WARNING``). Rounds alternate between the variants; each figure is the median round.

    DATABASE_URL=postgres://… .venv/bin/python bench/ops_overhead.py [--requests 5000]
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
for name, value in {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "0",
    "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
    "SECURE_SSL_REDIRECT": "0",
    "LOG_FORMAT": "json",
    "LOG_LEVEL": "INFO",
}.items():
    os.environ.setdefault(name, value)

import django  # noqa: E402

django.setup()

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.test import override_settings  # noqa: E402

from core import metrics  # noqa: E402
from core.page_cache import front_door  # noqa: E402
from core.request_log import observed  # noqa: E402
from wiki.models import Concept  # noqa: E402

DEVNULL = open(os.devnull, "w")  # noqa: SIM115  (the whole run)


def environ(path: str) -> dict:
    return {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1:8000", "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "SERVER_PROTOCOL": "HTTP/1.1",
    }  # fmt: skip


def call(app, path: str) -> dict[str, str]:
    got: dict[str, str] = {}

    def start_response(status, headers, exc_info=None):
        got.update(headers)
        got["status"] = status

    body = app(environ(path), start_response)
    b"".join(body)
    if hasattr(body, "close"):
        body.close()
    return got


def per_request_us(app, path: str, requests: int) -> float:
    started = time.perf_counter()
    for _ in range(requests):
        call(app, path)
    return (time.perf_counter() - started) / requests * 1e6


def rounds(variants: dict[str, object], path: str, requests: int, count: int) -> dict:
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(count):
        for name, app in variants.items():
            times[name].append(per_request_us(app, path, requests))
    return {name: round(statistics.median(found), 1) for name, found in times.items()}


def main() -> None:
    # Production settings, but static files by their plain names: no collectstatic needed.
    plain_static = {**django.conf.settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # fmt: skip
    with override_settings(STORAGES=plain_static):
        measure()


def measure() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.stderr = DEVNULL  # where every log line goes (core/log_format.py)
    concept = Concept.objects.order_by("pk").first()
    if concept is None:
        sys.exit("No concept: run `manage.py setup_demo` on this database first.")
    path = f"/wiki/{concept.slug}/"
    on_postgres = django.db.connection.vendor == "postgresql"

    started = time.perf_counter()
    for _ in range(100_000):
        metrics.requests.record("wiki:concept", 200, 1.5)
    record_us = (time.perf_counter() - started) / 100_000 * 1e6

    django_app = WSGIHandler()
    with override_settings(
        MIDDLEWARE=[
            m
            for m in django.conf.settings.MIDDLEWARE
            if m != "core.request_log.RequestLogMiddleware"
        ]
    ):
        bare_django = WSGIHandler()
    variants = {
        "middleware hit, no request log": bare_django,
        "middleware hit, request log": django_app,
    }
    if on_postgres:
        variants["front door, bare"] = front_door(django_app)
        variants["front door, observed"] = observed(front_door(django_app))
    for _ in range(50):  # the page stored, the listener current: the door answers
        for app in variants.values():
            call(app, path)
        time.sleep(0.02)
    if on_postgres and "X-Page-Cache" not in call(variants["front door, bare"], path):
        print("warning: the front door did not answer", flush=True)

    root = logging.getLogger()
    written = rounds(variants, path, args.requests, args.rounds)
    root.setLevel(logging.WARNING)
    silent = rounds(variants, path, args.requests, args.rounds)
    root.setLevel(logging.INFO)

    sys.stderr = sys.__stderr__
    print(f"page {path} on {django.db.connection.vendor}, {args.requests} requests x "
          f"{args.rounds} rounds, median round, microseconds per request")  # fmt: skip
    print(f"metrics.requests.record alone: {record_us:.2f} us")
    print(f"{'':34}{'line written':>14}{'line off':>10}")
    for name in variants:
        print(f"{name:34}{written[name]:>14}{silent[name]:>10}")


if __name__ == "__main__":
    main()
