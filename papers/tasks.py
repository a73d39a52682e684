"""The papers library's background jobs (run by jobs/, declared here)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from jobs.registry import JobError, Progress, job_kind
from papers.lookups import LOOKUP_JOB, paper_lookup
from papers.services import papers_import

IMPORT_JOB = "papers_import"


@job_kind(IMPORT_JOB, label="Reference import", report_template="papers/_import_report.html")
def papers_import_job(
    *, params: dict[str, Any], by: AbstractBaseUser | None, progress: Progress
) -> dict[str, Any]:
    """A reference file (BibTeX, RIS, CSL-JSON) into the library, a report row per entry."""
    report = papers_import(
        text=params["text"], filename=params.get("filename", ""), by=by, progress=progress
    )
    if report.error:  # the file as a whole could not be read: the job says why
        raise JobError(f"The file could not be read as {report.format}: {report.error}")
    return report.as_data()


@job_kind(LOOKUP_JOB, label="Paper lookup", report_template="papers/_lookup_report.html")
def paper_lookup_job(
    *, params: dict[str, Any], by: AbstractBaseUser | None, progress: Progress
) -> dict[str, Any]:
    """One paper's metadata from arXiv or the DOI resolver (papers.lookups): the outcome."""
    progress(done=0, total=1)
    answer = paper_lookup(
        arxiv_id=params.get("arxiv_id") or "",
        version=params.get("version"),
        doi=params.get("doi") or "",
    )
    progress(done=1, total=1, errors=int(answer["outcome"] not in ("found", "existing")))
    return answer
