"""The evidence re-audit: an editor starts it from the audit page, a job reads every claim
again with the current rules, and its page reports what they would mark otherwise."""

from __future__ import annotations

import pytest

from entries.models import EntryStatus, Evidence
from entries.review.audit import audit_report
from jobs.models import Job, JobStatus
from jobs.services import job_execute
from tests.factories import ClaimFactory, EntryFactory, make_concept

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef"
ABSTRACT = "We only read the abstract: the method improves accuracy by 3 points."
VAGUE = "The method is much better than the baseline."
FINE = "The method improves accuracy by 3 points."


@pytest.fixture
def topic_claims(db):
    """A topic whose entry has two claims the rules question and one they agree with, and an
    entry of another topic with one the rules question."""
    topic, other = make_concept("Reward Modeling"), make_concept("Optimizers")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, headline="Reward models this month")
    entry.topics.add(topic)
    for text in (ABSTRACT, VAGUE, FINE):
        ClaimFactory(entry=entry, text=text)  # unmarked, as the notes left them
    elsewhere = EntryFactory(status=EntryStatus.PUBLISHED)
    elsewhere.topics.add(other)
    ClaimFactory(entry=elsewhere, text=VAGUE)
    return topic, entry


def _start(client, **data) -> Job:
    response = client.post("/review/audit/run/", {"submission_token": TOKEN, **data})
    assert response.status_code == 302
    return Job.objects.get(pk=int(response["Location"].strip("/").rsplit("/", 1)[1]))


def test_the_audit_page_offers_a_re_audit_of_what_it_shows(client, editor, topic_claims):
    topic, _ = topic_claims
    client.force_login(editor)

    html = client.get("/review/audit/", {"topic": topic.slug}).content.decode()

    assert 'action="/review/audit/run/"' in html
    assert "Re-audit these 3 claims" in html
    assert f'name="topic" value="{topic.slug}"' in html


def test_a_re_audit_reports_what_the_rules_would_mark_otherwise(client, editor, topic_claims):
    topic, entry = topic_claims
    client.force_login(editor)

    job = _start(client, topic=topic.slug)
    page = client.get(job.get_absolute_url()).content.decode()

    assert (job.status, job.title) == (JobStatus.SUCCEEDED, "Evidence re-audit: Reward Modeling")
    report = job.result
    assert (report["claims"], report["questioned"]) == (3, 2)  # the other topic's is not read
    assert report["levels"] == [[Evidence.UNMARKED, Evidence.UNMARKED.label, 3]]
    assert {(s["label"], s["count"]) for s in report["suggested"]} == {
        ("abstract only", 1),
        ("no figure stated", 1),
    }
    assert [row["text"] for row in report["rows"]] == [ABSTRACT, VAGUE]
    assert report["rows"][0]["url"].startswith(f"{entry.get_absolute_url()}#claim-")
    assert "The rules would mark 2 claims otherwise" in page
    assert "abstract only: 1" in page
    assert "Reward models this month" in page


def test_a_re_audit_changes_no_mark(client, editor, topic_claims):
    _, entry = topic_claims
    client.force_login(editor)
    before = list(entry.claims.order_by("pk").values_list("evidence", "evidence_reason"))

    _start(client)

    assert list(entry.claims.order_by("pk").values_list("evidence", "evidence_reason")) == before


def test_a_re_audit_by_level_and_the_rows_listed_are_bounded(
    client, editor, topic_claims, monkeypatch
):
    monkeypatch.setattr("entries.review.audit.REPORT_ROWS", 1)
    client.force_login(editor)

    job = _start(client, evidence=Evidence.UNMARKED)
    page = client.get(job.get_absolute_url()).content.decode()

    assert job.title == f"Evidence re-audit: marked {Evidence.UNMARKED.label}"
    assert (job.result["claims"], job.result["questioned"], len(job.result["rows"])) == (4, 3, 1)
    assert "The first 1 of them" in page


def test_a_queued_re_audit_shows_its_progress_when_run(client, editor, topic_claims, settings):
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    client.force_login(editor)
    job = _start(client)
    assert job.status == JobStatus.QUEUED

    job_execute(job_id=job.pk)

    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.errors) == (JobStatus.SUCCEEDED, 4, 4, 0)


def test_a_topic_gone_before_the_job_ran_fails_it_with_the_reason(
    client, editor, topic_claims, settings
):
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    topic, _ = topic_claims
    client.force_login(editor)
    job = _start(client, topic=topic.slug)
    topic.delete()

    job = job_execute(job_id=job.pk)

    assert job.status == JobStatus.FAILED
    assert job.error == f"The topic “{topic.slug}” no longer exists."


def test_a_resent_form_starts_one_re_audit(client, editor, topic_claims):
    client.force_login(editor)

    assert _start(client) == _start(client)
    assert Job.objects.count() == 1


def test_only_editors_start_a_re_audit(client, contributor, topic_claims):
    assert client.post("/review/audit/run/")["Location"].startswith("/accounts/login/")
    client.force_login(contributor)

    assert client.post("/review/audit/run/", {"submission_token": TOKEN}).status_code == 403
    assert not Job.objects.exists()


def test_a_re_audit_of_an_unknown_topic_or_level_is_refused(client, editor, topic_claims):
    client.force_login(editor)

    unknown = client.post("/review/audit/run/", {"topic": "nowhere"})
    bad = client.post("/review/audit/run/", {"evidence": "gossip"})

    assert unknown.status_code == 404
    assert "No topic has the slug “nowhere”." in unknown.content.decode()
    assert bad.status_code == 400
    assert client.get("/review/audit/run/").status_code == 405
    assert not Job.objects.exists()


def test_a_re_audit_asks_the_database_a_bounded_number_of_questions(
    topic_claims, django_assert_max_num_queries
):
    entry = EntryFactory(status=EntryStatus.PENDING)
    for n in range(60):
        ClaimFactory(entry=entry, text=f"{VAGUE} Case {n}.")

    with django_assert_max_num_queries(6):
        report = audit_report()

    assert report["claims"] == 64
