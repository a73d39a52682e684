"""The PostgreSQL loader of seed_demo: papers through COPY and a staging table, with the
search vectors computed once per distinct text, indexes built after the load."""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from queue import Full, Queue

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone

from demo.synthetic.text import BATCH, PaperRow, Text
from papers.models import Paper

# What the papers trigger (its function from search/migrations/0001) computes for a row,
# from its three weighted parts;
# concatenating the same parts in the same order gives the very same search_vector.
_TITLE_VECTOR = "setweight(to_tsvector('english_unaccent', coalesce({}, '')), 'A')"
_ABSTRACT_VECTOR = "setweight(to_tsvector('english_unaccent', coalesce({}, '')), 'C')"
SEARCH_TRIGGER = "papers_paper_search_vector_trigger"
PAPER_COLUMNS = [
    "id", "arxiv_id", "title", "authors", "organisation", "published", "abstract",
    "read_level", "doi", "url", "categories", "code_url", "added", "updated", "search_vector",
]  # fmt: skip
# Over the size of row (2 KB with 8 KB pages) above which PostgreSQL compresses values.
_PADDING = 2100
_STAGE_COLUMNS = [
    "id", "arxiv_id", "title_no", "authors", "organisation", "published", "abstract_no",
    "read_level", "authors_vector",
]  # fmt: skip


def _transaction_usable() -> bool:
    """False once a database error has aborted the PostgreSQL transaction: then it can only
    roll back, and the rollback undoes this module's schema changes by itself."""
    from psycopg import pq  # imported here: psycopg is there only on PostgreSQL

    status = connection.connection.info.transaction_status
    return status != pq.TransactionStatus.INERROR


@contextlib.contextmanager
def secondary_indexes_deferred(indexed: str, linked: list[str], enabled: bool):
    """Drop the non-unique indexes of ``indexed`` and the foreign keys of the ``linked``
    tables for a bulk load; rebuild them afterwards, as pg_restore does: one index build is
    far cheaper than 100k incremental GIN updates, and one foreign-key validation (a single
    join) than checking 200k rows one by one at commit.

    The linked tables' foreign keys lock the tables they reference until the transaction
    ends; ``indexed`` keeps its own foreign keys, so that a seed does not lock the users.
    """
    if not enabled or connection.vendor != "postgresql":
        yield
        return
    # PostgreSQL will not alter a table with trigger events still pending in this
    # transaction: run the deferred foreign-key checks first.
    connection.check_constraints()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(%s::regclass[]) "
            "ORDER BY oid",
            [linked],
        )
        foreign_keys = cursor.fetchall()
        # Indexes that back a constraint (primary keys, unique, exclusion) stay.
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index i "
            "WHERE indrelid = ANY(%s::regclass[]) AND NOT indisunique AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid "
            "AND c.conrelid = i.indrelid) ORDER BY indexrelid",
            [[indexed, *linked]],
        )
        indexes = cursor.fetchall()
        for table, name, _ in foreign_keys:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
    try:
        yield
    finally:
        if _transaction_usable():
            connection.check_constraints()
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
                for table, name, definition in foreign_keys:
                    cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")
                for _, definition in indexes:
                    cursor.execute(definition)


class PoolVectors:
    """The weighted vectors of all the run's pooled titles and abstracts, as tsvector text,
    computed on a connection of their own in a background thread, started with the run: the
    database works on them while this process renders the concepts' pages.

    For bulk loads, which use most of the pools anyway.
    """

    def __init__(self, text: Text) -> None:
        self.titles: list[str] = []
        self.abstracts: list[str] = []
        self._texts = (text.titles, text.paragraphs)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._compute, name="seed-vectors", daemon=True)
        self._thread.start()

    def _compute(self) -> None:
        own = connections[DEFAULT_DB_ALIAS]  # this thread's connection, not the caller's
        try:
            with own.cursor() as cursor:
                for vectors, expression, texts in (
                    (self.titles, _TITLE_VECTOR, self._texts[0]),
                    (self.abstracts, _ABSTRACT_VECTOR, self._texts[1]),
                ):
                    cursor.execute(
                        f"SELECT {expression.format('t')}::text "
                        "FROM unnest(%s::text[]) WITH ORDINALITY AS u (t, n) ORDER BY n",
                        [texts],
                    )
                    vectors += [vector for (vector,) in cursor.fetchall()]
        except BaseException as exc:  # raised in the caller, by ready()
            self._error = exc
        finally:
            own.close()

    def ready(self) -> PoolVectors:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self


