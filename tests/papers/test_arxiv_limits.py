"""Outbound arXiv lookups are bounded: answers cached, one call per interval for the whole
site, a size and a time cap, each said clearly to the person adding a paper (issue #27,
item 6). A real local HTTP server plays arXiv, from recorded responses."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from papers.arxiv import ArxivBusy, ArxivNotFound, ArxivTooLarge, ArxivUnavailable, fetch_arxiv
from tests.papers.conftest import fixture_bytes

DPO = "2305.18290"
MB = 1_000_000


@pytest.fixture
def throttled(settings):
    settings.ARXIV_MIN_INTERVAL_SECONDS = 3


def test_forty_lookups_of_one_paper_make_one_call(arxiv_server, throttled):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    records = [fetch_arxiv(DPO) for _ in range(40)]

    assert len(arxiv_server.requests) == 1
    assert {r.title[:25] for r in records} == {"Direct Preference Optimiz"}


def test_an_unknown_id_is_remembered_too(arxiv_server, throttled):
    for _ in range(5):
        with pytest.raises(ArxivNotFound):
            fetch_arxiv("2609.99999")
    assert len(arxiv_server.requests) == 1


def test_a_second_call_within_the_interval_is_refused_site_wide(arxiv_server, throttled):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    fetch_arxiv(DPO)

    with pytest.raises(ArxivBusy) as caught:
        fetch_arxiv("2601.00001")

    assert len(arxiv_server.requests) == 1
    assert 1 <= caught.value.retry_after <= 3


def test_the_slot_frees_after_the_interval(arxiv_server, settings):
    settings.ARXIV_MIN_INTERVAL_SECONDS = 1
    with pytest.raises(ArxivNotFound):
        fetch_arxiv("2601.00001")
    time.sleep(1.1)
    with pytest.raises(ArxivNotFound):
        fetch_arxiv("2601.00002")
    assert len(arxiv_server.requests) == 2


def test_a_huge_answer_is_not_read_whole(arxiv_server, settings):
    """The body claims no length and goes on for 200 MB; reading stops past the cap."""
    settings.ARXIV_MAX_BYTES = 2 * MB
    arxiv_server.responses[DPO] = (200, b"")
    arxiv_server.endless = True

    with pytest.raises(ArxivTooLarge, match="larger than 2 MB"):
        fetch_arxiv(DPO)

    assert arxiv_server.sent < 20 * MB  # stopped early, not after 200 MB


def test_a_declared_huge_answer_is_refused_before_reading(arxiv_server, settings):
    settings.ARXIV_MAX_BYTES = 1000
    arxiv_server.responses[DPO] = (200, b"<feed>" + b"x" * 5000 + b"</feed>")

    with pytest.raises(ArxivTooLarge):
        fetch_arxiv(DPO)


class _Dripping(BaseHTTPRequestHandler):
    """Answers one byte every 0.1 s: each read is quick, the whole answer never ends."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        try:
            for _ in range(200):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args) -> None:
        pass


def test_a_dripping_answer_stops_at_the_time_limit(settings):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Dripping)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    settings.ARXIV_API_URL = f"http://127.0.0.1:{server.server_address[1]}/api/query"
    settings.ARXIV_TIMEOUT_SECONDS = 1
    started = time.monotonic()
    try:
        with pytest.raises(ArxivUnavailable, match="within 1 seconds"):
            fetch_arxiv(DPO)
    finally:
        server.shutdown()
        server.server_close()
    assert time.monotonic() - started < 3


@pytest.mark.django_db
def test_add_paper_form_says_arxiv_is_busy_with_a_429(contributor_client, arxiv_server, throttled):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    assert contributor_client.get("/papers/new/", {"arxiv": DPO}).status_code == 200

    response = contributor_client.get("/papers/new/", {"arxiv": "2601.00001"})

    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    html = response.content.decode()
    assert "at most once every few seconds" in html
    assert 'name="title"' in html  # the manual form is still there
    assert len(arxiv_server.requests) == 1
