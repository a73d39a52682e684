"""A result's copy of its claim's mark and entry, kept by the database.

The results pages rank thousands of results at a time; joining each to its claim and entry
to read the claim's evidence level and whether its entry is published cost most of a page
built again after a mark. So every result carries ``evidence``, ``entry_id`` and
``entry_published``, and the database's own triggers keep them equal to the claim's and
entry's, whoever writes and however (the ORM, the importer, raw SQL, ``psql``):

- a result written (inserted, or any column updated) copies its claim's at that moment;
- a claim whose level or entry changes is copied to its results;
- an entry whose status changes is copied to its claims' results.

``install`` runs after every ``migrate`` (SQLite drops a table's triggers when a migration
rebuilds it) and copies every result again, so rows written with triggers off (a data-only
restore with ``--disable-triggers``) are right after the next migrate. The cache versions
(core/cache_triggers.py) ignore these three columns: the claim's or entry's own write
replaces what it must.
"""

from __future__ import annotations

from django.db.backends.base.base import BaseDatabaseWrapper

_PUBLISHED = "'published'"

_PG = f"""
CREATE OR REPLACE FUNCTION results_copy_claim() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    SELECT c.evidence, c.entry_id, e.status = {_PUBLISHED}
      INTO NEW.evidence, NEW.entry_id, NEW.entry_published
      FROM entries_claim c JOIN entries_entry e ON e.id = c.entry_id
     WHERE c.id = NEW.claim_id;
    RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER results_copy_claim BEFORE INSERT OR UPDATE ON results_result
FOR EACH ROW EXECUTE FUNCTION results_copy_claim();

CREATE OR REPLACE FUNCTION results_claim_changed() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    -- Setting the copied columns runs results_copy_claim on each result.
    UPDATE results_result SET evidence = NEW.evidence, entry_id = NEW.entry_id
     WHERE claim_id = NEW.id;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER results_claim_changed AFTER UPDATE ON entries_claim FOR EACH ROW
WHEN (OLD.evidence IS DISTINCT FROM NEW.evidence OR OLD.entry_id IS DISTINCT FROM NEW.entry_id)
EXECUTE FUNCTION results_claim_changed();

CREATE OR REPLACE FUNCTION results_entry_changed() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE results_result SET entry_published = NEW.status = {_PUBLISHED}
     WHERE entry_id = NEW.id;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER results_entry_changed AFTER UPDATE ON entries_entry FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION results_entry_changed();
"""

# SQLite: a trigger cannot set the row being written, so the result is updated after; a
# trigger never fires itself again (recursive triggers are off), but does fire the others.
_SQLITE_COPY = f"""
UPDATE results_result SET
    evidence = (SELECT evidence FROM entries_claim WHERE id = NEW.claim_id),
    entry_id = (SELECT entry_id FROM entries_claim WHERE id = NEW.claim_id),
    entry_published = (SELECT e.status = {_PUBLISHED} FROM entries_claim c
                       JOIN entries_entry e ON e.id = c.entry_id WHERE c.id = NEW.claim_id)
WHERE id = NEW.id;
"""
_SQLITE = {
    "results_copy_claim_i": f"AFTER INSERT ON results_result BEGIN {_SQLITE_COPY} END",
    "results_copy_claim_u": f"AFTER UPDATE ON results_result BEGIN {_SQLITE_COPY} END",
    "results_claim_changed": (
        "AFTER UPDATE ON entries_claim FOR EACH ROW "
        "WHEN OLD.evidence IS NOT NEW.evidence OR OLD.entry_id IS NOT NEW.entry_id BEGIN "
        "UPDATE results_result SET evidence = NEW.evidence, entry_id = NEW.entry_id "
        "WHERE claim_id = NEW.id; END"
    ),
    "results_entry_changed": (
        "AFTER UPDATE ON entries_entry FOR EACH ROW WHEN OLD.status IS NOT NEW.status BEGIN "
        f"UPDATE results_result SET entry_published = NEW.status = {_PUBLISHED} "
        "WHERE entry_id = NEW.id; END"
    ),
}

# Every result copied again (the triggers above do the copying).
_RECOPY = "UPDATE results_result SET entry_published = entry_published"


def install(connection: BaseDatabaseWrapper) -> None:
    """Put the triggers in place and copy every result again."""
    if connection.vendor not in ("postgresql", "sqlite"):
        return
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_PG)
        else:
            for name, body in _SQLITE.items():
                cursor.execute(f'DROP TRIGGER IF EXISTS "{name}"')
                cursor.execute(f'CREATE TRIGGER "{name}" {body}')
        cursor.execute(_RECOPY)
