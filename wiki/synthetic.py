"""Deterministic synthetic data at scale, for benchmarks and load tests.

Rows are inserted in batches, papers with COPY on PostgreSQL and everything else with
``bulk_create``; the same ``seed`` gives the same wiki. Topics follow a skewed (Zipf-like)
distribution, dates span three years, claims carry evidence marks in realistic proportions.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from queue import Full, Queue

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone
from django.utils.html import escape
from django.utils.text import slugify

from entries.models import Caveat, Claim, Entry, EntryEvent, EntryStatus, Evidence
from papers.models import Paper, ReadLevel
from wiki.markdown import render_markdown
from wiki.models import Concept, KeyPaper, Revision, RevisionStatus
from wiki.roles import CONTRIBUTOR, EDITOR
from wiki.search import concept_vector_refresh, entry_vector_refresh

WORDS = (
    "agent policy reward model gradient rollout verifier benchmark reasoning distillation "
    "teacher student token sequence trajectory advantage baseline variance sample search "
    "planning tool environment feedback preference rubric critic value estimate horizon "
    "exploration credit signal scale compute memory context retrieval alignment safety "
    "robust sparse dense online offline objective loss regulariser divergence entropy "
    "curriculum data synthetic human label judge evaluation accuracy coverage transfer"
).split()
TOPIC_WORDS = (
    "Reinforcement Learning Reward Modeling Distillation Agents Planning Retrieval Memory "
    "Alignment Evaluation Reasoning Verification Exploration Scaling Tool Use Preference "
    "Optimisation Curriculum Synthetic Data Credit Assignment World Models Search"
).split()
ORGS = ["", "", "Example University", "Demo Lab", "Institute of Examples", "Sample AI",
        "Placeholder Research", "Fixture College", "Mock Labs", "Synthetic Systems"]  # fmt: skip
START = dt.date(2023, 12, 1)
SPAN_DAYS = 3 * 365
BATCH = 5000
# Bulk loads, of this many papers or more, drop indexes and foreign keys first and rebuild
# them after, and compute the vectors of all pooled texts up front.
BULK_FROM = 20_000


@dataclass
class SeedSummary:
    concepts: int = 0
    papers: int = 0
    entries: int = 0
    claims: int = 0
    papers_seconds: float = 0.0  # including index rebuilds
    papers_insert_seconds: float = 0.0


class _Text:
    """Cheap varied text: sentences are drawn from pools built once per run, so generating
    100k abstracts costs a few list lookups each rather than thousands of random calls."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._plain = [self._make_sentence(8, 22) for _ in range(3000)]
        self._figures = [
            self._make_sentence(8, 22)[:-1]
            + f", improving accuracy by {rng.randint(1, 40)}.{rng.randint(0, 9)} points."
            for _ in range(1500)
        ]
        self.titles = [self.words(rng.randint(4, 10)).title() for _ in range(20000)]
        self.paragraphs = [" ".join(rng.sample(self._plain, 7)) for _ in range(3000)]
        # choice() over a range draws exactly as choice() over the list does: the same
        # random call, the position instead of the text.
        self._title_numbers = range(len(self.titles))
        self._paragraph_numbers = range(len(self.paragraphs))

    def _make_sentence(self, lo: int, hi: int) -> str:
        return self.words(self.rng.randint(lo, hi)).capitalize() + "."

    def words(self, n: int) -> str:
        return " ".join(self.rng.choices(WORDS, k=n))

    def sentence(self, lo: int = 8, hi: int = 22, figure: bool = False) -> str:
        if figure:
            return self.rng.choice(self._figures)
        if (lo, hi) == (8, 22):
            return self.rng.choice(self._plain)
        return self._make_sentence(lo, hi)

    def paragraph(self, sentences: int) -> str:
        if sentences >= 5:
            return self.paragraphs[self.paragraph_number()]
        return " ".join(self.rng.sample(self._plain, sentences))

    def paragraph_number(self) -> int:
        """The position in ``paragraphs`` of a long paragraph: ``paragraph(7)`` unresolved."""
        return self.rng.choice(self._paragraph_numbers)

    def title_number(self) -> int:
        """The position in ``titles`` of a title drawn at random."""
        return self.rng.choice(self._title_numbers)

    def body(self, target_chars: int, links: list[str]) -> str:
        parts: list[str] = []
        size = 0
        section = 0
        while size < target_chars:
            section += 1
            heading = f"## {self.words(3).title()} {section}"
            para = self.paragraph(self.rng.randint(3, 7))
            if links and self.rng.random() < 0.5:
                para += f" See [[{self.rng.choice(links)}]]."
            bullets = "\n".join(f"- {self.sentence(5, 12)}" for _ in range(self.rng.randint(2, 5)))
            block = f"{heading}\n\n{para}\n\n{bullets}\n"
            parts.append(block)
            size += len(block)
        return "\n".join(parts)


