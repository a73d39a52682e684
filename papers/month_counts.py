"""Papers per month, for the whole library and for each topic, kept by the database.

The papers list's chart counts its set per month of publication. For the filters most
people use (nothing, one topic, a range of dates) that count is a ``GROUP BY`` over every
paper the filter matches: 135 ms for a busy topic's year at a million papers, paid again
after every paper write (the chart is cached per library version). ``papers_monthcount``
holds the answer instead, per (topic, month), topic 0 for the whole library, and the
database's own triggers keep it equal to the papers whoever writes and however (the
ORM, the importer, ``bulk_create``, raw SQL):

- a paper inserted or deleted, or whose month of publication changes, counts under the
  library and each of its topics;
- a topic added to or removed from a paper counts under that topic, in the paper's month;
- a count stands for the topic rows whose paper exists, so the order in which a
  transaction writes a paper and its topics (the foreign keys are deferred) never matters.

The same triggers stamp each month and day (``papers_monthtouch``, ``papers_daytouch``) on
every write to a paper (any column: its words decide what a search matches) or its
topics, in the days it had and has: a chart the counts do not answer (a search) is kept
per day with the stamps it was counted at, and counts again only the days whose stamps
moved, read in the months whose stamps moved (``core.cache.cached_by_stamps``).

Writers never wait for each other here: the triggers only add rows (a count's change, a
stamp's new id), never update one, in tables without a unique key. A count is the sum of
its key's rows; a stamp is the set of its key's row ids, which no later state of the key
has again, whatever order transactions commit in (ids are never given twice, and a fold
replaces rows with a row of a new id). A read that finds more than ``SLACK`` rows beyond
one per key folds them into one per key, locking only the rows it folds.

PostgreSQL: one trigger per statement, reading its transition tables, so a bulk load
adds one row per key and statement. SQLite: one per row. ``install`` runs after every
``migrate`` and counts every paper again, so rows written with triggers off (a data-only
restore with ``--disable-triggers``) are right after the next migrate. These tables are
derived from the papers, whose own writes replace the cache versions
(core/cache_triggers.py): their rows' writes and folds replace none.
"""

from __future__ import annotations

import contextlib
import logging
from calendar import monthrange
from collections import defaultdict
from collections.abc import Iterator
from datetime import date

from django.db import DatabaseError, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, Q, QuerySet

from papers.models import DayTouch, MonthCount, MonthTouch

LIBRARY = 0  # the topic id of the whole library's counts
# Rows a read may find beyond one per key before it folds them into one per key: reads
# stay a few rows per key, and a fold comes once in that many writes.
SLACK = 64

logger = logging.getLogger(__name__)

_MONTH = {
    "postgresql": "date_trunc('month', {})::date",
    "sqlite": "date({}, 'start of month')",
}
# Every delta (topic, month, +1 or -1) of a statement summed per key, added as a row: an
# INSERT into a table without a unique key waits for no other writer (an upsert would hold
# the key's row until commit, and two transactions writing two months in crossing order
# would deadlock).
_ADD = """
INSERT INTO papers_monthcount (topic, month, papers)
SELECT topic, month, SUM(n) FROM ({deltas}) d
 WHERE month IS NOT NULL
 GROUP BY topic, month HAVING SUM(n) <> 0;
"""


