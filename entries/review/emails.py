"""The email an author gets when an editor decides on their entry."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.template.loader import render_to_string

from entries.models import Entry, EntryEvent

logger = logging.getLogger(__name__)

SUBJECTS = {
    "published": "Approved: {headline}",
    "changes_requested": "Changes requested: {headline}",
    "rejected": "Not accepted: {headline}",
}


def send_decision_email(*, entry: Entry, event: EntryEvent, to: AbstractBaseUser | None) -> bool:
    """Tell the author what the editor decided, with the editor's comment. Returns whether a
    message went out; a mail failure is logged, never raised into the request."""
    if to is None or not getattr(to, "email", ""):
        return False
    subject = SUBJECTS.get(event.to_status, "Review: {headline}").format(headline=entry.headline)
    body = render_to_string(
        "entries/email/decision.txt",
        {
            "entry": entry,
            "event": event,
            "author": to,
            # Absolute links when SITE_URL is set (https://wiki.example.org).
            "site_url": settings.SITE_URL,
        },
    )
    try:
        send_mail(subject[:200], body, None, [to.email])
    except Exception:  # the decision stands even when the mail server is down
        logger.exception("Could not send the decision email for entry %s", entry.pk)
        return False
    return True
