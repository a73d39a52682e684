"""What each kind of person does, over and over until the run ends, with think time between
steps: readers browse, contributors write and submit entries, editors review them, and one
person downloads exports."""

from __future__ import annotations

import datetime as dt
import queue
import random
import re

from traffic import Person, Written

ENTRY_URL = re.compile(r"/entries/(\d+)/$")
CLAIM_MARK = re.compile(r"/claims/(\d+)/mark/")
PROPOSED_RESULT = re.compile(r'id="review-result-(\d+)" data-status="proposed"')
DISCARDED_RESULT = re.compile(r'id="review-result-(\d+)" data-status="discarded"')
APPROVED = "Approved: the entry is published."
SUBMISSION_TOKEN = re.compile(r'name="submission_token" value="([0-9a-f]{32})"')
SEEN_VERSION = re.compile(r'name="seen_version"[^>]*value="(\d+)"')
EXPORTS = ("bibtex", "ris", "csljson")


def reader(person: Person, pages: dict[str, list]) -> None:
    """An anonymous reader: concept, paper and topic pages, searches, the papers list."""
    while person.busy:
        kind = random.choices(
            ["concept", "paper", "topic", "search", "papers list"], weights=[3, 3, 1, 2, 1]
        )[0]
        person.request(kind, "GET", _reader_path(kind, pages))
        person.pause()


def _reader_path(kind: str, pages: dict[str, list]) -> str:
    if kind == "search":
        return f"/search/?q={random.choice(pages['words'])}"
    if kind == "papers list":
        return random.choice(
            [
                f"/papers/?topic={random.choice(pages['slugs'])}",
                f"/papers/?q={random.choice(pages['words'])}",
                f"/papers/?page={random.randint(1, 20)}",
            ]
        )
    return random.choice(pages[kind])


def exporter(person: Person, pages: dict[str, list]) -> None:
    """Downloads: a topic's papers as BibTeX, RIS or CSL-JSON, a concept's results as CSV
    or JSON."""
    while person.busy:
        slug = random.choice(pages["slugs"])
        if random.random() < 0.6:
            path = f"/papers/?topic={slug}&format={random.choice(EXPORTS)}"
        else:
            path = f"/wiki/{slug}/results/?format={random.choice(['csv', 'json'])}"
        response = person.request("export", "GET", path)
        if response is not None and response.status_code == 200:
            with person.results.lock:
                person.results.exports += 1
                person.results.export_bytes += len(response.content)
        else:
            person.refused(f"export {path}", response)
        person.pause()


def _entry_form(headline: str, lead: str, topic: int, n: int) -> dict[str, str]:
    return {
        "date": dt.date.today().isoformat(),
        "headline": headline,
        "lead": lead,
        "topics": str(topic),
        "claims-TOTAL_FORMS": "2",
        "claims-INITIAL_FORMS": "0",
        "claims-0-text": f"The method improves accuracy by {n % 17 + 1} points.",
        "claims-0-paper": "",
        "claims-0-quote": "",
        "claims-1-text": "The authors release no code.",
        "claims-1-paper": "",
        "claims-1-quote": "",
    }


def contributor(person: Person, topic: tuple[int, str], submitted: queue.Queue) -> None:
    """Writes an entry, reads it back, edits it, and submits every other one for review.
    Each entry's key (``load_c3 #7``) stays in its headline through edits, so a second row
    made by one acknowledged save is found afterwards."""
    n = 0
    while person.busy:
        n += 1
        key = f"{person.name} #{n}"
        pk = _write_entry(person, key, topic, n)
        person.pause()
        if pk is None or not person.busy:
            continue
        if _edit_entry(person, pk, key, topic, n, submit=n % 2 == 0):
            submitted.put(pk)
        person.pause()
        if random.random() < 0.2:
            person.request("my entries", "GET", "/entries/mine/")
            person.pause()


def _write_entry(person: Person, key: str, topic: tuple[int, str], n: int) -> int | None:
    form = person.request("entry form", "GET", "/entries/new/")
    token = SUBMISSION_TOKEN.search(form.text) if form is not None else None
    if token is None:
        person.refused("open the entry form", form)
        return None
    person.pause()
    headline = f"{key}: a draft"
    lead = f"Load test entry {key}, first text."
    data = {**_entry_form(headline, lead, topic[0], n), "op": "save"}
    data["submission_token"] = token.group(1)
    response = person.request("save entry", "POST", "/entries/new/", data)
    match = ENTRY_URL.search(response.headers.get("location", "")) if response else None
    if match is None:
        person.refused("save entry", response)
        return None
    pk = int(match.group(1))
    with person.results.lock:
        person.results.acknowledged += 1
        person.results.entries[pk] = Written(headline, "draft", topic[1])
    person.read_back("entry page (read-back)", f"/entries/{pk}/", [headline, lead],
                     written_on=person.last_server, anonymous=False)  # fmt: skip
    return pk


