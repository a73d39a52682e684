"""A person watches their import's page update itself until the report is there."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from jobs.models import Job, JobStatus
from tests.factories import UserFactory


def test_the_job_page_follows_the_job_until_its_report(page: Page, live_server, login):
    cora = UserFactory(username="cora", role="Contributor")
    job = Job.objects.create(
        kind="papers_import",
        title="Import of big.bib",
        started_by=cora,
        status=JobStatus.RUNNING,
        done=500,
        total=2000,
    )
    login("cora")

    page.goto(f"{live_server.url}/jobs/{job.pk}/")
    expect(page.locator(".job-counts")).to_have_text("500 of 2000 done, no errors so far.")

    Job.objects.filter(pk=job.pk).update(done=1500, errors=2)
    expect(page.locator(".job-counts")).to_have_text("1500 of 2000 done, 2 could not be used.")

    report = {
        "format": "BibTeX", "error": "", "created": 1, "updated": 0, "skipped": 0,
        "rows": [{"key": "k1", "outcome": "created", "detail": "Added to the library.",
                  "paper_url": "", "paper_title": ""}],
    }  # fmt: skip
    Job.objects.filter(pk=job.pk).update(
        status=JobStatus.SUCCEEDED, done=2000, result=report, finished=job.created
    )
    expect(page.locator(".import-totals")).to_contain_text("1 created")
    expect(page.locator(".job-status")).to_have_text("finished")
    page.screenshot(path="/tmp/job-page-finished.png", full_page=True)

    page.goto(f"{live_server.url}/jobs/")
    expect(page.get_by_role("link", name="Import of big.bib")).to_be_visible()