def _zipf_index(rng: random.Random, n: int, s: float = 1.1) -> int:
    """An index in [0, n) drawn with probability ~ 1/(i+1)^s: topic 0 is the busiest."""
    # Inverse-transform on a continuous approximation; cheap and deterministic.
    u = rng.random()
    if s == 1.0:
        return min(n - 1, int(n**u) - 1)
    a = 1 - s
    x = ((n**a - 1) * u + 1) ** (1 / a)
    return min(n - 1, max(0, int(x) - 1))


# One generated paper, its title and abstract as positions in the run's pools: (arxiv_id,
# title number, authors, organisation, published, abstract number, read level, vector of
# the authors as tsvector text or None, primary keys of its topics).
PaperRow = tuple[str, int, str, str, dt.date, int, str, str | None, list[int]]


def _author_names() -> list[str]:
    return [f"{initial}. {word.title()}" for initial in "ABCDEFGHJKLMNPRSTW" for word in WORDS]


def _paper_batches(
    rng: random.Random,
    text: _Text,
    papers: int,
    seed: int,
    concept_ids: list[int],
    author_vectors: _AuthorVectors | None = None,
) -> Iterator[list[PaperRow]]:
    """Papers in batches of BATCH.

    Plain tuples rather than model instances: building 100k ``Paper`` objects only to take
    them apart again costs more than the rest of the generation. The random calls are made
    in the same order as ever, so a seed gives the same papers as before.
    """
    randrange, randint, choice, sample = rng.randrange, rng.randint, rng.choice, rng.sample
    title_number, paragraph_number = text.title_number, text.paragraph_number
    read_levels = (
        [ReadLevel.FULL_TEXT.value] * 2
        + [ReadLevel.ABSTRACT_ONLY.value] * 5
        + [ReadLevel.METADATA_ONLY.value] * 3
    )
    names = _author_names()
    # sample() over a range draws exactly as over the list: positions instead of names.
    name_numbers = range(len(names))
    days = [START + dt.timedelta(days=d) for d in range(SPAN_DAYS)]
    prefixes = [f"{day:%y%m}" for day in days]
    number_offset = 50000 + 1000 * (seed % 40)
    next_number: dict[str, int] = {}
    topic_count = len(concept_ids)
    for start in range(0, papers, BATCH):
        rows = []
        for _ in range(min(BATCH, papers - start)):
            day = randrange(SPAN_DAYS)
            prefix = prefixes[day]
            n = next_number.get(prefix, 0) + 1
            next_number[prefix] = n
            title_no = title_number()
            authors = sample(name_numbers, randint(1, 8))
            rows.append(
                (
                    f"{prefix}.{n + number_offset:05d}",
                    title_no,
                    ", ".join([names[i] for i in authors]),
                    choice(ORGS),
                    days[day],
                    paragraph_number(),
                    choice(read_levels),
                    author_vectors(authors) if author_vectors else None,
                )
            )
        yield [
            (
                *row,
                [
                    concept_ids[t]
                    for t in {_zipf_index(rng, topic_count) for _ in range(randint(1, 3))}
                ],
            )
            for row in rows
        ]


