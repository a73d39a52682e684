"""A person watches their import's page update itself until the report is there, and the
add-paper page wait for a lookup's answer."""

from __future__ import annotations

import io
import re
import signal

from django.core.management import call_command
from playwright.sync_api import Page, expect

from jobs.models import Job, JobStatus
from tests.factories import UserFactory
from tests.jobs.test_worker import WORKER
from tests.papers.conftest import arxiv_server as arxiv_server  # a fixture
from tests.papers.conftest import doi_server as doi_server  # a fixture
from tests.papers.conftest import fixture_bytes

DPO = "2305.18290"
NATURE = "10.1038/nature14539"


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


def _run_worker() -> None:
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        call_command(*WORKER, stdout=io.StringIO())
    finally:
        for sig, handler in handlers.items():  # the worker installs its own
            signal.signal(sig, handler)


def _ask_for(page: Page, base: str, login, settings, typed: str) -> None:
    """As a contributor, with jobs waiting in the database queue, ask *Add a paper* for
    ``typed``: the page then waits for the worker."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    UserFactory(username="cora", role="Contributor")
    login("cora")
    page.goto(f"{base}/papers/new/")
    page.get_by_label("arXiv id, DOI or link").fill(typed)
    page.get_by_role("button", name="Fetch details").click()


def test_a_paper_lookup_waits_for_the_worker_then_fills_the_form(
    page: Page, live_server, login, settings, arxiv_server
):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    _ask_for(page, live_server.url, login, settings, f"https://arxiv.org/abs/{DPO}")
    expect(page.locator("#lookup-pending")).to_contain_text(f"Look up arXiv:{DPO}")
    assert arxiv_server.requests == []
    page.screenshot(path="/tmp/lookup-waiting.png", full_page=True)

    _run_worker()

    # The waiting page notices the answer by itself and shows the form filled in.
    expect(page.get_by_role("heading", name="Check the details fetched from arXiv")).to_be_visible()
    expect(page.get_by_label("Title")).to_have_value(re.compile("^Direct Preference Optimization"))
    page.screenshot(path="/tmp/lookup-answered.png", full_page=True)
    page.get_by_role("button", name="Add paper").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Direct Preference Optimization")
    assert len(arxiv_server.requests) == 1


def test_a_doi_lookup_fills_the_form_from_the_recorded_answer(
    page: Page, live_server, login, settings, doi_server
):
    doi_server.responses[NATURE] = (200, fixture_bytes("doi_nature14539.json"))

    _ask_for(page, live_server.url, login, settings, f"https://doi.org/{NATURE}")
    expect(page.locator("#lookup-pending")).to_contain_text(f"Look up DOI {NATURE}")
    _run_worker()

    expect(
        page.get_by_role("heading", name="Check the details fetched for the DOI")
    ).to_be_visible()
    expect(page.get_by_label("Title")).to_have_value("Deep learning")
    expect(page.get_by_label("Journal")).to_have_value("Nature")
    page.get_by_role("button", name="Add paper").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deep learning")
