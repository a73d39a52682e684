"""Deterministic synthetic data at scale, for benchmarks and load tests.

Everything is inserted with ``bulk_create`` in batches; the same ``seed`` gives the same
wiki. Topics follow a skewed (Zipf-like) distribution, dates span three years, claims carry
evidence marks in realistic proportions.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
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
        self._titles = [self.words(rng.randint(4, 10)).title() for _ in range(20000)]
        self._paragraphs = [" ".join(rng.sample(self._plain, 7)) for _ in range(3000)]

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
            return self.rng.choice(self._paragraphs)
        return " ".join(self.rng.sample(self._plain, sentences))

    def title(self) -> str:
        return self.rng.choice(self._titles)

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


def _insert_papers(papers: list[Paper]) -> list[Paper]:
    """Insert papers and set their primary keys; COPY on PostgreSQL, bulk_create elsewhere."""
    if connection.vendor != "postgresql":
        return Paper.objects.bulk_create(papers, batch_size=BATCH)
    table = Paper._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [table, len(papers)],
        )
        for paper, (pk,) in zip(papers, cursor.fetchall(), strict=True):
            paper.pk = pk
    now = timezone.now()
    columns = [
        "id", "arxiv_id", "title", "authors", "organisation", "published", "abstract",
        "read_level", "doi", "url", "categories", "code_url", "added", "updated",
    ]  # fmt: skip
    rows = [
        (p.pk, p.arxiv_id, p.title, p.authors, p.organisation, p.published, p.abstract,
         p.read_level, "", "", "", "", now, now)
        for p in papers
    ]  # fmt: skip
    _copy(table, columns, rows)
    return papers


def _insert_rows(model, columns: list[str], rows: list[tuple]) -> None:
    """Insert plain rows (many-to-many links); COPY on PostgreSQL."""
    if connection.vendor == "postgresql":
        _copy(model._meta.db_table, columns, rows)
    else:
        model.objects.bulk_create(
            [model(**dict(zip(columns, row, strict=True))) for row in rows], batch_size=BATCH
        )


@contextlib.contextmanager
def _secondary_indexes_deferred(table: str, enabled: bool):
    """Drop a table's non-unique indexes for a bulk load and rebuild them afterwards, as
    pg_restore does: one index build is far cheaper than 100k incremental GIN updates."""
    if not enabled or connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s "
            "AND indexdef NOT LIKE 'CREATE UNIQUE%%'",
            [table],
        )
        indexes = cursor.fetchall()
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            # Run the deferred foreign-key checks now: PostgreSQL will not build an index
            # on a table with trigger events still pending in this transaction.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET maintenance_work_mem = '256MB'")
            for _, definition in indexes:
                cursor.execute(definition)


def _copy(table: str, columns: list[str], rows: list[tuple]) -> None:
    with connection.cursor() as cursor:
        sql = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
        with cursor.cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(row)


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

    # Papers, in batches, each in its own transaction.
    papers_started = time.perf_counter()
    topic_through = Paper.topics.through
    paper_ids: list[int] = []
    read_levels = (
        [ReadLevel.FULL_TEXT] * 2 + [ReadLevel.ABSTRACT_ONLY] * 5 + [ReadLevel.METADATA_ONLY] * 3
    )
    next_number: dict[str, int] = {}
    authors = [f"{initial}. {word.title()}" for initial in "ABCDEFGHJKLMNPRSTW" for word in WORDS]
    with (
        transaction.atomic(),
        _secondary_indexes_deferred(Paper._meta.db_table, enabled=papers >= 20_000),
    ):
        for start in range(0, papers, BATCH):
            batch = []
            for _ in range(min(BATCH, papers - start)):
                published = START + dt.timedelta(days=rng.randrange(SPAN_DAYS))
                prefix = f"{published:%y%m}"
                n = next_number.get(prefix, 0) + 1
                next_number[prefix] = n
                batch.append(
                    Paper(
                        arxiv_id=f"{prefix}.{n + 50000 + 1000 * (seed % 40):05d}",
                        title=text.title(),
                        authors=", ".join(rng.sample(authors, rng.randint(1, 8))),
                        organisation=rng.choice(ORGS),
                        published=published,
                        abstract=text.paragraph(7),
                        read_level=rng.choice(read_levels),
                    )
                )
            with transaction.atomic():
                created = _insert_papers(batch)
                topic_rows = [
                    (p.pk, concept_objs[idx].pk)
                    for p in created
                    for idx in {
                        _zipf_index(rng, len(concept_objs)) for _ in range(rng.randint(1, 3))
                    }
                ]
                _insert_rows(topic_through, ["paper_id", "concept_id"], topic_rows)
            paper_ids.extend(p.pk for p in created)
            summary.papers += len(created)
            progress(f"papers: {summary.papers}")
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
