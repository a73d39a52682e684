"""A small client for the arXiv API: one paper's metadata by id.

The API answers with an Atom feed (https://info.arxiv.org/help/api/user-manual.html);
feedparser reads it. Every failure becomes an ArxivError subclass whose message can be
shown to the user as is.

Bounded, because anyone who may add a paper can make the site call out (issue #27):
- answers are kept in the default cache (shared by every worker when it is Redis) for
  ARXIV_CACHE_SECONDS, and "no such paper" for an hour, so a repeated lookup calls nobody;
- at most one call every ARXIV_MIN_INTERVAL_SECONDS for the whole site, as arXiv asks: a
  slot taken with ``cache.add`` (atomic in Redis and in memory); a lookup that finds the
  slot taken is refused at once with ArxivBusy (a 429 on the form) rather than queued,
  so waiting lookups cannot tie up workers;
- the body is streamed and dropped past ARXIV_MAX_BYTES, and the whole call, reading
  included, stops after ARXIV_TIMEOUT_SECONDS.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import time
from dataclasses import dataclass, field

import feedparser
import httpx
from django.conf import settings
from django.core.cache import cache

from papers.fetching import BodyTooLarge, body_within
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.people import people_from_names, people_lines

USER_AGENT = "ResearchWiki/0.1 (paper metadata lookup)"


class ArxivError(Exception):
    """Any failure to get a paper's metadata from arXiv; the message is for the user."""


class ArxivUnavailable(ArxivError):
    """arXiv could not be reached, timed out or answered with a server error."""


class ArxivBusy(ArxivUnavailable):
    """The site called arXiv less than ARXIV_MIN_INTERVAL_SECONDS ago (anybody's lookup)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "arXiv asks to be called at most once every few seconds, and this site just did: "
            f"try again in {retry_after} second{'s' if retry_after != 1 else ''}."
        )
        self.retry_after = retry_after


class ArxivTooLarge(ArxivError):
    """arXiv's answer was longer than ARXIV_MAX_BYTES; reading stopped there."""


class ArxivNotFound(ArxivError):
    """arXiv answered, but has no paper with this id."""


class ArxivMalformed(ArxivError):
    """arXiv answered with something that is not a usable Atom feed."""


@dataclass(frozen=True)
class ArxivRecord:
    arxiv_id: str
    version: int | None
    title: str
    authors: list[str]
    abstract: str
    published: dt.date | None
    updated: dt.date | None
    categories: list[str] = field(default_factory=list)
    doi: str = ""
    journal_ref: str = ""
    comment: str = ""

    def as_paper_fields(self) -> dict[str, object]:
        """Initial values for the paper form."""
        return {
            "arxiv_id": self.arxiv_id,
            "arxiv_version": self.version,
            "title": self.title,
            "authors": people_lines(people_from_names(self.authors)),
            "abstract": self.abstract,
            "published": self.published,
            "categories": ", ".join(self.categories),
            "doi": self.doi,
        }


def _clean(text: str) -> str:
    """arXiv wraps titles and abstracts at ~80 columns; join the lines back up."""
    return re.sub(r"\s+", " ", text or "").strip()


def _date(struct) -> dt.date | None:
    return dt.date(struct.tm_year, struct.tm_mon, struct.tm_mday) if struct else None


