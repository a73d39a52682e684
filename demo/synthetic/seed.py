"""Deterministic synthetic data at scale, for benchmarks and load tests.

Rows are inserted in batches, papers with COPY on PostgreSQL and everything else with
``bulk_create``; the same ``seed`` gives the same wiki. Topics follow a skewed (Zipf-like)
distribution, dates span three years, claims carry evidence marks in realistic proportions.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.utils import timezone
from django.utils.html import escape
from django.utils.text import slugify

from accounts.roles import CONTRIBUTOR, EDITOR
from core.database import planner_statistics_refresh
from core.markdown import render_markdown
from demo.synthetic.loader import (
    AuthorVectors,
    PoolVectors,
    PostgresPapers,
    copy_texts,
    prefetched,
    reserve_ids,
    secondary_indexes_deferred,
)
from demo.synthetic.text import (
    BATCH,
    BULK_FROM,
    ORGS,
    SPAN_DAYS,
    START,
    TOPIC_WORDS,
    PaperRow,
    Text,
    author_names,
    zipf_index,
)
from entries.models import Caveat, Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.writing.fulltext import entry_vector_refresh
from evidence import normalise_protocol
from papers import month_counts
from papers.models import Paper, ReadLevel
from results.models import Benchmark, Direction, Result, ResultStatus
from wiki.fulltext import concept_vector_refresh
from wiki.models import Concept, KeyPaper, Revision, RevisionStatus


@dataclass
class SeedSummary:
    concepts: int = 0
    papers: int = 0
    entries: int = 0
    claims: int = 0
    results: int = 0
    papers_seconds: float = 0.0  # including index rebuilds
    papers_insert_seconds: float = 0.0


def _paper_batches(
    rng: random.Random,
    text: Text,
    papers: int,
    seed: int,
    concept_ids: list[int],
    author_vectors: AuthorVectors | None = None,
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
    names = author_names()
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
                    for t in {zipf_index(rng, topic_count) for _ in range(randint(1, 3))}
                ],
            )
            for row in rows
        ]


def _insert_papers(
    rng: random.Random,
    text: Text,
    papers: int,
    seed: int,
    concept_ids: list[int],
    progress: Callable[[str], None],
    vectors: PoolVectors | None = None,
) -> list[int]:
    """Generate and insert the papers with their topic links; return the papers' primary
    keys in the order generated. COPY on PostgreSQL, ``bulk_create`` elsewhere."""
    paper_ids: list[int] = []
    if not papers:
        return paper_ids
    if connection.vendor == "postgresql":
        author_vectors = AuthorVectors(author_names())
        paper_ids = reserve_ids(Paper, papers)
        batches = _paper_batches(rng, text, papers, seed, concept_ids, author_vectors)
        # The COPY text is built in the generating thread too, leaving this one little more
        # to do than pass it on; the first batch is generated while the loader sets up.
        # The papers per month are counted once, after the load (papers/month_counts.py).
        with (
            month_counts.bulk_load(connection),
            prefetched(copy_texts(batches, paper_ids)) as ready,
            PostgresPapers(text, vectors.ready() if vectors else None) as loader,
        ):
            for rows, papers_data, topics_data in ready:
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
    results: int = 0,
    progress: Callable[[str], None] = lambda _msg: None,
) -> SeedSummary:
    """Add synthetic concepts, papers, entries and claims (and confirmed results on the
    published claims) to the database."""
    rng = random.Random(seed)
    text = Text(rng)
    bulk = papers >= BULK_FROM
    vectors = PoolVectors(text) if bulk and connection.vendor == "postgresql" else None
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
        secondary_indexes_deferred(
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
                        submitted_at=now if status == EntryStatus.PENDING else None,
                    )
                )
            created = Entry.objects.bulk_create(batch)
            topic_rows, paper_rows, claim_objs = [], [], []
            for entry in created:
                topics = {zipf_index(rng, len(concept_objs)) for _ in range(rng.randint(1, 2))}
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
    if results:
        summary.results = _seed_results(rng, results)
        progress(f"results: {summary.results}")
    # Rows went in without the write services: fill the search vectors in one pass each.
    concept_vector_refresh([c.pk for c in concept_objs])
    entry_vector_refresh()
    progress("search vectors refreshed")
    planner_statistics_refresh()
    return summary


# Benchmarks of the synthetic wiki: (name, direction, unit); results fall on them unevenly.
BENCHMARKS = [
    (f"Synthetic Suite {n}", Direction.LOWER if n % 4 == 0 else Direction.HIGHER, "%")
    for n in range(1, 21)
]
PROTOCOLS = ["", "0-shot", "5-shot", "test split", "5-shot, CoT", "held-out set"]


def _seed_results(rng: random.Random, count: int) -> int:
    """Confirmed results on published claims (the first ``count``, in a random order), each
    with its claim's paper and its entry's date, on benchmarks skewed like the topics."""
    benchmarks = []
    for name, direction, unit in BENCHMARKS:
        benchmark, _ = Benchmark.objects.get_or_create(
            slug=slugify(name), defaults={"name": name, "direction": direction, "unit": unit}
        )
        benchmarks.append(benchmark)
    claims = list(
        Claim.objects.filter(entry__status=EntryStatus.PUBLISHED, results__isnull=True)
        .values_list("pk", "paper_id", "entry__date")
        .order_by("pk")[: count * 2]
    )
    rng.shuffle(claims)
    rows = []
    for pk, paper_id, date in claims[:count]:
        benchmark = benchmarks[zipf_index(rng, len(benchmarks))]
        protocol = rng.choice(PROTOCOLS)
        rows.append(
            Result(
                claim_id=pk,
                benchmark=benchmark,
                benchmark_name=benchmark.name,
                metric="accuracy" if benchmark.direction == Direction.HIGHER else "error rate",
                value=round(rng.uniform(20, 95), 1),
                unit=benchmark.unit,
                protocol=protocol,
                protocol_key=normalise_protocol(protocol),
                model=f"Model-{rng.randint(1, 400)}",
                paper_id=paper_id,
                date=date,
                status=ResultStatus.CONFIRMED,
            )
        )
    Result.objects.bulk_create(rows, batch_size=BATCH)
    return len(rows)
