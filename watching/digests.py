"""The email digest: which people are due one, and the email itself.

A person with a daily or weekly digest gets at most one per period (a calendar day, an ISO
week, in ``TIME_ZONE``): ``digests_enqueue_due`` records the period as it queues the task,
in the same transaction, so running it twice in a period queues one. The task reads what
changed between the end of the last digest sent and the moment it was queued, and sends
nothing when nothing changed (the next digest then starts from the same point).
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from watching.models import Digest, Watch, WatchingProfile
from watching.selectors import changes, watches_of

logger = logging.getLogger(__name__)

# How far back a first digest looks, by frequency.
FIRST_LOOKBACK = {Digest.DAILY: dt.timedelta(days=1), Digest.WEEKLY: dt.timedelta(days=7)}


def period_key(digest: str, moment: dt.datetime) -> str:
    day = timezone.localtime(moment).date()
    if digest == Digest.DAILY:
        return day.isoformat()
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def digests_enqueue_due(*, now: dt.datetime | None = None) -> int:
    """Queue a digest for everyone due one in this period; returns how many were queued."""
    from watching.tasks import digest_send  # the task module imports this one

    now = now or timezone.now()
    queued = 0
    for digest in (Digest.DAILY, Digest.WEEKLY):
        key = period_key(digest, now)
        with transaction.atomic():
            due = list(
                WatchingProfile.objects.select_for_update(skip_locked=True)
                .filter(digest=digest, user__is_active=True)
                .filter(user__in=Watch.objects.values("user_id"))
                .exclude(user__email="")
                .exclude(digest_period=key)
                .values_list("pk", flat=True)
            )
            if not due:
                continue
            WatchingProfile.objects.filter(pk__in=due).update(digest_period=key)
            until = now.isoformat()
            transaction.on_commit(
                lambda due=due, until=until: [
                    digest_send.enqueue(profile_id=pk, until=until) for pk in due
                ]
            )
            queued += len(due)
    return queued


def digest_deliver(*, profile_id: int, until: dt.datetime) -> bool:
    """Send one person their digest of what changed up to ``until``; returns whether an
    email went out (not when nothing changed, the digest is off or there is no address)."""
    profile = WatchingProfile.objects.select_related("user").filter(pk=profile_id).first()
    if profile is None or profile.digest == Digest.OFF or not profile.user.email:
        return False
    since = profile.last_digest or until - FIRST_LOOKBACK.get(profile.digest, dt.timedelta(7))
    if since >= until:  # this period's digest went out already
        return False
    found = changes(watches_of(profile.user), since=since, until=until)
    if not found:
        return False
    context = {
        "user": profile.user,
        "changes": found,
        "since": since,
        "frequency": Digest(profile.digest).label.lower(),
        "site_url": settings.SITE_URL.rstrip("/"),
    }
    count = len(found)
    subject = f"{count} change{'s' if count != 1 else ''} on what you watch · Research Wiki"
    message = EmailMultiAlternatives(
        subject,
        render_to_string("watching/email/digest.txt", context),
        None,
        [profile.user.email],
    )
    message.attach_alternative(render_to_string("watching/email/digest.html", context), "text/html")
    try:
        message.send()
    except Exception:  # retried next period: the bookmark stays where it was
        logger.exception("Could not send the watching digest of profile %s", profile.pk)
        return False
    WatchingProfile.objects.filter(pk=profile.pk).update(last_digest=until)
    return True
