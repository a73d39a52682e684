"""Watching's background work: each person's digest email goes out from a worker."""

from __future__ import annotations

import datetime as dt

from django_tasks import task

from watching.digests import digest_deliver


@task()
def digest_send(*, profile_id: int, until: str) -> bool:
    """One person's digest of what changed up to ``until`` (ISO time, when it was queued)."""
    return digest_deliver(profile_id=profile_id, until=dt.datetime.fromisoformat(until))
