"""The database replaces the cache versions itself: every table a page can show has its
triggers, and a write of any SQL shape, from any session, is seen by the next read."""

from __future__ import annotations

import subprocess
import time

import pytest
from django.core.management import call_command
from django.db import connection

from core.cache import content_version, versions
from core.cache_listener import FRESH, listener
from core.cache_triggers import KINDS, watches
from tests.factories import ClaimFactory, make_concept

PG = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")


def _triggers_by_table() -> dict[str, int]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT c.relname, count(DISTINCT t.tgname) FROM pg_trigger t"
                " JOIN pg_class c ON c.oid = t.tgrelid"
                " WHERE t.tgname LIKE 'core\\_cache\\_%%' GROUP BY c.relname"
            )
        else:
            cursor.execute(
                "SELECT tbl_name, count(*) FROM sqlite_master"
                " WHERE type = 'trigger' AND name LIKE 'core_cache_%' GROUP BY tbl_name"
            )
        return dict(cursor.fetchall())


def test_every_table_a_page_can_show_has_its_triggers(db):
    """A table added by any app is watched for everything unless core.cache_triggers says
    otherwise; SQLite drops triggers when a migration rebuilds a table: both are caught."""
    triggers = _triggers_by_table()
    tables = connection.introspection.table_names()
    missing = [t for t in tables if watches(t) and not triggers.get(t)]
    assert missing == []
    derived = {"papers_monthcount", "papers_monthtouch", "papers_daytouch"}  # by the papers'
    for table in set(tables) - derived:
        if table.startswith(("wiki_", "papers_", "entries_", "auth_")):
            assert watches(table), table
    for table in ("core_cacheversion", *derived):
        assert not triggers.get(table), table


@pytest.mark.parametrize(
    "sql",
    [
        "/* an operator's fix */ UPDATE wiki_concept SET summary = 'Fixed.'",
        "-- a comment first\nupdate WIKI_CONCEPT set summary = 'Fixed.'",
        "  \n\tUPDATE wiki_concept SET summary = 'Fixed.'",
        "UPDATE {schema}.wiki_concept SET summary = 'Fixed.'",
        'UPDATE {schema}."wiki_concept" SET "summary" = \'Fixed.\'',
        "INSERT INTO wiki_conceptalias (concept_id, name, slug)"
        " SELECT id, 'RM', 'rm' FROM wiki_concept",
    ],
)
def test_raw_sql_of_any_shape_replaces_the_content_version(db, sql):
    make_concept("Reward Modeling")
    schema = "public" if connection.vendor == "postgresql" else "main"
    before = content_version()
    with connection.cursor() as cursor:
        cursor.execute(sql.format(schema=schema))
    assert content_version() != before


def test_executemany_replaces_the_content_version(db):
    concept = make_concept("Reward Modeling")
    before = content_version()
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE wiki_concept SET summary = %s WHERE id = %s",
            [("One.", concept.pk), ("Two.", concept.pk)],
        )
    assert content_version() != before


@PG
@pytest.mark.parametrize(
    "sql",
    [
        "WITH gone AS (DELETE FROM entries_claim_caveats RETURNING id) SELECT count(*) FROM gone",
        "SELECT 1; UPDATE wiki_concept SET summary = 'Fixed.'",
        "TRUNCATE entries_claim_caveats",
    ],
)
def test_postgresql_only_shapes_replace_the_content_version(db, sql):
    ClaimFactory()
    before = content_version()
    with connection.cursor() as cursor:
        cursor.execute(sql)
    assert content_version() != before


def test_a_write_that_changes_no_shown_table_keeps_every_version(db, contributor):
    before = versions(*KINDS)
    contributor.last_login = None
    contributor.save(update_fields=["last_login"])  # what logging in writes
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM django_session")
    assert versions(*KINDS) == before


@PG
@pytest.mark.django_db(transaction=True)
def test_a_write_from_a_separate_psql_session_is_seen_within_a_second(client):
    make_concept("Reward Modeling", summary="Before the fix.")
    assert "Before the fix." in client.get("/wiki/reward-modeling/").content.decode()
    assert client.get("/wiki/reward-modeling/")["X-Page-Cache"] == "hit"
    db = connection.settings_dict
    subprocess.run(
        ["psql", "-h", db["HOST"], "-p", str(db["PORT"] or 5432), "-U", db["USER"], db["NAME"],
         "-v", "ON_ERROR_STOP=1", "-c", "UPDATE wiki_revision SET summary = 'After the fix.'"],
        check=True, capture_output=True,
    )  # fmt: skip
    started = time.monotonic()  # a write from outside the app: within a second
    while "After the fix." not in (response := client.get("/wiki/reward-modeling/")).text:
        assert time.monotonic() - started < FRESH
    assert response["X-Page-Cache"] == "miss"


@pytest.mark.django_db(transaction=True)
def test_a_server_that_cannot_read_the_versions_serves_uncached(client):
    make_concept("Reward Modeling", summary="Always current.")
    client.get("/wiki/reward-modeling/")
    assert client.get("/wiki/reward-modeling/")["X-Page-Cache"] == "hit"
    with connection.cursor() as cursor:  # the versions unreadable, the rest answers
        cursor.execute("ALTER TABLE core_cacheversion RENAME TO core_cacheversion_away")
    try:
        # What PostgreSQL's listener holds stays right (nothing was written) until its
        # next read fails, within a poll.
        started = time.monotonic()
        while listener.state is not None:
            assert time.monotonic() - started < FRESH
            time.sleep(0.01)
        pages = [client.get("/wiki/reward-modeling/") for _ in range(2)]
    finally:
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE core_cacheversion_away RENAME TO core_cacheversion")
    assert [p.status_code for p in pages] == [200, 200]
    assert [p["X-Page-Cache"] for p in pages] == ["miss", "miss"]
    assert "Always current." in pages[1].content.decode()
    assert client.get("/wiki/reward-modeling/")["X-Page-Cache"] == "hit"


def test_migrate_replaces_every_version(db):
    """An operator's way to make everything current after writes that bypassed the triggers
    (a data-only restore with --disable-triggers)."""
    before = versions(*KINDS)
    call_command("migrate", verbosity=0)
    after = versions(*KINDS)
    assert all(a != b for a, b in zip(after, before, strict=True))
