from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, unquote, urlparse

import pytest
from django.core.cache import cache

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def paper_export(client, paper, fmt: str) -> str:
    """One paper's export in ``fmt`` (bibtex, ris, csljson), from its page's link."""
    response = client.get(f"{paper.get_absolute_url()}?format={fmt}")
    return b"".join(response.streaming_content).decode()


def import_report(response) -> SimpleNamespace:
    """The report on the job page that a POST to /papers/import/ (followed) lands on."""
    assert response.redirect_chain[-1][0].startswith("/jobs/")
    data = response.context["report"]
    return SimpleNamespace(**{**data, "rows": [SimpleNamespace(**row) for row in data["rows"]]})


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


class ArxivStub(ThreadingHTTPServer):
    """A real HTTP server answering like the arXiv API, from recorded responses."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.responses: dict[str, tuple[int, bytes]] = {}
        self.delay = 0.0
        self.requests: list[dict[str, list[str]]] = []
        self.endless = False  # answer with an unending body of unknown length (200 MB)
        self.sent = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/api/query"


class _Handler(BaseHTTPRequestHandler):
    server: ArxivStub

    def do_GET(self) -> None:
        query = parse_qs(urlparse(self.path).query)
        self.server.requests.append(query)
        paper_id = query.get("id_list", [""])[0]
        status, body = self.server.responses.get(
            paper_id, (200, fixture_bytes("arxiv_not_found.xml"))
        )
        if self.server.delay:
            time.sleep(self.server.delay)
        if self.server.endless:
            self._endless()
            return
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/atom+xml; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (the timeout test)

    def _endless(self) -> None:
        """200 MB of feed with no Content-Length, for as long as the client reads."""
        chunk = b"<entry><title>x</title></entry>" * 2048
        self.send_response(200)
        self.send_header("Content-Type", "application/atom+xml; charset=utf-8")
        self.end_headers()
        try:
            self.wfile.write(b"<feed>")
            while self.server.sent < 200_000_000:
                self.wfile.write(chunk)
                self.server.sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def arxiv_server(settings) -> Iterator[ArxivStub]:
    server = ArxivStub()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.ARXIV_API_URL = server.url
    settings.ARXIV_TIMEOUT_SECONDS = 2
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def closed_port_url() -> str:
    """An address where nothing listens: connection refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/query"


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


class DoiStub(ThreadingHTTPServer):
    """A real HTTP server answering like doi.org with content negotiation: a redirect to
    the registration agency, then the recorded CSL-JSON, 404 for an unknown DOI and 406
    for a request that does not ask for CSL-JSON."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _DoiHandler)
        self.responses: dict[str, tuple[int, bytes]] = {}
        self.requests: list[tuple[str, str]] = []  # (path, Accept header)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


class _DoiHandler(BaseHTTPRequestHandler):
    server: DoiStub

    def do_GET(self) -> None:
        path = unquote(urlparse(self.path).path)
        self.server.requests.append((path, self.headers.get("Accept", "")))
        if not path.startswith("/transform/"):
            self.send_response(302)
            self.send_header("Location", f"/transform{urlparse(self.path).path}")
            self.end_headers()
            return
        doi = path.removeprefix("/transform/")
        if self.headers.get("Accept") != "application/vnd.citationstyles.csl+json":
            status, body, kind = 406, b"Not acceptable", "text/plain"
        elif doi.lower() in self.server.responses:
            status, body = self.server.responses[doi.lower()]
            kind = "application/vnd.citationstyles.csl+json"
        else:
            status, body, kind = 404, b"Resource not found.", "text/plain"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def doi_server(settings) -> Iterator[DoiStub]:
    server = DoiStub()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.DOI_RESOLVER_URL = server.url
    settings.DOI_TIMEOUT_SECONDS = 2
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