def parse_feed(content: bytes, *, requested_id: str) -> ArxivRecord:
    """The record for ``requested_id`` in an API response body."""
    feed = feedparser.parse(content)
    if feed.bozo and not feed.entries:
        raise ArxivMalformed("arXiv sent a response that could not be read. Try again later.")
    if feed.feed.get("title") is None and not feed.entries:
        raise ArxivMalformed("arXiv sent a response that is not an Atom feed.")
    for entry in feed.entries:
        entry_url = entry.get("id", "")
        # The API reports errors (bad id format, ...) as an entry titled "Error".
        if "/api/errors" in entry_url or entry.get("title") == "Error":
            raise ArxivNotFound(f"arXiv does not know the id {requested_id}.")
        try:
            found = parse_arxiv_id(entry_url)
        except InvalidArxivId as exc:
            raise ArxivMalformed("arXiv answered with an entry that has no arXiv id.") from exc
        if found.id != requested_id:
            continue
        title = _clean(entry.get("title", ""))
        if not title:
            raise ArxivMalformed("arXiv answered with an entry that has no title.")
        categories = [tag["term"] for tag in entry.get("tags", []) if tag.get("term")]
        primary = entry.get("arxiv_primary_category", {}).get("term")
        if primary and primary in categories:
            categories.remove(primary)
            categories.insert(0, primary)
        return ArxivRecord(
            arxiv_id=found.id,
            version=found.version,
            title=title,
            authors=[_clean(a.get("name", "")) for a in entry.get("authors", []) if a.get("name")],
            abstract=_clean(entry.get("summary", "")),
            published=_date(entry.get("published_parsed")),
            updated=_date(entry.get("updated_parsed")),
            categories=categories,
            doi=_clean(entry.get("arxiv_doi", "")),
            journal_ref=_clean(entry.get("arxiv_journal_ref", "")),
            comment=_clean(entry.get("arxiv_comment", "")),
        )
    raise ArxivNotFound(f"arXiv has no paper with the id {requested_id}.")


CACHE_PREFIX = "arxiv:v1:"
SLOT_KEY = "arxiv:slot"
NOT_FOUND_SECONDS = 3600


def fetch_arxiv(arxiv_id: str, *, timeout: float | None = None) -> ArxivRecord:
    """Metadata of one paper, by arXiv id in any accepted spelling: from the cache when
    somebody looked it up lately, else from arXiv when the site-wide slot is free."""
    parsed = parse_arxiv_id(arxiv_id)
    key = CACHE_PREFIX + parsed.id
    known = cache.get(key)
    if isinstance(known, ArxivRecord):
        return known
    if isinstance(known, str):
        raise ArxivNotFound(known)
    interval = settings.ARXIV_MIN_INTERVAL_SECONDS
    if interval > 0 and not cache.add(SLOT_KEY, time.time(), interval):
        taken = cache.get(SLOT_KEY)
        left = interval - (time.time() - taken) if isinstance(taken, float) else interval
        raise ArxivBusy(max(1, math.ceil(left)))
    try:
        record = parse_feed(_fetch(parsed.id, timeout), requested_id=parsed.id)
    except ArxivNotFound as exc:
        cache.set(key, str(exc), NOT_FOUND_SECONDS)
        raise
    cache.set(key, record, settings.ARXIV_CACHE_SECONDS)
    return record


def _fetch(arxiv_id: str, timeout: float | None) -> bytes:
    """The API's answer body for one id, read within the time and size limits."""
    seconds = settings.ARXIV_TIMEOUT_SECONDS if timeout is None else timeout
    limit = settings.ARXIV_MAX_BYTES
    deadline = time.monotonic() + seconds
    try:
        with httpx.stream(
            "GET",
            settings.ARXIV_API_URL,
            params={"id_list": arxiv_id, "max_results": 1},
            headers={"User-Agent": USER_AGENT},
            timeout=seconds,
            follow_redirects=True,
        ) as response:
            if response.status_code >= 500 or response.status_code == 429:
                raise ArxivUnavailable(
                    f"arXiv is not answering right now (HTTP {response.status_code})."
                )
            if response.status_code == 400:
                # The API answers a malformed id with 400 and an Atom error entry.
                raise ArxivNotFound(f"arXiv does not know the id {arxiv_id}.")
            if response.status_code != 200:
                raise ArxivMalformed(f"arXiv answered with HTTP {response.status_code}.")
            try:
                return body_within(response, limit=limit, deadline=deadline)
            except BodyTooLarge:
                raise ArxivTooLarge(_too_large(limit)) from None
    except httpx.TimeoutException as exc:
        raise ArxivUnavailable(f"arXiv did not answer within {seconds:g} seconds.") from exc
    except httpx.HTTPError as exc:
        raise ArxivUnavailable("arXiv could not be reached.") from exc


def _too_large(limit: int) -> str:
    return (
        f"arXiv's answer was larger than {limit / 1_000_000:g} MB, far more than one paper's "
        "metadata: it was not read. Fill in the details by hand."
    )
