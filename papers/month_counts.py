"""Papers per month, for the whole library and for each topic, kept by the database.

The papers list's chart counts its set per month of publication. For the filters most
people use (nothing, one topic, a range of dates) that count is a ``GROUP BY`` over every
paper the filter matches: 135 ms for a busy topic's year at a million papers, paid again
after every paper write (the chart is cached per library version). ``papers_monthcount``
holds the answer instead, one row per (topic, month), topic 0 for the whole library, and
the database's own triggers keep it equal to the papers whoever writes and however (the
ORM, the importer, ``bulk_create``, raw SQL):

- a paper inserted or deleted, or whose month of publication changes, counts under the
  library and each of its topics;
- a topic added to or removed from a paper counts under that topic, in the paper's month;
- a count stands for the topic rows whose paper exists, so the order in which a
  transaction writes a paper and its topics (the foreign keys are deferred) never matters.

The same triggers move a stamp per month and per day (``papers_monthtouch``,
``papers_daytouch``) on every write to a paper (any column: its words decide what a search
matches) or its topics, in the days it had and has: a chart the counts do not answer (a
search) is kept per day with the stamps it was counted at, and counts again only the days
whose stamps moved, read in the months whose stamps moved (``core.cache.cached_by_stamps``).

PostgreSQL: one trigger per statement, reading its transition tables, so a bulk load
writes each (topic, month) once per statement, in key order (no deadlock between two
loads). SQLite: one per row. ``install`` runs after every ``migrate`` and counts every
paper again, so rows written with triggers off (a data-only restore with
``--disable-triggers``) are right after the next migrate. Its writes replace the cache
versions as any papers table's do (core/cache_triggers.py), in the same transaction as
the papers' own.
"""

from __future__ import annotations

import contextlib
from calendar import monthrange
from collections.abc import Iterator
from datetime import date

from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Q

from papers.models import DayTouch, MonthCount, MonthTouch

LIBRARY = 0  # the topic id of the whole library's counts

_MONTH = {
    "postgresql": "date_trunc('month', {})::date",
    "sqlite": "date({}, 'start of month')",
}
# Every delta (topic, month, +1 or -1) summed per key and added to its row; a key is
# written once, in order. SQLite needs the WHERE to read ON CONFLICT as the upsert's.
_UPSERT = """
INSERT INTO papers_monthcount (topic, month, papers)
SELECT topic, month, SUM(n) FROM ({deltas}) d
 WHERE month IS NOT NULL
 GROUP BY topic, month HAVING SUM(n) <> 0 ORDER BY topic, month
ON CONFLICT (topic, month) DO UPDATE SET papers = papers_monthcount.papers + excluded.papers;
"""


# Each month and day a statement wrote papers of (their rows or their topics) counted once
# more, each key once, in order.
_TOUCH = """
INSERT INTO papers_{table} ({key}, version)
SELECT DISTINCT {key}, 1 FROM ({days}) d
 WHERE {key} IS NOT NULL ORDER BY {key}
ON CONFLICT ({key}) DO UPDATE SET version = papers_{table}.version + 1;
"""
_TOUCH_ALL = (
    "UPDATE papers_monthtouch SET version = version + 1; "
    "UPDATE papers_daytouch SET version = version + 1;"
)


def _touch(vendor: str, rows: list[str], *, topics: bool = False) -> str:
    """The touch of the days and months of papers ``rows`` (or of topic rows' papers)."""
    if topics:
        selects = [
            f"SELECT p.published AS day FROM {r} r JOIN papers_paper p ON p.id = r.paper_id"
            for r in rows
        ]
    else:
        selects = [f"SELECT r.published AS day FROM {r} r" for r in rows]
    days = " UNION ALL ".join(selects)
    months = f"SELECT {_MONTH[vendor].format('day')} AS month FROM ({days}) t"
    return _TOUCH.format(table="daytouch", key="day", days=days) + _TOUCH.format(
        table="monthtouch", key="month", days=months
    )


def _paper_deltas(vendor: str, rows: str, sign: int) -> list[str]:
    """The deltas of papers ``rows`` (a table or subquery with id and published) counted
    ``sign``: under the library, and under each topic they have."""
    month = _MONTH[vendor].format("r.published")
    return [
        f"SELECT {LIBRARY} AS topic, {month} AS month, {sign} AS n FROM {rows} r",
        f"SELECT t.concept_id, {month}, {sign} FROM {rows} r "
        "JOIN papers_paper_topics t ON t.paper_id = r.id",
    ]


