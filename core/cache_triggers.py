"""The database's own triggers replace the cache versions on every write (core/cache.py).

Whoever writes and however, the trigger of the table written replaces a token in
``core_cacheversion`` in the same transaction, and on PostgreSQL notifies the listeners
(core/cache_listener.py). Every table is watched for every version unless a rule below
narrows it or ``UNWATCHED`` says no page shows it; ``install`` runs after every
``migrate``. PostgreSQL: one trigger per statement (``COPY`` and ``TRUNCATE`` included);
SQLite: one per row and event.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db.backends.base.base import BaseDatabaseWrapper

KINDS = ("content", "frame", "library", "people", "results")
EVERYTHING = KINDS
# Rows per version, see core.models.CacheVersion.
SLOTS = 4
# Tables no page shows, written all day: sessions, login throttling (django-axes), API
# token bookkeeping, the admin's log, migrations, a person's watching settings and visit
# times (shown on their /watching/ only, never cached); the versions themselves; and what
# the papers' triggers derive from the papers (papers/month_counts.py), whose own writes
# replace the versions in the same statement.
UNWATCHED_PREFIXES = ("axes_", "sqlite_")
UNWATCHED = frozenset(
    {
        "core_cacheversion",
        "django_session",
        "django_migrations",
        "django_admin_log",
        "api_apitoken",
        "watching_watchingprofile",
        "papers_monthcount",
        "papers_monthtouch",
        "papers_daytouch",
    }
)
# Columns pages show of a person (authors of revisions and entries).
SHOWN_USER_COLUMNS = ("username", "first_name", "last_name")


@dataclass(frozen=True)
class Watch:
    """Writes to a table that replace ``kinds``: every INSERT, DELETE or TRUNCATE, and an
    UPDATE unless ``update`` is False or it sets only columns in ``ignoring``; or, with
    ``changed``, only an UPDATE of a row whose listed columns change. With ``related``,
    only a row that ``related`` (an SQL condition, the row's ``key`` column as ``{key}``)
    says is related (a claim that has results): INSERT, DELETE and an UPDATE of the
    ``changed`` columns (any UPDATE without them), each row checked; TRUNCATE always."""

    kinds: tuple[str, ...]
    ignoring: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    update: bool = True
    related: str = ""
    key: str = "id"

    def updated_columns(self, columns: list[str]) -> list[str] | None:
        """The columns whose UPDATE counts, None for any UPDATE at all."""
        if not self.update:
            return []
        return [c for c in columns if c not in self.ignoring] if self.ignoring else None


# What the results pages show besides results and benchmarks, and of which rows: a claim's
# mark, caveats and entry, and an entry's status and topics, of claims that state confirmed
# results (only those are shown; a result's own writes replace the version anyway).
_HAS_RESULTS = (
    "EXISTS (SELECT 1 FROM results_result WHERE claim_id = {key} AND status = 'confirmed')"
)
_ENTRY_HAS_RESULTS = (
    "EXISTS (SELECT 1 FROM results_result r JOIN entries_claim c ON c.id = r.claim_id "
    "WHERE c.entry_id = {key} AND r.status = 'confirmed')"
)
_RESULT_COPIES = ("evidence", "entry_id", "entry_published")
_RESULTS_READ = {
    "entries_claim": Watch(("results",), changed=("evidence", "entry_id"), related=_HAS_RESULTS),
    "entries_claim_caveats": Watch(("results",), related=_HAS_RESULTS, key="claim_id"),
    "entries_entry": Watch(("results",), changed=("status",), related=_ENTRY_HAS_RESULTS),
    "entries_entry_topics": Watch(("results",), related=_ENTRY_HAS_RESULTS, key="entry_id"),
    "entries_caveat": Watch(("results",)),  # caveats by name
}  # papers: every write to them replaces every version


def watches(table: str) -> list[Watch]:
    """What a write to ``table`` replaces: the content version for anything a page may show,
    the frame version unless only claims change, the library version for what the papers
    list shows, the people version for accounts and permissions, the results version for
    what the results pages show (results, benchmarks, papers, caveats' names, and the marks,
    caveats and entries of claims that state confirmed results)."""
    return _watches(table) + ([_RESULTS_READ[table]] if table in _RESULTS_READ else [])


def _watches(table: str) -> list[Watch]:
    if table in UNWATCHED or table.startswith(UNWATCHED_PREFIXES):
        return []
    if table.startswith("results_"):
        # Results are drawn in the claims part of a page, never its frame (the concept
        # page's best-results box sits with the evidence mix); benchmarks are in frames.
        if table == "results_result":
            # Its copies of its claim's level and entry (results/claim_copy.py) change only
            # with the claim or entry, whose own write replaces what it must.
            return [Watch(("content", "results"), ignoring=_RESULT_COPIES)]
        return [Watch(("content", "frame", "results"))]
    # Claims are drawn in the claims part of a page, never its frame.
    if table in ("entries_claim", "entries_claim_caveats", "entries_entryevent"):
        return [Watch(("content",))]
    if table == "entries_entry":  # counting its changes (a mark) shows in no frame
        return [Watch(("content",)), Watch(("frame",), ignoring=("version", "updated"))]
    if table.startswith(("wiki_", "entries_")):
        watched = [Watch(("content", "frame"))]
        if table == "wiki_concept":  # a topic of the papers list: its name and address
            watched += [
                Watch(("library",), update=False),
                Watch(("library",), changed=("title", "slug")),
            ]
        return watched
    if table == "auth_user":  # a login sets last_login alone: nothing to replace
        return [
            Watch(("people",), ignoring=("last_login",)),
            Watch(("content", "frame", "library"), changed=SHOWN_USER_COLUMNS),
        ]
    if table.startswith("auth_"):
        return [Watch(("people",))]
    # What a person watches is kept with their account (their "Watch" buttons are put in
    # per request, watching.middleware): no shared page shows it.
    if table == "watching_watch":
        return [Watch(("people",))]
    return [Watch(EVERYTHING)]


PG_BUMP_FUNCTION = """
CREATE OR REPLACE FUNCTION core_cache_replace(kinds text[]) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
    k text;
BEGIN
    FOREACH k IN ARRAY kinds LOOP
        -- A slot no other open transaction holds: writers never queue on each other.
        UPDATE core_cacheversion SET token = gen_random_uuid()::text
        WHERE id = (SELECT id FROM core_cacheversion WHERE kind = k
                    ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED);
        IF NOT FOUND THEN
            UPDATE core_cacheversion SET token = gen_random_uuid()::text
            WHERE kind = k AND slot = 0;
        END IF;
    END LOOP;
    -- Every listening worker reads the versions again (core/cache_listener.py); the app's
    -- own connection that wrote is told at once.
    PERFORM pg_notify('core_cache', '');
    IF current_setting('core.cache_notice', true) = 'on' THEN
        RAISE NOTICE 'core_cache';
    END IF;
END $$;

CREATE OR REPLACE FUNCTION core_cache_bump() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM core_cache_replace(TG_ARGV::text[]);
    RETURN NULL;
END $$;

-- A row's write replaces the versions only when the row is related (a claim that states
-- results): TG_ARGV is the row's key column, the condition (the key as $1), the kinds.
CREATE OR REPLACE FUNCTION core_cache_bump_related() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
    row_key text;
    related boolean;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row_key := to_jsonb(OLD) ->> TG_ARGV[0];
    ELSE
        row_key := to_jsonb(NEW) ->> TG_ARGV[0];
    END IF;
    EXECUTE TG_ARGV[1] INTO related USING row_key::bigint;
    IF related OR related IS NULL THEN
        PERFORM core_cache_replace(TG_ARGV[2:array_upper(TG_ARGV, 1)]);
    END IF;
    RETURN NULL;
