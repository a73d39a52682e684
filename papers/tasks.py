"""The papers library's background jobs (run by jobs/, declared here)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from jobs.registry import JobError, Progress, job_kind
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