class AuthorVectors:
    """``to_tsvector('english_unaccent', authors)`` as tsvector text, assembled in Python from each
    name's own vector: the one text search call per paper that no pooling would save.

    Each name is looked up once: its lexemes with their positions, and how many positions
    it takes up when followed by ", " and more names (a sentinel word shows where the next
    name starts). A list of names is then the union of its names' lexemes, each shifted past
    the names before it: what the parser produces for the joined string, as the tests check.
    """

    SENTINEL = "qqqsentinel"

    def __init__(self, names: list[str]) -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT n.no, v.lexeme, v.positions "
                "FROM unnest(%s::text[]) WITH ORDINALITY AS n (name, no), "
                "unnest(to_tsvector('english_unaccent', n.name)) AS v ORDER BY 1, 2",
                [names],
            )
            lexemes: list[list[tuple[str, list[int]]]] = [[] for _ in names]
            for no, lexeme, positions in cursor.fetchall():
                quoted = lexeme.replace("\\", "\\\\").replace("'", "''")
                lexemes[no - 1].append((f"'{quoted}'", positions))
            cursor.execute(
                "SELECT n.no, v.positions[1] - 1 FROM unnest(%s::text[]) WITH ORDINALITY "
                "AS n (name, no), "
                "unnest(to_tsvector('english_unaccent', n.name || ', ' || %s)) AS v "
                "WHERE v.lexeme = (SELECT lexeme FROM unnest(to_tsvector('english_unaccent', %s))) "
                "ORDER BY 1",
                [names, self.SENTINEL, self.SENTINEL],
            )
            self.widths = [width for _, width in cursor.fetchall()]
        if len(self.widths) != len(names):
            raise ValueError("a name's width could not be measured")
        self.lexemes = lexemes
        self._shifted: dict[tuple[int, int], str] = {}

    def _name_at(self, name: int, offset: int) -> str:
        text = " ".join(
            f"{lexeme}:{','.join(str(p + offset) for p in positions)}"
            for lexeme, positions in self.lexemes[name]
        )
        self._shifted[name, offset] = text
        return text

    def __call__(self, names: list[int]) -> str:
        parts = []
        offset = 0
        shifted, widths = self._shifted, self.widths
        for name in names:
            parts.append(shifted.get((name, offset)) or self._name_at(name, offset))
            offset += widths[name]
        return " ".join(parts)


def reserve_ids(model, count: int) -> list[int]:
    """Draw ``count`` primary keys from the model's sequence, ascending."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [model._meta.db_table])
        (sequence,) = cursor.fetchone()
        cursor.execute(
            "SELECT nextval(%s::regclass) FROM generate_series(1, %s)", [sequence, count]
        )
        return [pk for (pk,) in cursor.fetchall()]


def copy_texts(
    batches: Iterator[list[PaperRow]], ids: list[int]
) -> Iterator[tuple[list[PaperRow], str, str]]:
    """Each batch with its COPY text for the staging table and for the topic links."""
    start = 0
    for rows in batches:
        batch_ids = ids[start : start + len(rows)]
        start += len(rows)
        links = "".join(
            f"{pk}\t{concept}\n"
            for pk, row in zip(batch_ids, rows, strict=True)
            for concept in row[8]
        )
        yield rows, _stage_text(rows, batch_ids), links


def _stage_text(rows: list[PaperRow], ids: list[int]) -> str:
    """Paper rows as COPY text for the staging table's ``_STAGE_COLUMNS``."""
    text = _stage_lines(rows, ids, str)
    # The generated strings hold no tab, line break or backslash, so there is nothing to
    # escape: check that in one pass over the text rather than field by field.
    fields = len(_STAGE_COLUMNS)
    if (
        text.count("\t") == (fields - 1) * len(rows)
        and text.count("\n") == len(rows)
        and "\\" not in text
        and "\r" not in text
    ):
        return text
    return _stage_lines(rows, ids, _copy_field)


