"""The jobs worker's heartbeat runs send_digests every DIGESTS_EVERY_SECONDS."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone

from jobs.management.commands.db_worker import _periodic
from tests.factories import _entry
from watching.models import WatchingProfile
from watching.services import watch_set

pytestmark = pytest.mark.django_db


def test_the_heartbeat_sends_the_digests_due_once_an_interval(
    world, charlie, settings, django_capture_on_commit_callbacks
):
    settings.JOBS_PERIODIC_COMMANDS = {"send_digests": 900}
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    WatchingProfile.objects.filter(user=charlie).update(last_digest=timezone.now())
    _entry(author=world.drafts["cora"].author, status="published", topic=world.concept,
           paper=world.paper, headline="Heard of by the worker")  # fmt: skip
    mail.outbox.clear()
    last_run: dict[str, float] = {}

    with django_capture_on_commit_callbacks(execute=True):
        _periodic(last_run)
    WatchingProfile.objects.filter(user=charlie).update(digest_period="")  # due again…
    with django_capture_on_commit_callbacks(execute=True):
        _periodic(last_run)  # …but the interval has not passed

    assert len(mail.outbox) == 1
    assert "Heard of by the worker" in mail.outbox[0].body


def test_a_periodic_command_set_to_zero_never_runs(world, charlie, settings):
    settings.JOBS_PERIODIC_COMMANDS = {"send_digests": 0}
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)

    _periodic({})

    assert WatchingProfile.objects.get(user=charlie).digest_period == ""
