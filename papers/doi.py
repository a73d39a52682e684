"""A paper's metadata by DOI, from the DOI resolver's CSL-JSON (content negotiation).

``https://doi.org/<doi>`` asked with ``Accept: application/vnd.citationstyles.csl+json``
answers (after a redirect to the registration agency: Crossref, DataCite, mEDRA) with one
CSL-JSON item, read by the same reader as an uploaded CSL-JSON file (papers.csl), so a
paper added by DOI is the same paper as the one imported from a reference manager.

Bounded like the arXiv client (papers.arxiv), for the same reason (anyone who may add a
paper can make the site call out): answers cached for DOI_CACHE_SECONDS, "no such DOI"
for an hour; at most one call every DOI_MIN_INTERVAL_SECONDS for the whole site (DoiBusy
otherwise, a 429 on the form); the body read up to DOI_MAX_BYTES within
DOI_TIMEOUT_SECONDS. Every failure is a DoiError whose message can be shown as is.
"""

from __future__ import annotations

import math
import re
import time
from urllib.parse import quote

import httpx
from django.conf import settings
from django.core.cache import cache

from papers.csl import CslError, parse_csljson
from papers.fetching import BodyTooLarge, body_within
from papers.records import ARXIV_DOI, PaperRecord, clean_doi

USER_AGENT = "ResearchWiki/0.1 (paper metadata lookup)"
CSL_JSON = "application/vnd.citationstyles.csl+json"
DOI_SHAPE = re.compile(r"^10\.\d{4,9}/\S+$")
RESOLVER = "The DOI resolver (doi.org)"


class InvalidDoi(ValueError):
    pass


def parse_doi(raw: str) -> str:
    """The DOI in ``10.1038/nature14539``, ``doi:10.1038/…`` or a doi.org link; raises
    InvalidDoi otherwise."""
    doi = clean_doi(raw or "")
    if not DOI_SHAPE.match(doi):
        raise InvalidDoi(
            f"“{(raw or '').strip()[:80]}” is not a DOI: expected 10.1038/nature14539."
        )
    return doi


def arxiv_id_of_doi(doi: str) -> str | None:
    """``2305.18290`` for arXiv's own DOI ``10.48550/arXiv.2305.18290``, else None."""
    match = ARXIV_DOI.match(clean_doi(doi))
    return match.group("id") if match else None


class DoiError(Exception):
    """Any failure to get a paper's metadata by DOI; the message is for the user."""


class DoiUnavailable(DoiError):
    """The resolver could not be reached, timed out or answered with a server error."""


class DoiBusy(DoiUnavailable):
    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "This site looks DOIs up at most once every few seconds, and just did: "
            f"try again in {retry_after} second{'s' if retry_after != 1 else ''}."
        )
        self.retry_after = retry_after


class DoiNotFound(DoiError):
    """The resolver answered: no such DOI."""


class DoiMalformed(DoiError):
    """The resolver answered with something that is not usable CSL-JSON."""


class DoiTooLarge(DoiError):
    pass


CACHE_PREFIX = "doi:v1:"
SLOT_KEY = "doi:slot"
NOT_FOUND_SECONDS = 3600


def fetch_doi(doi: str, *, timeout: float | None = None) -> PaperRecord:
    """The paper record for a DOI in any accepted spelling: from the cache when somebody
    looked it up lately, else from the resolver when the site-wide slot is free."""
    doi = parse_doi(doi)
    key = CACHE_PREFIX + doi.lower()
    known = cache.get(key)
    if isinstance(known, PaperRecord):
        return known
    if isinstance(known, str):
        raise DoiNotFound(known)
    interval = settings.DOI_MIN_INTERVAL_SECONDS
    if interval > 0 and not cache.add(SLOT_KEY, time.time(), interval):
        taken = cache.get(SLOT_KEY)
        left = interval - (time.time() - taken) if isinstance(taken, float) else interval
        raise DoiBusy(max(1, math.ceil(left)))
    try:
        record = _record(_fetch(doi, timeout), doi)
    except DoiNotFound as exc:
        cache.set(key, str(exc), NOT_FOUND_SECONDS)
        raise
    cache.set(key, record, settings.DOI_CACHE_SECONDS)
    return record


def _record(body: bytes, doi: str) -> PaperRecord:
    try:
        records = parse_csljson(body.decode("utf-8-sig"))
    except (CslError, UnicodeDecodeError):
        raise DoiMalformed(f"{RESOLVER} sent citation data that could not be read.") from None
    if len(records) != 1:
        raise DoiMalformed(f"{RESOLVER} sent no single citation for {doi}.")
    (record,) = records
    if record.problem:
        raise DoiMalformed(f"The citation data for {doi} {record.problem}.")
    record.fields.setdefault("doi", doi)
    return record


def _fetch(doi: str, timeout: float | None) -> bytes:
    """The resolver's CSL-JSON for one DOI, read within the time and size limits."""
    seconds = settings.DOI_TIMEOUT_SECONDS if timeout is None else timeout
    limit = settings.DOI_MAX_BYTES
    deadline = time.monotonic() + seconds
    try:
        with httpx.stream(
            "GET",
            settings.DOI_RESOLVER_URL.rstrip("/") + "/" + quote(doi, safe="/"),
            headers={"Accept": CSL_JSON, "User-Agent": USER_AGENT},
            timeout=seconds,
            follow_redirects=True,
        ) as response:
            status = response.status_code
            if status >= 500 or status == 429:
                raise DoiUnavailable(f"{RESOLVER} is not answering right now (HTTP {status}).")
            if status == 404:
                raise DoiNotFound(f"No paper has the DOI {doi}: the DOI resolver does not know it.")
            if status != 200:
                raise DoiMalformed(f"{RESOLVER} has no citation data for {doi} (HTTP {status}).")
            try:
                return body_within(response, limit=limit, deadline=deadline)
            except BodyTooLarge:
                raise DoiTooLarge(_too_large(limit)) from None
    except httpx.TimeoutException as exc:
        raise DoiUnavailable(f"{RESOLVER} did not answer within {seconds:g} seconds.") from exc
    except httpx.HTTPError as exc:
        raise DoiUnavailable(f"{RESOLVER} could not be reached.") from exc


def _too_large(limit: int) -> str:
    return (
        f"The answer for this DOI was larger than {limit / 1_000_000:g} MB, far more than one "
        "paper's metadata: it was not read. Fill in the details by hand."
    )