def _stage_lines(rows: list[PaperRow], ids: list[int], field: Callable[[str], str]) -> str:
    return "".join(
        f"{pk}\t{field(arxiv_id)}\t{title_no}\t{field(authors)}\t{field(organisation)}\t"
        f"{published.isoformat()}\t{abstract_no}\t{field(read_level)}\t"
        f"{field(authors_vector)}\n"
        for pk, (
            arxiv_id,
            title_no,
            authors,
            organisation,
            published,
            abstract_no,
            read_level,
            authors_vector,
            _topics,
        ) in zip(ids, rows, strict=True)
    )


def _copy_field(value: str) -> str:
    """A string as a field of COPY's text format."""
    return (
        value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    )


@contextlib.contextmanager
def prefetched(items: Iterator, depth: int = 4) -> Iterator[Iterator]:
    """Produce ``items`` ahead in a thread, started at once; the context yields them.

    Generating the next batches (pure Python) overlaps with the database writing the
    current ones: the driver releases the GIL while it waits. Meanwhile the interpreter
    switches threads every 0.2 ms rather than 5, as the consumer waits on the database many
    times per batch (a COPY is sent in 128 KB pieces) and would otherwise lose up to 5 ms
    each time getting the GIL back from the producer.
    """
    queue: Queue = Queue(maxsize=depth)
    stop = threading.Event()
    done = object()

    def put(item) -> bool:
        while not stop.is_set():
            try:
                queue.put(item, timeout=0.1)
                return True
            except Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if not put(item):
                    return
            put(done)
        except BaseException as exc:  # handed over to the consumer, raised there
            put(exc)

    def consume() -> Iterator:
        while (item := queue.get()) is not done:
            if isinstance(item, BaseException):
                raise item
            yield item

    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, 0.0002))
    thread = threading.Thread(target=produce, name="seed-papers", daemon=True)
    thread.start()
    try:
        yield consume()
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)


