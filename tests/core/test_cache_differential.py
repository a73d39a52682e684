"""A cached and an uncached server over one database must show everyone the same thing.

For every write path (a form, the API, the admin, a service, the notes importer, a backup
restore, a management command, raw SQL of several shapes, a separate ``psql`` session) the
pages of every kind are read by anonymous, contributor and editor clients through the
WSGI application's doors and the page cache (warmed before the write) and without any
cache (another server with no Redis: a dummy cache, this process's memo emptied); the test
fails on any difference.
"""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client, RequestFactory

from api.services import token_create
from core.cache import memo
from core.cache_listener import FRESH, listener
from entries.models import Claim, Evidence
from entries.review.services import claim_mark
from results.models import Benchmark, Result, ResultStatus
from tests.factories import build_world, concept_form_data, make_concept
from wiki.models import Concept

pytestmark = pytest.mark.django_db(transaction=True)

PG = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")
SAMPLE = Path(__file__).parents[1] / "importer" / "samples" / "tool_use_curriculum.txt"
# Per-request secrets (CSRF tokens) differ between any two responses.
_TOKEN = re.compile(r"[A-Za-z0-9]{32,}")
# An empty feed is dated when it is rendered (Django's Atom feed has nothing else to go by).
_FEED_DATE = re.compile(r"<updated>[^<]*</updated>")


@pytest.fixture
def site(editor, contributor, other_editor):
    world = build_world(editor=editor, contributor=contributor, other_editor=other_editor)
    mmlu = Benchmark.objects.create(name="MMLU", slug="mmlu")  # a page with a "Watch" button too
    # A concept no revision waits on: the signed-in door answers its page from memory.
    make_concept("Policy Gradient", body="# Policy Gradient\n\nNothing waits here.")
    # The published claim's figure, confirmed on it: the results pages show its mark.
    Result.objects.filter(claim__entry=world.published).update(
        status=ResultStatus.CONFIRMED, benchmark=mmlu
    )
    clients = {"anonymous": Client()}
    for role, user in (("contributor", contributor), ("editor", editor)):
        clients[role] = Client()
        clients[role].force_login(user)
    return world, clients


def _pages(world) -> list[str]:
    slug = world.concept.slug
    return [
        "/",
        "/wiki/",
        f"/wiki/{slug}/",
        "/wiki/policy-gradient/",
        f"/wiki/{slug}/history/",
        f"/topics/{slug}/",
        f"/topics/{slug}/feed/",
        "/papers/",
        f"/papers/?topic={slug}",
        f"/papers/{world.paper.arxiv_id}/",
        "/benchmarks/mmlu/",
        f"/wiki/{slug}/results/",
        f"/entries/{world.published.pk}/",
        "/search/?q=reward",
        "/changes/",
        "/review/",
    ]


def _seen(response) -> tuple[int, str, str]:
    body = b"" if response.streaming else response.content
    text = _TOKEN.sub("T", body.decode())
    if "</feed>" in text and "<entry>" not in text:
        text = _FEED_DATE.sub("<updated/>", text, count=1)
    return response.status_code, response.get("Location", ""), text