END $$;
"""
_SQLITE_BUMP = (
    "UPDATE core_cacheversion SET token = lower(hex(randomblob(16))) "
    "WHERE kind IN ({kinds}) AND slot = 0;"
)


def trigger_prefix(table: str) -> str:
    return f"core_cache_{table}"


def _pg_triggers(table: str, columns: list[str]) -> list[str]:
    statements = []
    for n, watch in enumerate(watches(table)):
        name = f'"{trigger_prefix(table)}_{n}"'
        args = ", ".join(f"'{kind}'" for kind in watch.kinds)
        if watch.related:
            statements += _pg_related_triggers(table, n, watch)
            continue
        if watch.changed:
            when = " OR ".join(f'OLD."{c}" IS DISTINCT FROM NEW."{c}"' for c in watch.changed)
            events, level = "UPDATE", f" FOR EACH ROW WHEN ({when})"
        else:
            events, level = "INSERT OR DELETE OR TRUNCATE", " FOR EACH STATEMENT"
            updated = watch.updated_columns(columns)
            if updated is None:
                events += " OR UPDATE"
            elif updated:
                events += " OR UPDATE OF " + ", ".join(f'"{c}"' for c in updated)
        statements.append(
            f'CREATE OR REPLACE TRIGGER {name} AFTER {events} ON "{table}"{level} '
            f"EXECUTE FUNCTION core_cache_bump({args})"
        )
    return statements


def _pg_related_triggers(table: str, n: int, watch: Watch) -> list[str]:
    """One trigger per row written (``Watch.related``), and one per TRUNCATE."""
    prefix = f"{trigger_prefix(table)}_{n}"
    condition = "SELECT " + watch.related.format(key="$1")
    args = ", ".join(
        "'" + arg.replace("'", "''") + "'" for arg in (watch.key, condition, *watch.kinds)
    )
    kinds = ", ".join(f"'{kind}'" for kind in watch.kinds)
    changed = " OR ".join(f'OLD."{c}" IS DISTINCT FROM NEW."{c}"' for c in watch.changed)
    events = [("i", "INSERT", ""), ("d", "DELETE", ""), ("u", "UPDATE", changed)]
    statements = [
        f'CREATE OR REPLACE TRIGGER "{prefix}{event}" AFTER {what} ON "{table}" FOR EACH ROW'
        + (f" WHEN ({when})" if when else "")
        + f" EXECUTE FUNCTION core_cache_bump_related({args})"
        for event, what, when in events
    ]
    statements.append(
        f'CREATE OR REPLACE TRIGGER "{prefix}t" AFTER TRUNCATE ON "{table}" FOR EACH STATEMENT '
        f"EXECUTE FUNCTION core_cache_bump({kinds})"
    )
    return statements


def _sqlite_triggers(table: str, columns: list[str]) -> list[str]:
    statements = []
    for n, watch in enumerate(watches(table)):
        bump = _SQLITE_BUMP.format(kinds=", ".join(f"'{kind}'" for kind in watch.kinds))
        if watch.related:
            changed = " OR ".join(f'OLD."{c}" IS NOT NEW."{c}"' for c in watch.changed)
            new_row = watch.related.format(key=f'NEW."{watch.key}"')
            events = [
                ("i", f'INSERT ON "{table}" FOR EACH ROW WHEN {new_row}'),
                ("d", f'DELETE ON "{table}" FOR EACH ROW WHEN '
                 + watch.related.format(key=f'OLD."{watch.key}"')),
                ("u", f'UPDATE ON "{table}" FOR EACH ROW WHEN '
                 + (f"({changed}) AND " if changed else "") + new_row),
            ]  # fmt: skip
        elif watch.changed:
            when = " OR ".join(f'OLD."{c}" IS NOT NEW."{c}"' for c in watch.changed)
            events = [("u", f'UPDATE ON "{table}" FOR EACH ROW WHEN {when}')]
        else:
            events = [("i", f'INSERT ON "{table}"'), ("d", f'DELETE ON "{table}"')]
            updated = watch.updated_columns(columns)
            if updated is None:
                events.append(("u", f'UPDATE ON "{table}"'))
            elif updated:
                of = ", ".join(f'"{c}"' for c in updated)
                events.append(("u", f'UPDATE OF {of} ON "{table}"'))
        for event, clause in events:
            name = f'"{trigger_prefix(table)}_{n}{event}"'
            statements += [
                f"DROP TRIGGER IF EXISTS {name}",
                f"CREATE TRIGGER {name} AFTER {clause} BEGIN {bump} END",
            ]
    return statements


def install(connection: BaseDatabaseWrapper) -> None:
    """Put the versions' rows (new tokens) and every table's triggers in place. Run after
    every migrate (and ``flush``, which empties every table): a new table needs its
    triggers, and SQLite drops a table's triggers when a migration rebuilds it."""
    build = {"postgresql": _pg_triggers, "sqlite": _sqlite_triggers}.get(connection.vendor)
    if build is None:
        return
    with connection.cursor() as cursor:
        # Every version replaced as well: whatever was written with triggers off (a
        # data-only restore with --disable-triggers) is seen after the next migrate.
        for kind in KINDS:
            for slot in range(SLOTS):
                token = secrets.token_hex(8)
                cursor.execute(
                    "INSERT INTO core_cacheversion (kind, slot, token) VALUES (%s, %s, %s) "
                    "ON CONFLICT (kind, slot) DO UPDATE SET token = %s",
                    [kind, slot, token, token],
                )
        if connection.vendor == "postgresql":
            cursor.execute(PG_BUMP_FUNCTION)
            cursor.execute("NOTIFY core_cache")  # the listeners read the new tokens
        introspection = connection.introspection
        for table in introspection.table_names(cursor):
            columns = [c.name for c in introspection.get_table_description(cursor, table)]
            for statement in build(table, columns):
                cursor.execute(statement)