def _insert_papers(
    rng: random.Random,
    text: _Text,
    papers: int,
    seed: int,
    concept_ids: list[int],
    progress: Callable[[str], None],
    vectors: _PoolVectors | None = None,
) -> list[int]:
    """Generate and insert the papers with their topic links; return the papers' primary
    keys in the order generated. COPY on PostgreSQL, ``bulk_create`` elsewhere."""
    paper_ids: list[int] = []
    if not papers:
        return paper_ids
    if connection.vendor == "postgresql":
        author_vectors = _AuthorVectors(_author_names())
        paper_ids = _reserve_ids(Paper, papers)
        batches = _paper_batches(rng, text, papers, seed, concept_ids, author_vectors)
        # The COPY text is built in the generating thread too, leaving this one little more
        # to do than pass it on; the first batch is generated while the loader sets up.
        with (
            _prefetched(_copy_texts(batches, paper_ids)) as prefetched,
            _PostgresPapers(text, vectors.ready() if vectors else None) as loader,
        ):
            for rows, papers_data, topics_data in prefetched:
                loader.add(rows, papers_data, topics_data)
                progress(f"papers: {loader.count}")
        return paper_ids
    titles, paragraphs = text.titles, text.paragraphs
    for rows in _paper_batches(rng, text, papers, seed, concept_ids):
        created = Paper.objects.bulk_create(
            [
                Paper(
                    arxiv_id=row[0],
                    title=titles[row[1]],
                    authors=row[2],
                    organisation=row[3],
                    published=row[4],
                    abstract=paragraphs[row[5]],
                    read_level=row[6],
                )
                for row in rows
            ],
            batch_size=BATCH,
        )
        ids = [p.pk for p in created]
        through = Paper.topics.through
        through.objects.bulk_create(
            [
                through(paper_id=pk, concept_id=concept)
                for pk, row in zip(ids, rows, strict=True)
                for concept in row[8]
            ],
            batch_size=BATCH,
        )
        paper_ids += ids
        progress(f"papers: {len(paper_ids)}")
    return paper_ids


# What migration papers/0004's trigger computes for a row, from its three weighted parts;
# concatenating the same parts in the same order gives the very same search_vector.
_TITLE_VECTOR = "setweight(to_tsvector('english', coalesce({}, '')), 'A')"
_ABSTRACT_VECTOR = "setweight(to_tsvector('english', coalesce({}, '')), 'C')"
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
    from psycopg import pq

    status = connection.connection.info.transaction_status
    return status != pq.TransactionStatus.INERROR


@contextlib.contextmanager
def _secondary_indexes_deferred(indexed: str, linked: list[str], enabled: bool):
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


class _PoolVectors:
    """The weighted vectors of all the run's pooled titles and abstracts, as tsvector text,
    computed on a connection of their own in a background thread, started with the run: the
    database works on them while this process renders the concepts' pages.

    For bulk loads, which use most of the pools anyway.
    """

    def __init__(self, text: _Text) -> None:
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

    def ready(self) -> _PoolVectors:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self


class _AuthorVectors:
    """``to_tsvector('english', authors)`` as tsvector text, assembled in Python from each
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
                "unnest(to_tsvector('english', n.name)) AS v ORDER BY 1, 2",
                [names],
            )
            lexemes: list[list[tuple[str, list[int]]]] = [[] for _ in names]
            for no, lexeme, positions in cursor.fetchall():
                quoted = lexeme.replace("\\", "\\\\").replace("'", "''")
                lexemes[no - 1].append((f"'{quoted}'", positions))
            cursor.execute(
                "SELECT n.no, v.positions[1] - 1 FROM unnest(%s::text[]) WITH ORDINALITY "
                "AS n (name, no), unnest(to_tsvector('english', n.name || ', ' || %s)) AS v "
                "WHERE v.lexeme = (SELECT lexeme FROM unnest(to_tsvector('english', %s))) "
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


def _reserve_ids(model, count: int) -> list[int]:
    """Draw ``count`` primary keys from the model's sequence, ascending."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [model._meta.db_table])
        (sequence,) = cursor.fetchone()
        cursor.execute(
            "SELECT nextval(%s::regclass) FROM generate_series(1, %s)", [sequence, count]
        )
        return [pk for (pk,) in cursor.fetchall()]


