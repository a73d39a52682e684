"""Imports run as jobs: the form leads to the job's page, which shows progress and the report;
a form sent twice starts one job; only its starter sees it; a job whose worker died fails."""

from __future__ import annotations

from datetime import timedelta

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from jobs.models import Job, JobStatus, WorkerBeat
from jobs.services import job_start, jobs_fail_stale, worker_beat, worker_seen_recently
from papers.models import Paper

BIB = """
@article{one, title = {First Paper}, author = {Ann Lee}, year = {2024}}
@article{two, title = {Second Paper}, author = {Bo Chen}, year = {2025}}
@article{broken, author = {Nobody}, year = {2025}}
"""
TOKEN = "0123456789abcdef0123456789abcdef"


def _upload(name="refs.bib", text=BIB):
    return SimpleUploadedFile(name, text.encode(), "text/x-bibtex")


def test_import_form_leads_to_the_job_page_with_progress_and_report(contributor_client):
    response = contributor_client.post(
        "/papers/import/", {"file": _upload(), "submission_token": TOKEN}, follow=True
    )

    job = Job.objects.get()
    assert response.redirect_chain == [(f"/jobs/{job.pk}/", 302)]
    assert (job.status, job.done, job.total, job.errors) == (JobStatus.SUCCEEDED, 3, 3, 1)
    assert job.title == "Import of refs.bib"
    page = response.content.decode()
    assert "3 of 3 done, 1 could not be used." in page
    assert "2 created" in page
    assert "Entry has no title." in page
    assert 'hx-trigger="every 1s"' not in page  # finished: the page stops polling
    assert Paper.objects.count() == 2


def test_a_resent_import_form_starts_one_job(contributor_client):
    form = {"file": _upload(), "submission_token": TOKEN}
    first = contributor_client.post("/papers/import/", form)
    again = contributor_client.post(
        "/papers/import/", {"file": _upload(), "submission_token": TOKEN}, follow=True
    )

    assert Job.objects.count() == 1
    assert again.redirect_chain[0][0] == first["Location"]
    assert "This file was already sent" in again.content.decode()
    assert Paper.objects.count() == 2


def test_job_start_with_one_submission_token_queues_once(contributor):
    params = {"text": BIB, "filename": "refs.bib"}
    job, created = job_start(
        kind="papers_import", title="x", by=contributor, params=params, submission=TOKEN
    )
    same, again = job_start(
        kind="papers_import", title="x", by=contributor, params=params, submission=TOKEN
    )

    assert (created, again, same.pk) == (True, False, job.pk)


def test_a_running_job_page_polls_and_its_fragment_is_the_progress(contributor_client, contributor):
    job = Job.objects.create(
        kind="papers_import",
        title="Import of big.bib",
        started_by=contributor,
        status=JobStatus.RUNNING,
        done=1500,
        total=22000,
        errors=3,
        beat=timezone.now(),
    )

    page = contributor_client.get(f"/jobs/{job.pk}/").content.decode()
    fragment = contributor_client.get(f"/jobs/{job.pk}/", headers={"HX-Request": "true"})

    assert 'hx-trigger="every 1s"' in page
    assert "1500 of 22000 done, 3 could not be used." in page
    assert fragment.content.decode().lstrip().startswith('<div id="job-progress"')
    assert "<html" not in fragment.content.decode()


def test_a_job_is_seen_only_by_who_started_it(client, contributor, charlie):
    job = Job.objects.create(kind="papers_import", title="Mine", started_by=contributor)
    client.force_login(charlie)

    assert client.get(f"/jobs/{job.pk}/").status_code == 404
    assert "Mine" not in client.get("/jobs/").content.decode()


def test_job_pages_need_a_login(client, contributor):
    job = Job.objects.create(kind="papers_import", title="Mine", started_by=contributor)

    assert client.get(f"/jobs/{job.pk}/").status_code == 302
    assert client.get("/jobs/").status_code == 302


def test_job_list_shows_ones_own_jobs_newest_first(
    contributor_client, contributor, django_assert_max_num_queries
):
    for n in range(30):
        Job.objects.create(kind="papers_import", title=f"Import {n}", started_by=contributor)

    with django_assert_max_num_queries(8):
        page = contributor_client.get("/jobs/").content.decode()

    assert page.index("Import 29") < page.index("Import 0<")


def test_job_page_renders_in_bounded_queries(
    contributor_client, contributor, django_assert_max_num_queries
):
    contributor_client.post("/papers/import/", {"file": _upload()})
    job = Job.objects.get()

    with django_assert_max_num_queries(8):
        assert contributor_client.get(f"/jobs/{job.pk}/").status_code == 200


def test_a_file_that_cannot_be_read_fails_the_job_with_the_reason(contributor_client):
    upload = SimpleUploadedFile("refs.json", b"[{not json")

    response = contributor_client.post("/papers/import/", {"file": upload}, follow=True)

    job = Job.objects.get()
    assert job.status == JobStatus.FAILED
    assert "The job failed. The file could not be read as CSL-JSON" in response.content.decode()


def test_a_job_whose_worker_died_is_marked_failed_with_a_reason(contributor_client, contributor):
    long_ago = timezone.now() - timedelta(minutes=30)
    job = Job.objects.create(
        kind="papers_import",
        title="Orphan",
        started_by=contributor,
        status=JobStatus.RUNNING,
        worker_id="dead-worker",
        beat=long_ago,
    )
    alive = Job.objects.create(
        kind="papers_import",
        title="Alive",
        started_by=contributor,
        status=JobStatus.RUNNING,
        worker_id="live-worker",
        beat=long_ago,
    )
    worker_beat(worker_id="live-worker", started=long_ago)  # its worker still beats

    assert jobs_fail_stale() == 1

    job.refresh_from_db()
    alive.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "worker running this job stopped" in job.error
    assert alive.status == JobStatus.RUNNING
    page = contributor_client.get(f"/jobs/{job.pk}/").content.decode()
    assert "start the job again" in page


def test_the_job_page_itself_notices_a_dead_worker(contributor_client, contributor):
    job = Job.objects.create(
        kind="papers_import",
        title="Orphan",
        started_by=contributor,
        status=JobStatus.RUNNING,
        beat=timezone.now() - timedelta(hours=1),
    )

    page = contributor_client.get(f"/jobs/{job.pk}/").content.decode()

    assert "The job failed." in page
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED


def test_a_queued_job_without_a_worker_says_so(contributor_client, contributor):
    job = Job.objects.create(kind="papers_import", title="Waiting", started_by=contributor)

    page = contributor_client.get(f"/jobs/{job.pk}/").content.decode()

    assert "No worker has been seen lately" in page
    assert "Waiting to start." in page


def test_a_worker_counts_as_seen_for_a_while_after_its_heartbeat(db, settings):
    assert not worker_seen_recently()
    worker_beat(worker_id="w1", started=timezone.now())

    assert worker_seen_recently()
    later = timezone.now() + timedelta(seconds=settings.JOBS_STALE_SECONDS + 1)
    assert not worker_seen_recently(now=later)
    assert WorkerBeat.objects.get().pid
