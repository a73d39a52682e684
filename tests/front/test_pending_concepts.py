"""A concept proposed by a contributor and waiting for review is invisible to readers: no
page, filter, choice list, search result, feed or API answer names it, and nobody can file
papers or entries under it until an editor approves it (issue #27, item 8)."""

from __future__ import annotations

from collections import deque
from html.parser import HTMLParser
from urllib.parse import unquote_plus, urljoin, urlsplit

import pytest
from django.test import Client

from tests.factories import PaperFactory, build_world
from wiki.services import concept_create

pytestmark = pytest.mark.django_db

PENDING_TITLE = "Quorvex Sampling"
PENDING_SLUG = "quorvex-sampling"
# Pages worth asking for by hand: filters, search and the API are not all reached by links.
EXTRA = [
    "/papers/?topic=" + PENDING_SLUG,
    "/papers/?q=quorvex",
    "/papers/?format=bibtex",
    "/search/?q=quorvex",
    "/search/?q=Quorvex+Sampling",
    "/wiki/?q=quorvex",
    "/topics/",
    "/topics/" + PENDING_SLUG + "/",
    "/topics/" + PENDING_SLUG + "/feed/",
    "/wiki/" + PENDING_SLUG + "/",
    "/feeds/entries/",
    "/feeds/papers/",
    "/changes/",
    "/api/concepts/",
    "/api/concepts/?q=quorvex",
    "/api/concepts/" + PENDING_SLUG + "/",
    "/api/papers/",
    "/api/papers/?topic=" + PENDING_SLUG,
    "/api/entries/",
]
SKIP = ("/admin/", "/accounts/logout", "/static/", "/api/docs")
MAX_PAGES = 400


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name in ("href", "hx-get") and value:
                self.links.append(value)


def _walk(client: Client) -> dict[str, str]:
    """Every page an anonymous reader reaches from the home page and EXTRA: path → body."""
    seen: dict[str, str] = {}
    queue = deque(["/", *EXTRA])
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft()
        if url in seen or url.startswith(SKIP):
            continue
        response = client.get(url)
        assert response.status_code < 500, url
        body = response.content.decode(errors="replace") if not response.streaming else ""
        seen[url] = body
        if "html" not in response.get("Content-Type", ""):
            continue
        parser = _Links()
        parser.feed(body)
        for link in parser.links:
            parts = urlsplit(urljoin(url, link))
            if parts.scheme or parts.netloc or not parts.path.startswith("/"):
                continue
            queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


@pytest.fixture
def pending_world(editor, contributor, other_editor):
    world = build_world(editor=editor, contributor=contributor, other_editor=other_editor)
    pending = concept_create(
        title=PENDING_TITLE, summary="A proposed page.", body="Waiting.", author=contributor
    )
    assert pending.current_revision is None
    # Rows filed under the page before its review (as the hostile run did): still hidden.
    world.paper.topics.add(pending)
    world.published.topics.add(pending)
    PaperFactory(title="Another paper").topics.add(pending)
    return world, pending


def test_anonymous_reader_never_sees_a_pending_concept(client, pending_world):
    pages = _walk(client)
    assert len(pages) > 20
    leaks = {
        url: body[max(0, at - 120) : at + 40]
        for url, body in pages.items()
        if (at := body.lower().find(PENDING_TITLE.lower())) >= 0
        and "quorvex" not in unquote_plus(url).lower()  # a search page may echo its own query
    }
    assert leaks == {}
    slug_leaks = [
        url
        for url, body in pages.items()
        if PENDING_SLUG in body and "quorvex" not in unquote_plus(url).lower()
    ]
    assert slug_leaks == []
    links = [
        url
        for url, body in pages.items()
        if f'href="/wiki/{PENDING_SLUG}/"' in body or f'href="/topics/{PENDING_SLUG}/' in body
    ]
    assert links == []


def test_papers_topic_filter_refuses_a_pending_concept(client, pending_world):
    response = client.get("/papers/", {"topic": PENDING_SLUG})
    assert response.status_code == 400 or PENDING_TITLE not in response.content.decode()
    api = client.get("/api/papers/", {"topic": PENDING_SLUG})
    assert api.status_code == 422


def test_contributor_cannot_file_a_paper_under_a_pending_concept(contributor_client, pending_world):
    _, pending = pending_world
    form = contributor_client.get("/papers/new/?manual=1").content.decode()
    assert PENDING_TITLE not in form
    response = contributor_client.post(
        "/papers/new/",
        {"title": "Filed under a proposal", "read_level": "abstract_only", "topics": [pending.pk]},
    )
    assert response.status_code in (200, 400)
    assert not pending.papers.filter(title="Filed under a proposal").exists()