# Each month and day a statement wrote papers of (their rows or their topics) gets a row,
# with an id never given before.
_TOUCH = """
INSERT INTO papers_{table} ({key})
SELECT DISTINCT {key} FROM ({days}) d WHERE {key} IS NOT NULL;
"""
_TOUCH_ALL = (
    "INSERT INTO papers_monthtouch (month) SELECT DISTINCT month FROM papers_monthtouch; "
    "INSERT INTO papers_daytouch (day) SELECT DISTINCT day FROM papers_daytouch;"
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


def _add(deltas: list[str]) -> str:
    return _ADD.format(deltas=" UNION ALL ".join(deltas))


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
        "INSERT": _add(_paper_deltas(pg, "new_rows", 1)) + _touch(pg, ["new_rows"]),
        "DELETE": _add(_paper_deltas(pg, "old_rows", -1)) + _touch(pg, ["old_rows"]),
        "UPDATE": _add(
            _paper_deltas(pg, _MOVED.format(side="o"), -1)
            + _paper_deltas(pg, _MOVED.format(side="n"), 1)
        )
        + _touch(pg, ["old_rows", "new_rows"]),
        "TRUNCATE": "DELETE FROM papers_monthcount; " + _TOUCH_ALL,
    }
    topic = {
        "INSERT": _add(_topic_deltas(pg, "new_rows", 1)) + _touch(pg, ["new_rows"], topics=True),
        "DELETE": _add(_topic_deltas(pg, "old_rows", -1)) + _touch(pg, ["old_rows"], topics=True),
        "UPDATE": _add(_topic_deltas(pg, "old_rows", -1) + _topic_deltas(pg, "new_rows", 1))
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
                f"AFTER {clause} BEGIN {_add(rows)}{touch} END"
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
    """Count every paper again, replacing every count, and give every month and day a new
    stamp (written with the triggers off, perhaps: each is new to every kept chart)."""
    month = _MONTH[connection.vendor].format("published")
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM papers_monthcount")
        cursor.execute(_add(_paper_deltas(connection.vendor, "papers_paper", 1)))
        for table, key, of_paper in (
            ("daytouch", "day", "published"),
            ("monthtouch", "month", month),
        ):
            cursor.execute(
                f"INSERT INTO papers_{table} ({key}) SELECT DISTINCT {key} FROM"
                f" (SELECT {key} FROM papers_{table} UNION SELECT {of_paper} FROM papers_paper) k"
                f" WHERE {key} IS NOT NULL"
            )
            cursor.execute(
                f"DELETE FROM papers_{table} WHERE id NOT IN"
                f" (SELECT MAX(id) FROM papers_{table} GROUP BY {key})"
            )


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
    rows = MonthCount.objects.filter(topic=topic)
    if first is not None:
        rows = rows.filter(month__gte=first.replace(day=1))
    if last is not None:
        rows = rows.filter(month__lte=last)
    found = list(rows.values_list("id", "month", "papers"))
    counts: dict[date, int] = defaultdict(int)
    ids: dict[date, list[int]] = defaultdict(list)
    for pk, month, papers in found:
        counts[month] += papers
        ids[month].append(pk)
    if len(found) > len(counts) + SLACK:
        _fold(MonthCount, _of_keys_with_more(ids), "topic", "month", summed="papers")
    return {month: n for month, n in sorted(counts.items()) if n > 0}


def month_stamps() -> dict[date, str]:
    """Each month's stamp: the ids of its rows in ``papers_monthtouch`` (as text), a set
    that no later state of the month has again."""
    return _stamps(MonthTouch.objects.all(), "month")


def day_stamps(months: set[date] | None) -> dict[date, str]:
    """The same for each day of ``months`` (None: of every month)."""
    rows = DayTouch.objects.all()
    if months is not None:
        within = Q()
        for month in months:
            within |= Q(day__gte=month, day__lte=month_end(month))
        rows = rows.filter(within)
    return _stamps(rows, "day")


def _stamps(rows: QuerySet, key: str) -> dict[date, str]:
    ids: dict[date, list[int]] = defaultdict(list)
    found = list(rows.values_list(key, "id"))
    for span, pk in found:
        ids[span].append(pk)
    if len(found) > len(ids) + SLACK:
        _fold(rows.model, _of_keys_with_more(ids), key)
    # As text, which the garbage collector does not track (a tuple per day would be ~1,000
    # tracked objects per read).
    return {span: " ".join(map(str, sorted(pks))) for span, pks in ids.items()}


def _of_keys_with_more(ids: dict[date, list[int]]) -> list[int]:
    return [pk for pks in ids.values() if len(pks) > 1 for pk in pks]


def _fold(model: type[Model], ids: list[int], *key: str, summed: str = "") -> None:
    """Rows ``ids`` replaced by one new row per key (``summed`` added up): read in id order
    and locked, so two folds neither deadlock nor fold a row twice, and writers, which
    only add rows, never wait. A fold that cannot write now (the database busy) is left
    to a later read."""
    try:
        with transaction.atomic():
            held = model.objects.select_for_update().filter(id__in=ids).order_by("id")
            folded: dict[tuple, int] = defaultdict(int)
            for row in held.values_list(*key, *([summed] if summed else [])):
                folded[row[: len(key)]] += row[-1] if summed else 0
            model.objects.filter(id__in=ids).delete()
            model.objects.bulk_create(
                model(**dict(zip(key, values, strict=True)), **({summed: n} if summed else {}))
                for values, n in folded.items()
                if n or not summed
            )
    except DatabaseError:
        logger.warning("Could not fold %s rows now; a later read will", model._meta.db_table)


def month_end(month: date) -> date:
    return date(month.year, month.month, monthrange(month.year, month.month)[1])
