"""The digest email: one a period per person, only when something changed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from tests.factories import _entry
from watching.digests import digests_enqueue_due
from watching.models import WatchingProfile
from watching.services import profile_get, watch_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def watcher(world, charlie):
    """Charlie watches the concept; his last digest went out a moment before the test."""
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    WatchingProfile.objects.filter(user=charlie).update(last_digest=timezone.now())
    return charlie


def _publish(world, headline: str):
    return _entry(
        author=world.drafts["cora"].author,
        status="published",
        topic=world.concept,
        paper=world.paper,
        headline=headline,
    )


def _send(django_capture_on_commit_callbacks, **kwargs) -> int:
    with django_capture_on_commit_callbacks(execute=True):
        return digests_enqueue_due(**kwargs)


def test_digest_has_the_changes_with_evidence_and_links(
    world, watcher, django_capture_on_commit_callbacks
):
    _publish(world, "A finding for the digest")

    queued = _send(django_capture_on_commit_callbacks)

    assert queued == 1
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [watcher.email]
    assert message.subject == "1 change on what you watch · Research Wiki"
    assert "New entry: A finding for the digest" in message.body
    assert "Evidence: full text \u00d72" in message.body
    assert "/entries/" in message.body
    html, kind = message.alternatives[0]
    assert kind == "text/html"
    assert "A finding for the digest</a>" in html
    assert "full text" in html


def test_digest_goes_once_a_period(world, watcher, django_capture_on_commit_callbacks):
    _publish(world, "Once")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("send_digests", verbosity=0)
    _publish(world, "Later the same week")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("send_digests", verbosity=0)

    assert len(mail.outbox) == 1
    next_week = timezone.now() + dt.timedelta(days=7)
    assert _send(django_capture_on_commit_callbacks, now=next_week) == 1
    assert len(mail.outbox) == 2
    assert "Later the same week" in mail.outbox[1].body
    assert "New entry: Once" not in mail.outbox[1].body


def test_digest_skipped_when_nothing_changed(world, watcher, django_capture_on_commit_callbacks):
    before = WatchingProfile.objects.get(user=watcher).last_digest

    _send(django_capture_on_commit_callbacks)

    assert mail.outbox == []
    assert WatchingProfile.objects.get(user=watcher).last_digest == before


def test_no_digest_when_off_or_without_an_address(
    world, watcher, other_contributor, django_capture_on_commit_callbacks
):
    WatchingProfile.objects.filter(user=watcher).update(digest="off")
    watch_set(user=other_contributor, kind="concept", target=world.concept, watching=True)
    other_contributor.email = ""
    other_contributor.save()
    _publish(world, "Nobody is told")

    assert _send(django_capture_on_commit_callbacks) == 0
    assert mail.outbox == []


def test_daily_digest_is_due_each_day(world, watcher, django_capture_on_commit_callbacks):
    WatchingProfile.objects.filter(user=watcher).update(digest="daily")
    _publish(world, "Today")
    _send(django_capture_on_commit_callbacks)
    tomorrow = timezone.now() + dt.timedelta(days=1)
    _publish(world, "Tomorrow's news")  # published now, but after the last digest

    assert _send(django_capture_on_commit_callbacks, now=tomorrow) == 1
    assert len(mail.outbox) == 2
    assert profile_get(user=watcher).digest_period == timezone.localdate(tomorrow).isoformat()
