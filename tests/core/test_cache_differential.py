"""A cached and an uncached server over one database must show everyone the same thing.

For every write path (a form, the API, the admin, a service, the notes importer, a backup
restore, a management command, raw SQL of several shapes, a separate ``psql`` session) the
pages of every kind are read by anonymous, contributor and editor clients through the
page cache (warmed before the write) and without any cache (another server with no
Redis: a dummy cache, this process's memo emptied); the test fails on any difference.
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
from django.test import Client

from api.services import token_create
from core.cache import memo
from core.cache_listener import FRESH, listener
from entries.models import Claim, Evidence
from entries.review.services import claim_mark
from results.models import Benchmark, Result, ResultStatus
from tests.factories import build_world, concept_form_data

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


def _differences(clients, pages, settings) -> list[tuple[str, str]]:
    differences = []
    for role, client in clients.items():
        client.get("/")  # shows (and so ends) the message a form left, a one-off

        for path in pages:
            cached = _seen(client.get(path))
            if cached != _uncached(client, path, settings):
                differences.append((role, path))
    return differences


def _warm(clients, pages) -> None:
    for client in clients.values():
        for path in pages:
            client.get(path)
            client.get(path)


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
    _warm(clients, pages)
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
