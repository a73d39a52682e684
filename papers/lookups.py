"""Looking a paper up by arXiv id or DOI, as a job.

The request that asks for a lookup only queues it (``lookup_start``): no web worker waits on
arXiv or the DOI resolver, however slow they are. A worker runs ``paper_lookup`` and keeps its
answer, an outcome in JSON, in the job's report; the add-paper page (``?lookup=<job>``) waits
for it and then shows the form filled in, or what went wrong. With jobs run inline (the test
suite, a site without a worker) the answer is there when ``lookup_start`` returns.

Outcomes: ``found`` (``fields``: the paper's fields), ``existing`` (the DOI is an arXiv paper
the library has: ``url``), ``not_found``, ``busy`` (``retry_after`` seconds) and ``error``
(the service could not be reached or read); each but ``found`` has a ``message`` for the
person.
"""

from __future__ import annotations

import datetime as dt
import re
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from jobs.models import Job, JobStatus
from jobs.services import job_start, worker_seen_recently
from papers.arxiv import ArxivBusy, ArxivError, ArxivNotFound, fetch_arxiv
from papers.doi import DoiBusy, DoiError, DoiNotFound, fetch_doi
from papers.models import Paper

LOOKUP_JOB = "papers_lookup"
# The same person asking for the same paper again within this time gets the same lookup
# (a reload, a second click): the services are called once.
REUSE_SECONDS = 600
_ARXIV_TITLE = "Look up arXiv:"
_DOI_TITLE = "Look up DOI "
_PASSING = ("busy", "error")


def lookup_title(*, arxiv_id: str = "", version: int | None = None, doi: str = "") -> str:
    if arxiv_id:
        return f"{_ARXIV_TITLE}{arxiv_id}{f'v{version}' if version else ''}"
    return f"{_DOI_TITLE}{doi}"


def lookup_start(
    *, by: AbstractBaseUser, arxiv_id: str = "", version: int | None = None, doi: str = ""
) -> Job:
    """The lookup of an arXiv id (or else a DOI) for ``by``: the one they started lately
    unless it failed or found the service busy or out of reach, else a new job."""
    title = lookup_title(arxiv_id=arxiv_id, version=version, doi=doi)
    recent = (
        Job.objects.filter(
            kind=LOOKUP_JOB,
            started_by=by,
            title=title,
            created__gte=timezone.now() - timedelta(seconds=REUSE_SECONDS),
        )
        .exclude(status=JobStatus.FAILED)
        .order_by("-created", "-id")
    )[:5]
    for job in recent:
        # "Busy" and "could not be reached" pass: asking again asks again.
        if (job.result or {}).get("outcome") not in _PASSING:
            return job
    params = {"arxiv_id": arxiv_id, "version": version, "doi": doi}
    job, _ = job_start(kind=LOOKUP_JOB, title=title, by=by, params=params)
    return job


def lookup_identifier(job: Job) -> dict[str, str]:
    """What the lookup was for, ``{"arxiv_id": …}`` or ``{"doi": …}``, even after it failed
    (when its parameters are gone)."""
    data = job.params or job.result or {}
    if data.get("arxiv_id"):
        return {"arxiv_id": data["arxiv_id"]}
    if data.get("doi"):
        return {"doi": data["doi"]}
    if job.title.startswith(_ARXIV_TITLE):
        return {"arxiv_id": re.sub(r"v\d+$", "", job.title.removeprefix(_ARXIV_TITLE))}
    return {"doi": job.title.removeprefix(_DOI_TITLE)}


def paper_lookup(*, arxiv_id: str = "", version: int | None = None, doi: str = "") -> dict:
    """The outcome of one lookup (see the module's docstring), as JSON data."""
    if arxiv_id:
        return {"arxiv_id": arxiv_id, "version": version, **_arxiv_outcome(arxiv_id, version)}
    return {"doi": doi, **_doi_outcome(doi)}


def _fetched(fetch, key: str, *, not_found: type, busy: type, error: type) -> tuple[Any, dict]:
    """(the record, {}) from ``fetch(key)``, or (None, the outcome that says why not)."""
    try:
        return fetch(key), {}
    except not_found as exc:
        return None, {"outcome": "not_found", "message": str(exc)}
    except busy as exc:
        return None, {"outcome": "busy", "message": str(exc), "retry_after": exc.retry_after}
    except error as exc:
        return None, {"outcome": "error", "message": str(exc)}


def _arxiv_outcome(arxiv_id: str, version: int | None) -> dict[str, Any]:
    record, failed = _fetched(
        fetch_arxiv, arxiv_id, not_found=ArxivNotFound, busy=ArxivBusy, error=ArxivError
    )
    if failed:
        return failed
    fields = {**record.as_paper_fields(), "arxiv_version": version or record.version}
    return {"outcome": "found", "source": "arxiv", "fields": _json_fields(fields)}


def _doi_outcome(doi: str) -> dict[str, Any]:
    record, failed = _fetched(fetch_doi, doi, not_found=DoiNotFound, busy=DoiBusy, error=DoiError)
    if failed:
        return failed
    arxiv_id = record.fields.get("arxiv_id")
    same = Paper.objects.filter(arxiv_id=arxiv_id).first() if arxiv_id else None
    if same is not None:
        return {
            "outcome": "existing",
            "url": same.get_absolute_url(),
            "message": f"DOI {doi} is arXiv:{arxiv_id}, already in the library.",
        }
    return {"outcome": "found", "source": "doi", "fields": _json_fields(record.fields)}


def _json_fields(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in fields.items()}


def lookup_fields(answer: dict[str, Any]) -> dict[str, Any]:
    """A ``found`` answer's fields with their dates back as dates."""
    fields = dict(answer.get("fields") or {})
    if isinstance(fields.get("published"), str):
        fields["published"] = dt.date.fromisoformat(fields["published"])
    return fields


def lookup_waits_for_worker(job: Job) -> bool:
    """A lookup still queued while no worker has been seen lately: it will wait."""
    return job.status == JobStatus.QUEUED and not worker_seen_recently()
