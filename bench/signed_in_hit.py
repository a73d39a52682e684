"""What one signed-in hit of a concept page costs in-process, through the WSGI application
as gunicorn calls it: at the signed-in door (core/chrome.py) and through Django's whole
handling (the same application without the doors). Prints one JSON object.

Run on a database ``make bench`` prepared (its people and the seeds' concept page), with the
settings it serves with, for example:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_bench_large DEBUG=0 \\
    SECRET_KEY=bench-only-secret-key-not-for-production-0123456789abcdef \\
    ALLOWED_HOSTS=127.0.0.1 SECURE_SSL_REDIRECT=0 SESSION_COOKIE_SECURE=0 \\
    CSRF_COOKIE_SECURE=0 SECURE_HSTS_SECONDS=0 LOG_LEVEL=WARNING \\
    .venv/bin/python bench/signed_in_hit.py
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PAGE = "/wiki/agentic-reinforcement-learning/"
REQUESTS = 3_000


def main() -> None:
    from django.contrib.auth import get_user_model
    from django.core.wsgi import get_wsgi_application
    from django.test import Client

    from config.wsgi import application as with_doors
    from core.request_log import observed

    user = get_user_model().objects.get(username="bench-contributor")
    user.set_password("signed-in-hit-bench")
    user.save()
    client = Client(HTTP_HOST="127.0.0.1")
    client.post("/accounts/login/", {"username": user.username, "password": "signed-in-hit-bench"})
    cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
    answers: list[str] = []

    def start_response(status: str, headers: list, exc_info=None) -> None:
        answers.append(dict(headers).get("X-Page-Cache", "stack"))

    def hit(application) -> None:
        environ = {
            "REQUEST_METHOD": "GET", "PATH_INFO": PAGE, "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1",
            "HTTP_COOKIE": cookie, "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(),
            "wsgi.errors": sys.stderr, "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
        }  # fmt: skip
        body = application(environ, start_response)
        b"".join(body)
        getattr(body, "close", lambda: None)()

    def best_us(application) -> float:
        for _ in range(50):  # warm: the page kept, the session and account cached
            hit(application)
        rounds = []
        for _ in range(7):
            started = time.perf_counter()
            for _ in range(REQUESTS):
                hit(application)
            rounds.append((time.perf_counter() - started) / REQUESTS * 1e6)
        return min(rounds)

    door = best_us(with_doors)
    answered_by = answers[-1]
    stack = best_us(observed(get_wsgi_application()))
    print(json.dumps({"door_us": round(door), "door_answered": answered_by,
                      "stack_us": round(stack)}))  # fmt: skip


if __name__ == "__main__":
    main()
