"""Entries' background work: the decision email goes out from a worker, not the request."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django_tasks import task

from entries.emails import send_decision_email
from entries.models import Entry, EntryEvent


@task()
def decision_email_send(*, entry_id: int, event_id: int, recipient_id: int | None) -> bool:
    """Tell the author what the editor decided. Queued when the decision commits, so a
    decision rolled back sends nothing and a slow mail server never holds the editor."""
    entry = Entry.objects.filter(pk=entry_id).first()
    event = EntryEvent.objects.filter(pk=event_id).first()
    recipient = get_user_model().objects.filter(pk=recipient_id).first() if recipient_id else None
    if entry is None or event is None:  # deleted since: nothing left to tell
        return False
    return send_decision_email(entry=entry, event=event, to=recipient)
