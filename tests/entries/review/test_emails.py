"""Decision emails link back to the site by its public address."""

from __future__ import annotations

from django.core import mail

from entries.models import EntryStatus as S
from entries.review.workflow import entry_transition


def test_decision_email_links_are_absolute_with_site_url(
    make_entry, editor, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://wiki.example.org"
    entry = make_entry(S.PENDING)

    with django_capture_on_commit_callbacks(execute=True):
        entry_transition(entry=entry, to=S.CHANGES_REQUESTED, by=editor, comment="Name it.")

    body = mail.outbox[0].body
    assert f"Open the entry: https://wiki.example.org/entries/{entry.pk}/" in body
    assert "All your entries: https://wiki.example.org/entries/mine/" in body