def _topic_deltas(vendor: str, rows: str, sign: int) -> list[str]:
    """The deltas of topic rows ``rows`` (paper_id, concept_id) counted ``sign``."""
    month = _MONTH[vendor].format("p.published")
    return [
        f"SELECT r.concept_id AS topic, {month} AS month, {sign} AS n FROM {rows} r "
        "JOIN papers_paper p ON p.id = r.paper_id"
    ]


def _upsert(deltas: list[str]) -> str:
    return _UPSERT.format(deltas=" UNION ALL ".join(deltas))


# PostgreSQL's UPDATE: the papers whose month changed, as they were and as they are.
_MOVED = (
    "(SELECT {side}.id, {side}.published FROM old_rows o JOIN new_rows n ON n.id = o.id "
    "WHERE date_trunc('month', o.published) IS DISTINCT FROM date_trunc('month', n.published))"
)
_REFERENCING = {
    "INSERT": " REFERENCING NEW TABLE AS new_rows",
    "DELETE": " REFERENCING OLD TABLE AS old_rows",
    "UPDATE": " REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows",
    "TRUNCATE": "",
}


def _pg() -> str:
    pg = "postgresql"
    paper = {
        "INSERT": _upsert(_paper_deltas(pg, "new_rows", 1)) + _touch(pg, ["new_rows"]),
        "DELETE": _upsert(_paper_deltas(pg, "old_rows", -1)) + _touch(pg, ["old_rows"]),
        "UPDATE": _upsert(
            _paper_deltas(pg, _MOVED.format(side="o"), -1)
            + _paper_deltas(pg, _MOVED.format(side="n"), 1)
        )
        + _touch(pg, ["old_rows", "new_rows"]),
        "TRUNCATE": "DELETE FROM papers_monthcount; " + _TOUCH_ALL,
    }
    topic = {
        "INSERT": _upsert(_topic_deltas(pg, "new_rows", 1)) + _touch(pg, ["new_rows"], topics=True),
        "DELETE": _upsert(_topic_deltas(pg, "old_rows", -1))
        + _touch(pg, ["old_rows"], topics=True),
        "UPDATE": _upsert(_topic_deltas(pg, "old_rows", -1) + _topic_deltas(pg, "new_rows", 1))
        + _touch(pg, ["old_rows", "new_rows"], topics=True),
        "TRUNCATE": f"DELETE FROM papers_monthcount WHERE topic <> {LIBRARY}; " + _TOUCH_ALL,
    }
    statements = []
    for table, bodies in (("papers_paper", paper), ("papers_paper_topics", topic)):
        function = f"{table}_monthcount"
        branches = "\n    ELSIF ".join(
            f"TG_OP = '{op}' THEN\n        {body}" for op, body in bodies.items()
        )
        statements.append(
            f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql\n"
            f"SET search_path FROM CURRENT AS $$\nBEGIN\n    IF {branches}\n    END IF;\n"
            "    RETURN NULL;\nEND $$;"
        )
        for op, clause in _REFERENCING.items():
            statements.append(
                f"CREATE OR REPLACE TRIGGER {function}_{op[0].lower()} AFTER {op} ON {table}"
                f"{clause} FOR EACH STATEMENT EXECUTE FUNCTION {function}();"
            )
    return "\n".join(statements)