def _copy_texts(
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
def _prefetched(items: Iterator, depth: int = 4) -> Iterator[Iterator]:
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


class _PostgresPapers:
    """Bulk paper insertion on PostgreSQL, with the search vectors the trigger would compute
    but a fraction of its text search work.

    Rows are COPYed into a temporary table carrying the numbers of their title and abstract
    in the run's pools and their authors' vector, their topic links straight into the link
    table. Each distinct title and abstract has its weighted vector computed once, in side
    tables (when first used, or all at once given ``_PoolVectors``): the synthetic texts
    repeat (3,000 abstracts for 100k papers). Every ``flush_rows`` rows, one INSERT ...
    SELECT writes the staged rows with the search trigger disabled, joining the three
    weighted parts as the trigger does.

    Use inside a transaction: the trigger is disabled for it only, and enabled again before
    it ends (on a database error, by the rollback).
    """

    def __init__(
        self, text: _Text, vectors: _PoolVectors | None = None, flush_rows: int = 4 * BATCH
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

    def __enter__(self) -> _PostgresPapers:
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
        (``_copy_texts``)."""
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


def _users() -> tuple[list, list]:
    User = get_user_model()
    editors, contributors = [], []
    for i in range(3):
        user, created = User.objects.get_or_create(username=f"seed-editor-{i}")
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
            user.groups.add(Group.objects.get(name=EDITOR))
        editors.append(user)
    for i in range(10):
        user, created = User.objects.get_or_create(username=f"seed-contributor-{i}")
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
            user.groups.add(Group.objects.get(name=CONTRIBUTOR))
        contributors.append(user)
    return editors, contributors


def seed(
    *,
    concepts: int,
    papers: int,
    entries: int,
    claims_per_entry: int,
    seed: int = 1,
    progress: Callable[[str], None] = lambda _msg: None,
) -> SeedSummary:
    """Add synthetic concepts, papers, entries and claims to the database."""
    rng = random.Random(seed)
    text = _Text(rng)
    bulk = papers >= BULK_FROM
    vectors = _PoolVectors(text) if bulk and connection.vendor == "postgresql" else None
    summary = SeedSummary()
    editors, contributors = _users()
    caveat_ids = list(Caveat.objects.values_list("pk", flat=True))
    run = f"{seed}-{Concept.objects.count()}"

    with transaction.atomic():
        # Concepts: unique titles; the first (busiest) ones get the longest bodies.
        titles: list[str] = []
        seen: set[str] = set()
        existing = {t.lower() for t in Concept.objects.values_list("title", flat=True)}
        while len(titles) < concepts:
            t = " ".join(rng.sample(TOPIC_WORDS, 2)) + f" {len(titles) + 1}"
            if t.lower() not in seen and t.lower() not in existing:
                seen.add(t.lower())
                titles.append(t)
        concept_objs = Concept.objects.bulk_create(
            [Concept(title=t, slug=slugify(t), summary=text.paragraph(2)) for t in titles],
            batch_size=BATCH,
        )
        revisions = []
        for i, concept in enumerate(concept_objs):
            # About 50 KB for the busiest pages, a few KB for the long tail.
            size = 50_000 if i < 3 else rng.randint(2_000, 12_000)
            body = text.body(size, titles[max(0, i - 5) : i + 5])
            revisions.append(
                Revision(
                    concept=concept,
                    number=1,
                    title=concept.title,
                    summary=concept.summary,
                    body=body,
                    html=render_markdown(body).html,
                    edit_summary="Seeded",
                    author=rng.choice(editors),
                    status=RevisionStatus.PUBLISHED,
                )
            )
        revisions = Revision.objects.bulk_create(revisions, batch_size=500)
        for concept, revision in zip(concept_objs, revisions, strict=True):
            concept.current_revision = revision
        Concept.objects.bulk_update(concept_objs, ["current_revision"], batch_size=BATCH)
        for i, concept in enumerate(concept_objs[1:], start=1):
            concept.related.add(concept_objs[rng.randrange(0, i)])
        summary.concepts = len(concept_objs)
        progress(f"concepts: {summary.concepts}")

    # Papers, in one transaction.
    papers_started = time.perf_counter()
    with (
        transaction.atomic(),
        _secondary_indexes_deferred(
            Paper._meta.db_table,
            [Paper.topics.through._meta.db_table],
            enabled=bulk,
        ),
    ):
        paper_ids = _insert_papers(
            rng, text, papers, seed, [c.pk for c in concept_objs], progress, vectors
        )
        summary.papers = len(paper_ids)
        summary.papers_insert_seconds = time.perf_counter() - papers_started
    summary.papers_seconds = time.perf_counter() - papers_started

    # Key papers: the first few papers of each concept's busiest topics.
    with transaction.atomic():
        KeyPaper.objects.bulk_create(
            [
                KeyPaper(concept=c, paper_id=pid, position=pos, note=text.sentence(4, 10))
                for c in concept_objs[: min(len(concept_objs), 50)]
                for pos, pid in enumerate(rng.sample(paper_ids, min(5, len(paper_ids))))
            ],
            ignore_conflicts=True,
        )

    # Entries with claims.
    statuses = [EntryStatus.PUBLISHED] * 90 + [EntryStatus.PENDING] * 6 + [EntryStatus.DRAFT] * 4
    evidences = (
        [Evidence.FULL_TEXT] * 3
        + [Evidence.ABSTRACT_ONLY] * 4
        + [Evidence.SECONDARY]
        + [Evidence.EDITORIAL]
        + [Evidence.UNMARKED]
    )
    now = timezone.now()
    entry_topic = Entry.topics.through
    entry_paper = Entry.papers.through
    claim_caveat = Claim.caveats.through
    per_batch = max(1, BATCH // max(1, claims_per_entry))
    for start in range(0, entries, per_batch):
        count = min(per_batch, entries - start)
        with transaction.atomic():
            batch = []
            for k in range(count):
                status = rng.choice(statuses)
                lead = text.paragraph(rng.randint(2, 4))
                batch.append(
                    Entry(
                        date=START + dt.timedelta(days=rng.randrange(SPAN_DAYS)),
                        headline=text.sentence(5, 12).rstrip("."),
                        lead=lead,
                        lead_html=f"<p>{escape(lead)}</p>",
                        author=rng.choice(contributors),
                        status=status,
                        external_id=f"seed:{run}:{start + k}",
                        published_at=now if status == EntryStatus.PUBLISHED else None,
                    )
                )
            created = Entry.objects.bulk_create(batch)
            topic_rows, paper_rows, claim_objs = [], [], []
            for entry in created:
                topics = {_zipf_index(rng, len(concept_objs)) for _ in range(rng.randint(1, 2))}
                topic_rows += [
                    entry_topic(entry_id=entry.pk, concept_id=concept_objs[t].pk) for t in topics
                ]
                cited: set[int] = set()
                for pos in range(claims_per_entry):
                    paper_id = rng.choice(paper_ids) if paper_ids and rng.random() < 0.8 else None
                    if paper_id:
                        cited.add(paper_id)
                    claim_text = text.sentence(10, 30, figure=rng.random() < 0.6)
                    evidence = (
                        Evidence.UNMARKED
                        if entry.status != EntryStatus.PUBLISHED and rng.random() < 0.5
                        else rng.choice(
                            evidences[:-1] if entry.status == EntryStatus.PUBLISHED else evidences
                        )
                    )
                    claim_objs.append(
                        Claim(
                            entry_id=entry.pk,
                            position=pos,
                            text=claim_text,
                            html=f"<p>{escape(claim_text)}</p>",
                            paper_id=paper_id,
                            evidence=evidence,
                        )
                    )
                paper_rows += [entry_paper(entry_id=entry.pk, paper_id=p) for p in cited]
            entry_topic.objects.bulk_create(topic_rows, batch_size=BATCH)
            entry_paper.objects.bulk_create(paper_rows, batch_size=BATCH)
            claims = Claim.objects.bulk_create(claim_objs, batch_size=BATCH)
            claim_caveat.objects.bulk_create(
                [
                    claim_caveat(claim_id=c.pk, caveat_id=cid)
                    for c in claims
                    if caveat_ids and rng.random() < 0.35
                    for cid in rng.sample(caveat_ids, rng.randint(1, 2))
                ],
                batch_size=BATCH,
                ignore_conflicts=True,
            )
            EntryEvent.objects.bulk_create(
                [
                    EntryEvent(
                        entry_id=e.pk, actor_id=e.author_id, action="created", to_status=e.status
                    )
                    for e in created
                ]
            )
        summary.entries += len(created)
        summary.claims += len(claims)
        progress(f"entries: {summary.entries}, claims: {summary.claims}")
    # Rows went in without the write services: fill the search vectors in one pass each.
    concept_vector_refresh([c.pk for c in concept_objs])
    entry_vector_refresh()
    progress("search vectors refreshed")
    return summary