def _uncached(client: Client, path: str, settings) -> tuple[int, str, str]:
    alias = settings.PAGE_CACHE_ALIAS
    settings.CACHES = {
        **settings.CACHES,
        "nocache": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    settings.PAGE_CACHE_ALIAS = "nocache"
    memo.values.clear()
    try:
        return _seen(client.get(path))
    finally:
        memo.values.clear()
        settings.PAGE_CACHE_ALIAS = alias


class _Answer:
    """What ``_seen`` reads of a response, from a WSGI answer."""

    streaming = False

    def __init__(self, status: str, headers: list[tuple[str, str]], content: bytes) -> None:
        self.status_code, self.content, self._headers = int(status[:3]), content, dict(headers)

    def get(self, name: str, default: str = "") -> str:
        return self._headers.get(name, default)


def _through_doors(client: Client, path: str) -> _Answer:
    """A GET as gunicorn hands it to the application, with the client's cookies: through
    the doors that answer visitors and signed-in people from memory (config/wsgi.py), then
    Django. The cookies it sets are kept, as a browser keeps them."""
    from config.wsgi import application

    cookie = "; ".join(f"{name}={m.value}" for name, m in client.cookies.items() if m.value)
    environ = RequestFactory().get(path, headers={"cookie": cookie} if cookie else {}).environ
    answer = {}

    def start_response(status, headers, exc_info=None):
        answer.update(status=status, headers=headers)

    body = application(environ, start_response)
    try:
        content = b"".join(body)
    finally:
        getattr(body, "close", lambda: None)()
    for name, value in answer["headers"]:
        if name == "Set-Cookie":
            client.cookies.load(value)
    return _Answer(answer["status"], answer["headers"], content)


def _heard() -> None:
    """On PostgreSQL, until this process's listener holds the versions: the doors answer
    from memory only then, as they do a moment after any write."""
    deadline = time.monotonic() + 5
    while connection.vendor == "postgresql" and listener.current() is None:
        assert time.monotonic() < deadline, "the listener never caught up"
        time.sleep(0.01)


def _differences(clients, pages, settings) -> list[tuple[str, str]]:
    _heard()
    cached = {}
    for role, client in clients.items():
        client.get("/")  # shows (and so ends) the message a form left, a one-off
        for path in pages:
            cached[role, path] = _seen(_through_doors(client, path))
    # Then the server without a cache: it empties this process's memory, which the cached
    # server's reads above must find as the write left it.
    return [
        (role, path)
        for role, client in clients.items()
        for path in pages
        if cached[role, path] != _uncached(client, path, settings)
    ]


def _warm(clients, pages) -> set[str]:
    """Every page read twice by each client; how the second reads were answered."""
    answered = set()
    for client in clients.values():
        for path in pages:
            _through_doors(client, path)
            answered.add(_through_doors(client, path).get("X-Page-Cache"))
    return answered


def _raw(sql: str, params=None) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _psql(sql: str) -> None:
    db = connection.settings_dict
    subprocess.run(
        ["psql", "-h", db["HOST"], "-p", str(db["PORT"] or 5432), "-U", db["USER"], db["NAME"],
         "-v", "ON_ERROR_STOP=1", "-c", sql],
        check=True, capture_output=True,
    )  # fmt: skip
    _read_again_by_the_listener(after=time.monotonic())


def _read_again_by_the_listener(*, after: float) -> None:
    """A write from another session is seen within ``FRESH`` (the listener is notified and
    reads the versions again; docs/architecture.md): what the servers show is compared once
    the listener has read them after the write, as a person's next request would be."""
    deadline = after + FRESH + 1.0
    while time.monotonic() < deadline:
        state = listener.state
        if state is None or state[2] - FRESH >= after:
            return
        time.sleep(0.01)
    raise AssertionError(f"the listener did not read the versions within {FRESH + 1.0} s")


def _claim(world) -> Claim:
    return Claim.objects.filter(entry=world.published).order_by("position").first()


def _web_form(world, clients, editor):
    concept = world.concept
    concept.refresh_from_db()
    data = concept_form_data(concept, body="# Reward Modeling\n\nEdited in the browser.")
    assert clients["editor"].post(f"/wiki/{concept.slug}/edit/", data).status_code == 302


def _quiet_concept_form(world, clients, editor):
    """An edit of the page the signed-in door keeps, from another browser of the editor's."""
    concept = Concept.objects.get(slug="policy-gradient")
    browser = Client()
    browser.force_login(editor)
    data = concept_form_data(concept, body="# Policy Gradient\n\nEdited elsewhere.")
    assert browser.post(f"/wiki/{concept.slug}/edit/", data).status_code == 302


def _api(world, clients, editor):
    secret = token_create(user=editor, name="pipeline")[1]
    response = Client().put(
        f"/api/claims/{_claim(world).pk}/evidence/",
        '{"evidence": "secondary", "caveats": []}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 200, response.content


def _admin(world, clients, editor):
    admin = get_user_model().objects.create_superuser("root", password="x" * 16)
    client = Client()
    client.force_login(admin)
    response = client.post(f"/admin/papers/paper/{world.paper.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302


def _service(world, clients, editor):
    claim_mark(claim=_claim(world), by=editor, evidence=Evidence.EDITORIAL, caveats=[])


def _importer(world, clients, editor):
    call_command("import_notes", str(SAMPLE), "--status", "published", verbosity=0)


def _command(world, clients, editor):
    call_command(
        "seed_demo", concepts=2, papers=3, entries=1, claims_per_entry=1, seed=5, verbosity=0
    )


def _rename(world, clients, editor):
    get_user_model().objects.filter(pk=world.published.author_id).update(username="renamed")


WRITES = [
    pytest.param(_web_form, id="web-form"),
    pytest.param(_quiet_concept_form, id="web-form-on-a-page-the-door-keeps"),
    pytest.param(
        lambda w, c, e: _raw(
            "/* a fix */ UPDATE wiki_revision SET summary = 'Raw.' WHERE id = "
            "(SELECT current_revision_id FROM wiki_concept WHERE slug = 'policy-gradient')"
        ),
        id="raw-sql-on-a-page-the-door-keeps",
    ),
    pytest.param(_api, id="api"),
    pytest.param(_admin, id="admin"),
    pytest.param(_service, id="service"),
    pytest.param(_importer, id="importer"),
    pytest.param(_command, id="management-command"),
    pytest.param(_rename, id="person-renamed"),
    pytest.param(
        lambda w, c, e: _raw(
            "/* a fix */ UPDATE wiki_revision SET summary = 'Raw.' WHERE id = %s",
            [w.concept.current_revision_id],
        ),
        id="raw-leading-comment",
    ),
    pytest.param(
        lambda w, c, e: _raw(
            f"UPDATE {'public' if connection.vendor == 'postgresql' else 'main'}.papers_paper"
            " SET title = 'Schema-qualified title'"
        ),
        id="raw-schema-qualified",
    ),
    pytest.param(
        lambda w, c, e: connection.cursor().executemany(
            "UPDATE entries_claim SET text = %s, html = %s WHERE id = %s",
            [("Many.", "<p>Many.</p>", _claim(w).pk)] * 2,
        ),
        id="raw-executemany",
    ),
    pytest.param(
        lambda w, c, e: _raw(
            "WITH gone AS (DELETE FROM entries_entry_topics RETURNING id) SELECT count(*) FROM gone"
        ),
        id="raw-data-modifying-cte",
        marks=PG,
    ),
    pytest.param(
        lambda w, c, e: _psql("UPDATE wiki_revision SET summary = 'From psql.'"),
        id="psql-session",
        marks=PG,
    ),
    # What the results pages show of the claims that state results.
    pytest.param(
        lambda w, c, e: _raw(
            "UPDATE entries_claim SET evidence = 'secondary' WHERE id = %s", [_claim(w).pk]
        ),
        id="raw-mark-of-a-claim-with-results",
    ),
    pytest.param(
        lambda w, c, e: _raw(
            "INSERT INTO entries_claim_caveats (claim_id, caveat_id) "
            "SELECT %s, id FROM entries_caveat ORDER BY id LIMIT 1",
            [_claim(w).pk],
        ),
        id="raw-caveat-on-a-claim-with-results",
    ),
    pytest.param(
        lambda w, c, e: _raw(
            "UPDATE entries_entry SET status = 'draft' WHERE id = %s", [w.published.pk]
        ),
        id="raw-entry-with-results-unpublished",
    ),
    pytest.param(
        lambda w, c, e: _raw(
            "DELETE FROM entries_entry_topics WHERE entry_id = %s", [w.published.pk]
        ),
        id="raw-topic-of-an-entry-with-results-removed",
    ),
    pytest.param(
        lambda w, c, e: _psql("UPDATE entries_claim SET evidence = 'editorial'"),
        id="psql-marks-of-every-claim",
        marks=PG,
    ),
]


@pytest.mark.parametrize("write", WRITES)
def test_a_cached_server_shows_what_an_uncached_one_does_after_every_write(
    site, editor, settings, write
):
    world, clients = site
    pages = _pages(world)
    _heard()
    answered = _warm(clients, pages)
    if connection.vendor == "postgresql":  # kept pages the doors may serve stale, if wrong
        assert {"hit", "person"} <= answered
    write(world, clients, editor)
    assert _differences(clients, pages, settings) == []


def test_a_restored_backup_shows_on_pages_cached_before_it(site, settings, tmp_path):
    world, clients = site
    pages = _pages(world)
    call_command("export_wiki", str(tmp_path / "backup"), verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    anonymous = {"anonymous": clients["anonymous"]}
    _warm(anonymous, pages)  # an empty wiki, cached
    call_command("import_wiki", str(tmp_path / "backup"), verbosity=0)
    assert "Second text." in clients["anonymous"].get(pages[2]).content.decode()
    assert _differences(anonymous, pages, settings) == []
