"""Which cached versions a database write replaces, read from its SQL on the connection.

A wrapper on every database connection (``install_write_tracking``) sees each INSERT,
UPDATE or DELETE, whoever issued it (a view, the API, a management command, the admin, a
bulk ``update()``), and replaces the versions of what it can change (``core.cache``):

- every write to a content table (``wiki_``, ``papers_``, ``entries_``, ``results_``) replaces the
  *content version*;
- the *frame version* too, unless the write changes claims and nothing around them
  (``_claims_only``): a write to a claim, its caveats, its results or an entry's events,
  an UPDATE of entries setting only their ``version`` and ``updated``;
- the *library version* too when the write can change what the papers list shows
  (``_library_write``): any write to a ``papers_`` table, a new or deleted concept, or a
  concept's title or slug changed (a topic's name and address). Entries, claims,
  revisions, aliases, links and key papers are no part of the list;
- a write to an ``auth_`` table replaces the *people version*, and is content (every
  version) only when it changes a name pages show (``_user_write_shows``).

Anything the SQL does not show plainly is taken as the wider change: several statements
at once replace every version.
"""

from __future__ import annotations

import re

from core.cache import content_changed, people_changed

CONTENT_TABLE_PREFIXES = ("wiki_", "papers_", "entries_", "results_")
PEOPLE_TABLE_PREFIX = "auth_"
# What pages show of a person (authors of revisions and entries).
SHOWN_USER_COLUMNS = frozenset({"username", "first_name", "last_name"})
# What the papers list reads: every papers_ table, and of concepts (the topics it filters
# by and shows on each row) their id, title and slug.
LIBRARY_TABLE_PREFIXES = ("papers_",)
LIBRARY_CONCEPT_COLUMNS = frozenset({"id", "title", "slug"})
# SQLite spells an insert that skips duplicates (a group added to an account) INSERT OR IGNORE.
_WRITE = re.compile(
    r'\s*(INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.IGNORECASE
)
# The UPDATE that Model.save() (or a filter on the primary key) issues for one row:
# SET "col" = %s, … WHERE "table"."id" = %s.
_ROW_UPDATE = re.compile(
    r'\s*UPDATE\s+"(?P<table>\w+)"\s+SET\s+(?P<set>.+?)\s+WHERE\s+"(?P=table)"\."id"\s*=\s*%s\s*$',
    re.IGNORECASE | re.DOTALL,
)
_ASSIGNMENT = re.compile(r'^"(\w+)"\s*=\s*(%s|NULL)$')
# A write anywhere in raw SQL of several statements.
_ANY_WRITE = re.compile(r"\b(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
# Tables whose writes change claims and what is recorded about them, nothing a frame
# (``cached_frame``) shows; and the columns of an entry that only count its changes.
CLAIM_TABLES = frozenset(
    {"entries_claim", "entries_claim_caveats", "entries_entryevent", "results_result"}
)
ENTRY_BOOKKEEPING_COLUMNS = frozenset({"version", "updated"})
_UPDATE_SET = re.compile(r'\s*UPDATE\s+"(\w+)"\s+SET\s+', re.IGNORECASE)
_SET_COLUMN = re.compile(r'\s*"(\w+)"\s*=')
_TOP_LEVEL_END = re.compile(r"\s+(WHERE|RETURNING)\s", re.IGNORECASE)


def _several_statements(sql: str) -> bool:
    """Raw SQL of several statements at once: only the first is read, so it is not read."""
    return ";" in sql.strip().rstrip(";")


def _row_update_changes(columns: frozenset[str], sql: str, params, many: bool, connection) -> bool:
    """Whether an UPDATE changes any of ``columns`` of its table.

    The UPDATE of one row that ``save()`` issues is read column by column: one that sets
    none of ``columns`` changes none, and one that sets some counts only if a value differs
    from the stored one, which one query checks before the write. Anything else (a bulk
    update, an expression) is taken as a change.
    """
    match = _ROW_UPDATE.match(sql)
    if many or match is None or params is None:
        return True
    values: dict[str, object] = {}
    bound = 0
    for assignment in match.group("set").split(","):
        column = _ASSIGNMENT.match(assignment.strip())
        if column is None:  # an expression: cannot tell what it sets
            return True
        if column.group(2) == "NULL":  # Django writes None inline
            values[column.group(1)] = None
        elif bound < len(params):
            values[column.group(1)] = params[bound]
            bound += 1
    if bound != len(params) - 1:
        return True
    shown = {c: v for c, v in values.items() if c in columns}
    if not shown:
        return False
    if None in shown.values():
        return True
    table = match.group("table")
    where = " AND ".join(f'"{column}" = %s' for column in shown)
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT COUNT(*) FROM "{table}" WHERE "id" = %s AND {where}',
            [params[-1], *shown.values()],
        )
        return cursor.fetchone()[0] != 1