def _sqlite() -> dict[str, str]:
    """Row triggers, by name: the row's NEW or OLD read as a one-row table."""
    moved = "date(OLD.published, 'start of month') IS NOT date(NEW.published, 'start of month')"
    tables = (
        ("papers_paper", _paper_deltas, ("id", "published"), f"OF published ON {{}} WHEN {moved}"),
        ("papers_paper_topics", _topic_deltas, ("paper_id", "concept_id"), "ON {}"),
    )
    triggers = {}
    for table, deltas, columns, update in tables:
        new, old = (
            "(SELECT " + ", ".join(f"{row}.{c} AS {c}" for c in columns) + ")"
            for row in ("NEW", "OLD")
        )
        topics = table == "papers_paper_topics"
        events = {
            "i": (f"INSERT ON {table}", deltas("sqlite", new, 1), [new]),
            "d": (f"DELETE ON {table}", deltas("sqlite", old, -1), [old]),
            "u": (
                "UPDATE " + update.format(table),
                deltas("sqlite", old, -1) + deltas("sqlite", new, 1),
                [] if not topics else [old, new],
            ),
        }
        for event, (clause, rows, touched) in events.items():
            touch = _touch("sqlite", touched, topics=topics) if touched else ""
            triggers[f"{table}_monthcount_{event}"] = (
                f"AFTER {clause} BEGIN {_upsert(rows)}{touch} END"
            )
    # Any change to a paper (its words, level, organisation) may change what a search
    # matches: its months as they were and as they are.
    paper_new, paper_old = (
        f"(SELECT {row}.id AS id, {row}.published AS published)" for row in ("NEW", "OLD")
    )
    triggers["papers_paper_monthtouch_u"] = (
        f"AFTER UPDATE ON papers_paper BEGIN {_touch('sqlite', [paper_old, paper_new])} END"
    )
    return triggers


# The PostgreSQL triggers, as (table, name): off during a bulk load (``bulk_load``).
PG_TRIGGERS = [
    (table, f"{table}_monthcount_{op[0].lower()}")
    for table in ("papers_paper", "papers_paper_topics")
    for op in _REFERENCING
]


def recount(connection: BaseDatabaseWrapper) -> None:
    """Count every paper again, replacing every count, and touch every month."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM papers_monthcount")
        cursor.execute(_upsert(_paper_deltas(connection.vendor, "papers_paper", 1)))
        # Written with the triggers off, perhaps: every month is new to every kept chart.
        for statement in (_TOUCH_ALL + _touch(connection.vendor, ["papers_paper"])).split(";"):
            if statement.strip():
                cursor.execute(statement)


@contextlib.contextmanager
def bulk_load(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """On PostgreSQL, in a transaction of its own (or the caller's): the triggers off while
    papers and their topics are loaded (COPY, a million rows), and every paper counted once
    at the end, as ``install`` does after a restore. A load that fails rolls back, the
    triggers' switching off included."""
    if connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic(using=connection.alias):
        _switch(connection, "DISABLE")
        yield
        _switch(connection, "ENABLE")
        recount(connection)


def _switch(connection: BaseDatabaseWrapper, action: str) -> None:
    # PostgreSQL will not alter a table with trigger events still pending in this
    # transaction (deferred foreign-key checks): run them first.
    connection.check_constraints()
    with connection.cursor() as cursor:
        for table, name in PG_TRIGGERS:
            cursor.execute(f'ALTER TABLE "{table}" {action} TRIGGER "{name}"')


def install(connection: BaseDatabaseWrapper) -> None:
    """Put the triggers in place and count every paper again."""
    vendor = connection.vendor
    if vendor not in _MONTH:
        return
    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute(_pg())
        else:
            for name, body in _sqlite().items():
                cursor.execute(f'DROP TRIGGER IF EXISTS "{name}"')
                cursor.execute(f'CREATE TRIGGER "{name}" {body}')
    recount(connection)


def month_counts(topic: int, first: date | None = None, last: date | None = None) -> dict:
    """Papers per month (the first day of each) under ``topic`` (LIBRARY for the whole
    library), months with none left out; only months from ``first``'s to ``last``'s."""
    rows = MonthCount.objects.filter(topic=topic, papers__gt=0)
    if first is not None:
        rows = rows.filter(month__gte=first.replace(day=1))
    if last is not None:
        rows = rows.filter(month__lte=last)
    return dict(rows.values_list("month", "papers"))


def month_stamps() -> dict[date, int]:
    """Each month's number of writes to its papers or their topics (``papers_monthtouch``)."""
    return dict(MonthTouch.objects.values_list("month", "version"))


def day_stamps(months: set[date] | None) -> dict[date, int]:
    """The same for each day of ``months`` (None: of every month)."""
    rows = DayTouch.objects.all()
    if months is not None:
        within = Q()
        for month in months:
            within |= Q(day__gte=month, day__lte=month_end(month))
        rows = rows.filter(within)
    return dict(rows.values_list("day", "version"))


def month_end(month: date) -> date:
    return date(month.year, month.month, monthrange(month.year, month.month)[1])
