"""gunicorn settings for the image (deploy/start.sh), each one open to the environment.

Threads serve a slow request without holding up the others; ``timeout`` restarts a worker
that stops answering; ``max_requests`` with jitter recycles workers one at a time, so slow
memory growth never builds up and never restarts them all at once.
"""

from __future__ import annotations

import gc
import os


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        raise SystemExit(f"{name} must be an integer, not {raw!r}") from None


bind = os.environ.get("WEB_BIND", "0.0.0.0:8000")
workers = _int("WEB_WORKERS", 2)
worker_class = "gthread"
threads = _int("WEB_THREADS", 4)
timeout = _int("WEB_TIMEOUT", 30)
# On SIGTERM (docker stop, a deploy) workers stop accepting and finish what they hold for up
# to this long; docker-compose.yml's stop_grace_period (35 s) leaves them the time.
graceful_timeout = _int("WEB_GRACEFUL_TIMEOUT", 30)
keepalive = _int("WEB_KEEPALIVE", 5)
# Connections a worker takes off the shared socket before it can serve them die with it if it
# is killed (the hostile run lost ~90 of 200 so, a saved POST among them; issue #27). Each
# worker holds at most two per thread (one served, one waiting or idle in keep-alive); the
# rest wait in the kernel's queue on the socket, which the arbiter keeps open across worker
# restarts, so another worker serves them. The queue itself is kept short: past it, new
# clients are refused at once (a proxy retries elsewhere) rather than waiting behind a
# stalled server.
worker_connections = _int("WEB_WORKER_CONNECTIONS", 2 * threads)
backlog = _int("WEB_BACKLOG", 64)
max_requests = _int("WEB_MAX_REQUESTS", 2000)
max_requests_jitter = _int("WEB_MAX_REQUESTS_JITTER", 200)
# Off by default: the app logs every request itself, once, in JSON with its id, route, user
# and duration (core/request_log.py), pages the front door answers included. "-" switches
# gunicorn's own line on again (standard output), a path writes it to that file.
accesslog = os.environ.get("WEB_ACCESS_LOG", "") or None
errorlog = "-"
# The client's address as the TLS proxy saw it, then the time taken in microseconds.
access_log_format = '%({x-forwarded-for}i)s %(h)s "%(r)s" %(s)s %(b)s %(D)sus "%(a)s"'

# Garbage collection: measured in-process over 3,000 signed-in concept pages, the default
# thresholds ran 300 collections, one of them a full collection (walking every object the
# app loaded: Django, the URL patterns, the templates) that held a request for 130-420 ms:
# the slowest percentile under load. Objects loaded at start are frozen out of collection
# once the app is loaded, and young collections run less often (24 of them, none over
# about 60 ms; a threshold of 50,000 made each young collection 200 ms).
GC_THRESHOLD = (_int("WEB_GC_THRESHOLD", 10_000), 20, 100)


def post_worker_init(worker) -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)