def _user_write_shows(verb: str, sql: str, params, many: bool, connection) -> bool:
    """Whether a write to ``auth_user`` changes what a page shows (someone's name).

    A new account is on no page yet. ``last_login`` (a login) or ``password`` alone change
    no page, and a whole-row save (a password change, the admin) counts only if a shown
    column differs from the stored one. Anything else (a bulk update, a deletion) is taken
    as a change.
    """
    if verb == "INSERT":
        return False
    if verb != "UPDATE":
        return True
    return _row_update_changes(SHOWN_USER_COLUMNS, sql, params, many, connection)


def _set_columns(sql: str, start: int) -> set[str] | None:
    """The columns an UPDATE sets, read from ``start`` (just after SET) to the WHERE at
    the top level; None when an assignment is not plainly ``"column" = …``."""
    columns: set[str] = set()
    depth, begin, i = 0, start, start
    while i <= len(sql):
        char = sql[i] if i < len(sql) else ","
        if char == "'":  # a literal: skip it whole (SQL doubles a quote inside)
            close = sql.find("'", i + 1)
            while close != -1 and sql[close + 1 : close + 2] == "'":
                close = sql.find("'", close + 2)
            if close == -1:
                return None
            i = close + 1
            continue
        if i == len(sql) and depth:
            return None
        end = _TOP_LEVEL_END.match(sql, i) if depth == 0 else None
        if (char == "," and depth == 0) or end or i == len(sql):
            column = _SET_COLUMN.match(sql[begin:i])
            if column is None:
                return None
            columns.add(column.group(1))
            if end or i == len(sql):
                return columns
            begin = i + 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return None
        i += 1
    return None


def _updated_columns(table: str, sql: str) -> set[str] | None:
    """The columns an UPDATE of ``table`` sets, None when the SQL does not say plainly."""
    match = _UPDATE_SET.match(sql)
    if match is None or match.group(1) != table:
        return None
    return _set_columns(sql, match.end())


def _claims_only(verb: str, table: str, sql: str) -> bool:
    """Whether a content write changes claims and nothing a frame shows: a write to a
    claim, its caveats or an entry's events, or an UPDATE of entries setting only their
    version and ``updated``. Anything else, or any doubt, is False."""
    if _several_statements(sql):
        return False
    if table in CLAIM_TABLES:
        return True
    if table != "entries_entry" or verb != "UPDATE":
        return False
    columns = _updated_columns(table, sql)
    return bool(columns) and columns <= ENTRY_BOOKKEEPING_COLUMNS


def _library_write(verb: str, table: str, sql: str, params, many: bool, connection) -> bool:
    """Whether a content write can change what the papers list shows (``cached_library``):
    a write to a ``papers_`` table, a concept added or deleted, a concept's title or slug
    changed (compared with the stored row for the one-row UPDATE of a save, as an edit
    published without a new title issues). Any doubt is True; called before the write."""
    if _several_statements(sql) or table.startswith(LIBRARY_TABLE_PREFIXES):
        return True
    if table != "wiki_concept":
        return False
    if verb != "UPDATE":
        return True
    columns = _updated_columns(table, sql)
    if columns is None:
        return True
    if not columns & LIBRARY_CONCEPT_COLUMNS:
        return False
    return _row_update_changes(LIBRARY_CONCEPT_COLUMNS, sql, params, many, connection)


def _track_content_writes(execute, sql, params, many, context):
    if not isinstance(sql, str):
        return execute(sql, params, many, context)
    match = _WRITE.match(sql)
    connection = context["connection"]
    if ";" in sql and _several_statements(sql) and (match or _ANY_WRITE.search(sql)):
        # Only a statement's start is read: every version goes, people's too.
        result = execute(sql, params, many, context)
        people_changed(using=connection.alias)
        content_changed(using=connection.alias)
        return result
    if match is None:
        return execute(sql, params, many, context)
    verb, table = match.group(1).split()[0].upper(), match.group(2)
    if table.startswith(CONTENT_TABLE_PREFIXES):
        # Compared before the write: afterwards the row holds the new values.
        library = _library_write(verb, table, sql, params, many, connection)
        result = execute(sql, params, many, context)
        frame = not _claims_only(verb, table, sql)
        content_changed(using=connection.alias, frame=frame, library=library)
        return result
    if not table.startswith(PEOPLE_TABLE_PREFIX):
        return execute(sql, params, many, context)
    shown = table == "auth_user" and _user_write_shows(verb, sql, params, many, connection)
    result = execute(sql, params, many, context)
    people_changed(using=connection.alias)
    if shown:
        content_changed(using=connection.alias)
    return result


def install_write_tracking(sender, connection, **kwargs) -> None:
    """Hook for ``connection_created``: watch this connection's writes."""
    if _track_content_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(_track_content_writes)
