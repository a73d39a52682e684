"""One-time submission tokens: a form that creates something carries a token, and a second
POST with it (a retry after a lost answer, a double click, a proxy's resend) shows the thing
the first one made instead of making a copy (issue #27).

The token is a random hex string rendered into the form (``submission_token`` in every
template's context, read lazily). ``submission_start`` claims it in the default cache with
``cache.add`` (atomic, shared by every worker when it is Redis); ``submission_finish``
records where the thing made lives, or releases the token when nothing was made.
"""

from __future__ import annotations

import re
import secrets

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.functional import SimpleLazyObject

FIELD = "submission_token"
TOKEN = re.compile(r"[0-9a-f]{32}")
PENDING = "pending"
KEEP_SECONDS = 86_400  # a retry comes within seconds; a day covers a laptop closed mid-save
# How long a claim waits for its first POST to finish. Longer than any request may run (the
# server's timeout restarts a worker after 30 s), so a worker killed mid-save leaves a claim
# that lapses and lets the resend make the thing, instead of a 409 for a day.
PENDING_SECONDS = 120


def submission_context(request: HttpRequest) -> dict[str, object]:
    """Context processor: a fresh token for any form that renders one."""
    return {FIELD: SimpleLazyObject(lambda: secrets.token_hex(16))}


def submission_token(request: HttpRequest) -> str:
    """The POST's token when well formed, else "" (for work kept by its token, like jobs)."""
    token = request.POST.get(FIELD, "")
    return token if TOKEN.fullmatch(token) else ""


def _key(request: HttpRequest) -> str | None:
    token = request.POST.get(FIELD, "")
    if not TOKEN.fullmatch(token) or not request.user.is_authenticated:
        return None
    return f"submission:{request.user.pk}:{token}"


def submission_start(request: HttpRequest) -> HttpResponse | None:
    """None when this POST may go on and make its thing; otherwise the answer for a token
    already used: a redirect to what it made, or a 409 while the first POST is still saving."""
    key = _key(request)
    if key is None or cache.add(key, PENDING, PENDING_SECONDS):
        return None
    made = cache.get(key)
    if made and made != PENDING:
        messages.info(request, "This form was already sent and saved: here is what it made.")
        return redirect(made)
    return HttpResponse(
        "This form was sent twice and the first one is still being saved: reload in a moment.",
        status=409,
        content_type="text/plain; charset=utf-8",
    )


def submission_finish(request: HttpRequest, made_url: str | None) -> None:
    """Remember where the thing made lives, or free the token when nothing was made (the
    form had errors: sending it again, corrected, must work)."""
    key = _key(request)
    if key is None:
        return
    if made_url:
        cache.set(key, made_url, KEEP_SECONDS)
    else:
        cache.delete(key)