def _edit_entry(person: Person, pk: int, key: str, topic, n: int, *, submit: bool) -> bool:
    form = person.request("entry form", "GET", f"/entries/{pk}/edit/")
    version = SEEN_VERSION.search(form.text) if form is not None else None
    if version is None:
        person.refused("open the edit form", form)
        return False
    person.pause()
    headline = f"{key}: edited"
    lead = f"Load test entry {key}, second text."
    data = {**_entry_form(headline, lead, topic[0], n), "op": "submit" if submit else "save"}
    data.update(seen_status="draft", seen_version=version.group(1))
    response = person.request("edit entry", "POST", f"/entries/{pk}/edit/", data)
    if response is None or response.status_code != 302:
        person.refused("edit entry", response)
        return False
    with person.results.lock:
        person.results.acknowledged += 1
        person.results.entries[pk] = Written(headline, "pending" if submit else "draft", topic[1])
    person.read_back("entry page (read-back)", f"/entries/{pk}/", [headline, lead],
                     written_on=person.last_server, anonymous=False)  # fmt: skip
    return submit


def editor(person: Person, submitted: queue.Queue) -> None:
    """Opens the review queue, takes a submitted entry, marks its claims and approves it."""
    while person.busy:
        person.request("review queue", "GET", "/review/")
        try:
            pk = submitted.get(timeout=max(1.0, person.think_s))
        except queue.Empty:
            person.pause()
            continue
        person.pause()
        _review(person, pk)
        person.pause()


def _review(person: Person, pk: int) -> None:
    """Discards the results the claims' figures proposed, marks each claim, approves."""
    page = _open_for_review(person, pk)
    if page is not None and PROPOSED_RESULT.search(page.text):
        discarded = _discard_results(person, page)
        page = _open_for_review(person, pk)
        _acknowledge_discards(person, page, discarded)
    if page is None:
        return
    seen = _mark_claims(person, page)
    if _approve(person, pk, seen):
        _read_back_published(person, pk)


def _open_for_review(person: Person, pk: int):
    page = person.request("entry page", "GET", f"/entries/{pk}/")
    if page is None or page.status_code != 200 or not SEEN_VERSION.search(page.text):
        person.refused("open entry", page)
        return None
    return page


def _discard_results(person: Person, page) -> list[int]:
    """Discards each proposed result (the claims' figures name no benchmark)."""
    seen = SEEN_VERSION.search(page.text).group(1)
    posted = []
    for result in sorted({int(r) for r in PROPOSED_RESULT.findall(page.text)}):
        data = {"decision": "discard", "seen_version": seen}
        response = person.request("decide result", "POST", f"/results/{result}/decide/", data)
        if response is not None and response.status_code == 302:
            posted.append(result)
        else:
            person.refused("decide result", response)
        person.pause()
    return posted


def _acknowledge_discards(person: Person, page, posted: list[int]) -> None:
    """A refused decision redirects too: the entry page, opened again, says which held."""
    shown = {int(r) for r in DISCARDED_RESULT.findall(page.text)} if page is not None else set()
    with person.results.lock:
        for result in posted:
            if result in shown:
                person.results.discarded_results.add(result)
                person.results.acknowledged += 1
            else:
                person.results.refused.append(f"{person.name} discard result {result}: not shown")


def _mark_claims(person: Person, page) -> str:
    """Marks each claim as the page's script does (htmx): each answer carries the version of
    the entry the editor has now seen, which the approval names."""
    seen = SEEN_VERSION.search(page.text).group(1)
    for claim in sorted({int(c) for c in CLAIM_MARK.findall(page.text)}):
        data = {"evidence": "full_text", "seen_version": seen}
        response = person.request("mark claim", "POST", f"/claims/{claim}/mark/", data, htmx=True)
        version = SEEN_VERSION.search(response.text) if response is not None else None
        if response is None or response.status_code != 200 or version is None:
            person.refused("mark claim", response)
            continue
        seen = version.group(1)
        with person.results.lock:
            person.results.marked_claims.add(claim)
            person.results.acknowledged += 1
        person.pause()
    return seen


def _approve(person: Person, pk: int, seen: str) -> bool:
    """Approves, and follows the redirect as a browser does: a refused approval redirects
    too, so the approval holds only when the page says so."""
    data = {"to": "published", "seen_status": "pending", "seen_version": seen, "comment": ""}
    response = person.request("approve", "POST", f"/entries/{pk}/transition/", data)
    if response is None or response.status_code != 302:
        person.refused("approve", response)
        return False
    written_on = person.last_server
    page = person.request("entry page", "GET", response.headers["location"], server=written_on)
    if page is None or APPROVED not in page.text:
        person.refused("approve", page)
        return False
    with person.results.lock:
        person.results.entries[pk].status = "published"
        person.results.acknowledged += 1
    person.last_server = written_on
    return True


def _read_back_published(person: Person, pk: int) -> None:
    """A reader without a session, through another server: the entry and its concept page."""
    written_on = person.last_server
    written = person.results.entries[pk]
    for kind, path in (("entry page (read-back)", f"/entries/{pk}/"),
                       ("concept page (read-back)", f"/wiki/{written.concept}/")):  # fmt: skip
        person.read_back(kind, path, [written.headline], written_on=written_on, anonymous=True)