class PostgresPapers:
    """Bulk paper insertion on PostgreSQL, with the search vectors the trigger would compute
    but a fraction of its text search work.

    Rows are COPYed into a temporary table carrying the numbers of their title and abstract
    in the run's pools and their authors' vector, their topic links straight into the link
    table. Each distinct title and abstract has its weighted vector computed once, in side
    tables (when first used, or all at once given ``PoolVectors``): the synthetic texts
    repeat (3,000 abstracts for 100k papers). Every ``flush_rows`` rows, one INSERT ...
    SELECT writes the staged rows with the search trigger disabled, joining the three
    weighted parts as the trigger does.

    Use inside a transaction: the trigger is disabled for it only, and enabled again before
    it ends (on a database error, by the rollback).
    """

    def __init__(
        self, text: Text, vectors: PoolVectors | None = None, flush_rows: int = 4 * BATCH
    ) -> None:
        self.text = text
        self.vectors = vectors
        self.flush_rows = flush_rows
        self.table = Paper._meta.db_table
        self.topic_table = Paper.topics.through._meta.db_table
        self.now = timezone.now()
        self.count = 0
        self.staged: list[PaperRow] = []
        self.sent_titles: set[int] = set()
        self.sent_abstracts: set[int] = set()

    def __enter__(self) -> PostgresPapers:
        # PostgreSQL will not alter a table with trigger events pending in this transaction
        # (foreign-key checks of earlier writes): run them first.
        connection.check_constraints()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM pg_trigger WHERE tgrelid = %s::regclass AND tgname = %s",
                [self.table, SEARCH_TRIGGER],
            )
            self.has_trigger = cursor.fetchone() is not None
            cursor.execute(
                "DROP TABLE IF EXISTS seed_paper_stage, seed_title_vector, seed_abstract_vector"
            )
            cursor.execute(
                "CREATE TEMP TABLE seed_paper_stage (id bigint, arxiv_id text, title_no int, "
                "authors text, organisation text, published date, abstract_no int, "
                "read_level text, authors_vector tsvector)"
            )
            cursor.execute(
                "CREATE TEMP TABLE seed_title_vector "
                "(no int PRIMARY KEY, text text, vector tsvector)"
            )
            # Abstracts are stored compressed, as a paper row with one is mostly over the
            # 2 KB at which PostgreSQL compresses its largest value: the padding makes every
            # row here that large, so each distinct abstract is compressed once, and the
            # papers take it as it is rather than compressing it again, paper by paper. The
            # vector stays uncompressed, for concatenation.
            cursor.execute(
                "CREATE TEMP TABLE seed_abstract_vector (no int PRIMARY KEY, text text, "
                f"vector tsvector, padding text DEFAULT repeat(' ', {_PADDING}))"
            )
            cursor.execute(
                "ALTER TABLE seed_abstract_vector ALTER text SET STORAGE MAIN, "
                "ALTER vector SET STORAGE PLAIN, ALTER padding SET STORAGE PLAIN"
            )
            if self.has_trigger:
                cursor.execute(f'ALTER TABLE "{self.table}" DISABLE TRIGGER "{SEARCH_TRIGGER}"')
            if self.vectors is not None:
                # All of them at once, while the first batch is being generated.
                self.sent_titles = set(range(len(self.text.titles)))
                self._add_texts(cursor, "seed_title_vector", self.sent_titles)
                self.sent_abstracts = set(range(len(self.text.paragraphs)))
                self._add_texts(cursor, "seed_abstract_vector", self.sent_abstracts)
        return self

    def add(self, rows: list[PaperRow], papers_data: str, topics_data: str) -> None:
        """Stage rows and link them to their topics, given the COPY texts of both
        (``copy_texts``)."""
        with connection.cursor() as cursor:
            sql = f"COPY seed_paper_stage ({', '.join(_STAGE_COLUMNS)}) FROM STDIN"
            with cursor.cursor.copy(sql) as copy:
                copy.write(papers_data)
            sql = f"COPY {self.topic_table} (paper_id, concept_id) FROM STDIN"
            with cursor.cursor.copy(sql) as copy:
                copy.write(topics_data)
        self.staged += rows
        self.count += len(rows)
        if len(self.staged) >= self.flush_rows:
            self.flush()

    def _add_texts(self, cursor, side: str, numbers: set[int]) -> None:
        """Fill a side table with the given numbers' texts and weighted vectors."""
        new = sorted(numbers)
        texts, expression = (
            (self.text.titles, _TITLE_VECTOR)
            if side == "seed_title_vector"
            else (self.text.paragraphs, _ABSTRACT_VECTOR)
        )
        if self.vectors is None:
            cursor.execute(
                f"INSERT INTO {side} (no, text, vector) "
                f"SELECT no, text, {expression.format('text')} "
                "FROM unnest(%s::int[], %s::text[]) AS t (no, text)",
                [new, [texts[no] for no in new]],
            )
            return
        vectors = self.vectors.titles if side == "seed_title_vector" else self.vectors.abstracts
        with cursor.cursor.copy(f"COPY {side} (no, text, vector) FROM STDIN") as copy:
            for no in new:
                copy.write_row((no, texts[no], vectors[no]))

    def flush(self) -> None:
        if not self.staged:
            return
        with connection.cursor() as cursor:
            new_titles = {row[1] for row in self.staged} - self.sent_titles
            if new_titles:
                self._add_texts(cursor, "seed_title_vector", new_titles)
                self.sent_titles |= new_titles
            new_abstracts = {row[5] for row in self.staged} - self.sent_abstracts
            if new_abstracts:
                self._add_texts(cursor, "seed_abstract_vector", new_abstracts)
                self.sent_abstracts |= new_abstracts
            cursor.execute(
                f"INSERT INTO {self.table} ({', '.join(PAPER_COLUMNS)}) "
                "SELECT s.id, s.arxiv_id, t.text, s.authors, s.organisation, s.published, "
                "a.text, s.read_level, '', '', '', '', %s, %s, "
                "t.vector || setweight(s.authors_vector, 'B') || a.vector "
                "FROM seed_paper_stage s "
                "JOIN seed_title_vector t ON t.no = s.title_no "
                "JOIN seed_abstract_vector a ON a.no = s.abstract_no",
                [self.now, self.now],
            )
            cursor.execute("TRUNCATE seed_paper_stage")
        self.staged = []

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self.flush()
                # Run the deferred foreign-key checks now: PostgreSQL will not alter a table
                # with trigger events still pending in this transaction.
                connection.check_constraints()
        finally:
            # Switch the trigger back on in this transaction, unless a database error
            # aborted it: the rollback then undoes the DISABLE TRIGGER.
            if _transaction_usable():
                with connection.cursor() as cursor:
                    if self.has_trigger:
                        cursor.execute(
                            f'ALTER TABLE "{self.table}" ENABLE TRIGGER "{SEARCH_TRIGGER}"'
                        )
                    cursor.execute(
                        "DROP TABLE seed_paper_stage, seed_title_vector, seed_abstract_vector"
                    )
