"""Entries' background work: the decision email goes out from a worker, not the request,
and the evidence re-audit (the whole audit with the current rules) is a job."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django_tasks import task

from entries.models import Entry, EntryEvent
from entries.review.audit import audit_report
from entries.review.emails import send_decision_email
from jobs.registry import JobError, Progress, job_kind
from wiki.models import Concept

REAUDIT_JOB = "evidence_reaudit"


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


@job_kind(REAUDIT_JOB, label="Evidence re-audit", report_template="entries/_reaudit_report.html")
def evidence_reaudit_job(
    *, params: dict[str, Any], by: AbstractBaseUser | None, progress: Progress
) -> dict[str, Any]:
    """Every claim (of a topic, at a level) read again by the current rules: the report."""
    topic = None
    if slug := params.get("topic"):
        topic = Concept.objects.filter(slug=slug).first()
        if topic is None:
            raise JobError(f"The topic “{slug}” no longer exists.")
    return audit_report(topic=topic, evidence=params.get("evidence") or None, progress=progress)
