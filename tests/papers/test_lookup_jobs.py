"""Looking a paper up is a job: with a real queue the request that asks only queues it (no web
worker waits on arXiv or the DOI resolver), the add-paper page waits for the answer and then
shows the form filled in; a lookup asked twice calls the service once."""

from __future__ import annotations

import datetime as dt

import pytest

from jobs.models import Job, JobStatus
from jobs.services import job_execute
from papers.lookups import LOOKUP_JOB
from papers.models import Paper
from tests.factories import PaperFactory
from tests.papers.conftest import fixture_bytes

pytestmark = pytest.mark.django_db
DPO = "2305.18290"
NATURE = "10.1038/nature14539"


@pytest.fixture
def queue(settings):
    """Jobs wait in the database queue, as on a site with a worker, until the test runs them."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }


def _job_of(response) -> Job:
    location = response["Location"]
    assert location.startswith("/papers/new/?lookup=")
    return Job.objects.get(pk=int(location.rsplit("=", 1)[1]))


def test_a_lookup_is_queued_and_the_page_waits_for_it(queue, contributor_client, arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    asked = contributor_client.get("/papers/new/", {"arxiv": f"arXiv:{DPO}v1"})
    job = _job_of(asked)
    waiting = contributor_client.get(asked["Location"])
    html = waiting.content.decode()

    assert (job.kind, job.status) == (LOOKUP_JOB, JobStatus.QUEUED)
    assert job.title == f"Look up arXiv:{DPO}v1"
    assert arxiv_server.requests == []  # the request asked nobody
    assert waiting.status_code == 200
    assert f"Look up arXiv:{DPO}v1…" in html
    assert 'hx-trigger="every 1s"' in html
    assert 'name="title"' not in html  # no form to type into that the answer would replace
    assert "No worker has been seen lately" in html


def test_the_waiting_page_reloads_once_the_answer_is_in(queue, contributor_client, arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    url = contributor_client.get("/papers/new/", {"arxiv": DPO})["Location"]
    job = _job_of(contributor_client.get("/papers/new/", {"arxiv": DPO}))

    polled = contributor_client.get(url, headers={"HX-Request": "true"})
    job_execute(job_id=job.pk)  # what the worker does
    polled_after = contributor_client.get(url, headers={"HX-Request": "true"})
    page = contributor_client.get(url)

    assert polled.content.decode().lstrip().startswith('<section id="lookup-pending"')
    assert polled_after.headers["HX-Refresh"] == "true"
    assert page.status_code == 200
    initial = page.context["form"].initial
    assert initial["title"].startswith("Direct Preference Optimization")
    assert initial["published"] == dt.date(2023, 5, 29)
    assert f"Fetched arXiv:{DPO}" in page.content.decode()
    assert len(arxiv_server.requests) == 1  # asked twice, looked up once
    assert Paper.objects.count() == 0  # nothing saved until the user confirms


def test_a_doi_lookup_answers_through_the_job(queue, contributor_client, doi_server):
    doi_server.responses[NATURE] = (200, fixture_bytes("doi_nature14539.json"))
    job = _job_of(contributor_client.get("/papers/new/", {"arxiv": f"https://doi.org/{NATURE}"}))

    job_execute(job_id=job.pk)
    page = contributor_client.get(f"/papers/new/?lookup={job.pk}")

    assert page.status_code == 200
    assert page.context["form"].initial["title"] == "Deep learning"
    assert f"Fetched the citation data of DOI {NATURE}" in page.content.decode()


def test_an_unknown_id_is_404_beside_the_field(queue, contributor_client, arxiv_server):
    job = _job_of(contributor_client.get("/papers/new/", {"arxiv": "2609.99999"}))
    job_execute(job_id=job.pk)

    page = contributor_client.get(f"/papers/new/?lookup={job.pk}")

    assert page.status_code == 404
    assert "arXiv has no paper with the id 2609.99999." in page.content.decode()


def test_a_busy_answer_is_not_reused(contributor_client, arxiv_server, settings):
    settings.ARXIV_MIN_INTERVAL_SECONDS = 60
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    contributor_client.get("/papers/new/", {"arxiv": "2401.00001"})  # takes the site's slot

    busy = contributor_client.get("/papers/new/", {"arxiv": DPO})
    again = contributor_client.get("/papers/new/", {"arxiv": DPO})

    assert busy.status_code == again.status_code == 429
    assert Job.objects.filter(title=f"Look up arXiv:{DPO}").count() == 2


def test_a_lookup_that_failed_offers_the_form_with_the_id(queue, contributor_client, contributor):
    job = Job.objects.create(
        kind=LOOKUP_JOB,
        title=f"Look up arXiv:{DPO}v2",
        started_by=contributor,
        status=JobStatus.FAILED,
        error="It stopped on an unexpected error: OSError: disk full",
    )

    page = contributor_client.get(f"/papers/new/?lookup={job.pk}")
    html = page.content.decode()

    assert page.status_code == 200
    assert "The lookup failed. It stopped on an unexpected error" in html
    assert page.context["form"].initial == {"arxiv_id": DPO}


def test_a_lookup_is_seen_only_by_who_asked(queue, client, contributor, charlie):
    job = Job.objects.create(kind=LOOKUP_JOB, title=f"Look up arXiv:{DPO}", started_by=contributor)
    charlie.groups.add(*contributor.groups.all())
    client.force_login(charlie)

    for lookup in (str(job.pk), "x1", "99999999999999999999", "²", "١٢"):
        page = client.get("/papers/new/", {"lookup": lookup})
        assert page.status_code == 404
        assert "No lookup of yours has this number" in page.content.decode()


def test_a_paper_in_the_library_is_opened_without_a_lookup(queue, contributor_client):
    paper = PaperFactory(doi=NATURE)

    response = contributor_client.get("/papers/new/", {"arxiv": NATURE.upper()})

    assert response["Location"] == paper.get_absolute_url()
    assert not Job.objects.exists()


def test_the_job_page_links_the_answer_to_the_form(queue, contributor_client, arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    job = _job_of(contributor_client.get("/papers/new/", {"arxiv": DPO}))
    job_execute(job_id=job.pk)

    html = contributor_client.get(f"/jobs/{job.pk}/").content.decode()

    assert "Found “Direct Preference Optimization" in html
    assert f'href="/papers/new/?lookup={job.pk}"' in html
