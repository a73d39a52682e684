"""The real worker: `manage.py db_worker` takes a job from the database queue and runs it."""

from __future__ import annotations

import io
import signal

import pytest
from django.core import mail
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from entries.models import EntryStatus
from entries.review.workflow import entry_transition
from jobs.models import Job, JobStatus, WorkerBeat
from jobs.services import job_start
from papers.models import Paper

BIB = """
@article{one, title = {First Paper}, author = {Ann Lee}, year = {2024}}
@article{two, title = {Second Paper}, author = {Bo Chen}, year = {2025}}
"""


# Runs what is queued, then returns; at the test process's own CPU priority.
WORKER = ["db_worker", "--batch", "--no-reload", "--no-startup-delay", "--nice", "0"]


@pytest.fixture
def database_queue(settings):
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in handlers.items():  # the worker installs its own
        signal.signal(sig, handler)


@pytest.mark.django_db(transaction=True)
def test_db_worker_runs_a_queued_import_to_the_end(database_queue, contributor):
    job, _ = job_start(
        kind="papers_import",
        title="Import of refs.bib",
        by=contributor,
        params={"text": BIB, "filename": "refs.bib"},
    )
    assert (job.status, Paper.objects.count()) == (JobStatus.QUEUED, 0)
    assert DBTaskResult.objects.get().status == "READY"

    out = io.StringIO()
    call_command(*WORKER, "--worker-id", "w-test", stdout=out)

    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.worker_id) == (
        JobStatus.SUCCEEDED, 2, 2, "w-test",
    )  # fmt: skip
    assert job.result["created"] == 2
    assert Paper.objects.count() == 2
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert WorkerBeat.objects.get().worker_id == "w-test"


@pytest.mark.django_db(transaction=True)
def test_a_job_is_run_once_even_if_its_queue_entry_is_run_twice(database_queue, contributor):
    job, _ = job_start(kind="papers_import", title="Import", by=contributor, params={"text": BIB})
    call_command(*WORKER, stdout=io.StringIO())
    DBTaskResult.objects.update(status="READY")  # a queue that hands the entry out again

    call_command(*WORKER, stdout=io.StringIO())

    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED
    assert Paper.objects.count() == 2
    assert Job.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_decision_email_waits_in_the_queue_for_the_worker(database_queue, make_entry, editor):
    entry = make_entry(EntryStatus.PENDING)

    entry_transition(entry=entry, to=EntryStatus.REJECTED, by=editor, comment="Out of scope.")

    assert mail.outbox == []  # the editor's request sends nothing
    assert DBTaskResult.objects.get().task_path == "entries.tasks.decision_email_send"
    call_command(*WORKER, stdout=io.StringIO())
    (message,) = mail.outbox
    assert message.subject == f"Not accepted: {entry.headline}"
    assert "Out of scope." in message.body
