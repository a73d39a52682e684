"""The synthetic data generator behind seed_demo: the search vectors it writes itself on
PostgreSQL, the bulk path and its clean-up."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.core.management import call_command
from django.db import connection

from demo.synthetic import loader
from demo.synthetic import seed as synthetic
from demo.synthetic import text as synthetic_text
from papers.models import Paper, ReadLevel
from wiki.models import Concept

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="search vectors and bulk loads need PostgreSQL"
)

# The expression of the trigger in migration papers/0004, row by row.
TRIGGER_VECTOR = (
    "setweight(to_tsvector('english_unaccent', coalesce(title, '')), 'A') "
    "|| setweight(to_tsvector('english_unaccent', coalesce(authors, '')), 'B') "
    "|| setweight(to_tsvector('english_unaccent', coalesce(abstract, '')), 'C')"
)


def _scalar(sql: str, params=()):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]


def _vectors_differing_from_trigger() -> int:
    return _scalar(
        f"SELECT count(*) FROM papers_paper WHERE search_vector IS DISTINCT FROM ({TRIGGER_VECTOR})"
    )


def _trigger_enabled() -> bool:
    return (
        _scalar(
            "SELECT tgenabled FROM pg_trigger WHERE tgrelid = 'papers_paper'::regclass "
            "AND tgname = %s",
            [loader.SEARCH_TRIGGER],
        )
        == "O"
    )


def _schema(table: str) -> tuple[set, set]:
    """A table's indexes and constraints, by name and definition."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s", [table])
        indexes = set(cursor.fetchall())
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid), condeferrable, condeferred "
            "FROM pg_constraint WHERE conrelid = %s::regclass",
            [table],
        )
        constraints = set(cursor.fetchall())
    return indexes, constraints


def _papers_snapshot() -> list[tuple]:
    """Every paper with its search vector and topics, without database ids."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT p.arxiv_id, p.title, p.authors, p.organisation, p.published, p.abstract, "
            "p.read_level, p.search_vector::text, array_agg(c.title ORDER BY t.id) "
            "FROM papers_paper p JOIN papers_paper_topics t ON t.paper_id = p.id "
            "JOIN wiki_concept c ON c.id = t.concept_id GROUP BY p.id ORDER BY p.id"
        )
        return cursor.fetchall()


def _seed(papers: int, seed: int = 3, entries: int = 5) -> None:
    call_command(
        "seed_demo", concepts=8, papers=papers, entries=entries, claims_per_entry=2, seed=seed
    )


@postgres_only
def test_seeded_vectors_are_what_the_trigger_computes(db):
    _seed(600)
    assert Paper.objects.count() == 600
    assert not Paper.objects.filter(search_vector__isnull=True).exists()
    assert _vectors_differing_from_trigger() == 0
    assert _trigger_enabled()


@postgres_only
def test_bulk_load_vectors_indexes_and_trigger(db, monkeypatch):
    """The bulk path: vectors of the pooled texts computed on a second connection, indexes
    and foreign keys dropped and rebuilt, the trigger off during the load and on after."""
    before = {table: _schema(table) for table in ("papers_paper", "papers_paper_topics")}
    monkeypatch.setattr(synthetic, "BULK_FROM", 1000)
    # Enough papers for nearly every author name to appear, in lists of one to eight.
    _seed(3000)
    assert Paper.objects.count() == 3000
    assert _vectors_differing_from_trigger() == 0
    assert {table: _schema(table) for table in before} == before
    assert _trigger_enabled()

    # The trigger is back at work: a later write recomputes the vector.
    paper = Paper.objects.order_by("pk").first()
    paper.title = "Zebra crossings"
    paper.save()
    assert "'zebra':1A" in _scalar(
        "SELECT search_vector::text FROM papers_paper WHERE id = %s", [paper.pk]
    )
    assert _vectors_differing_from_trigger() == 0


@postgres_only
def test_bulk_and_small_loads_write_the_same_papers(db, monkeypatch):
    _seed(1200, seed=5, entries=0)
    small = _papers_snapshot()
    Paper.objects.all().delete()
    Concept.objects.all().delete()
    monkeypatch.setattr(synthetic, "BULK_FROM", 1000)
    _seed(1200, seed=5, entries=0)
    assert _papers_snapshot() == small


@postgres_only
def test_a_failed_load_leaves_no_papers_and_the_trigger_on(db, monkeypatch):
    def fail(*args):
        raise RuntimeError("generation failed")

    monkeypatch.setattr(loader, "_stage_text", fail)
    monkeypatch.setattr(synthetic, "BULK_FROM", 100)
    before = _schema("papers_paper")
    with pytest.raises(RuntimeError, match="generation failed"):
        _seed(300)
    assert not Paper.objects.exists()
    assert _trigger_enabled()
    assert _schema("papers_paper") == before


def test_rows_are_drawn_as_model_instances_were():
    """Papers are generated as numbers into the text pools; the random calls and hence the
    papers are those of drawing the texts themselves, as earlier versions did."""
    rng, reference = random.Random(7), random.Random(7)
    text, reference_text = synthetic_text.Text(rng), synthetic_text.Text(reference)
    names = synthetic_text.author_names()
    read_levels = (
        [ReadLevel.FULL_TEXT] * 2 + [ReadLevel.ABSTRACT_ONLY] * 5 + [ReadLevel.METADATA_ONLY] * 3
    )
    rows = next(synthetic._paper_batches(rng, text, 50, 7, [1, 2, 3]))
    for row in rows:
        day = reference.randrange(synthetic_text.SPAN_DAYS)
        assert row[4] == synthetic_text.START + dt.timedelta(days=day)
        assert text.titles[row[1]] == reference.choice(reference_text.titles)
        assert row[2] == ", ".join(reference.sample(names, reference.randint(1, 8)))
        assert row[3] == reference.choice(synthetic_text.ORGS)
        assert text.paragraphs[row[5]] == reference.choice(reference_text.paragraphs)
        assert row[6] == reference.choice(read_levels)
    for row in rows:
        topics = {synthetic_text.zipf_index(reference, 3) for _ in range(reference.randint(1, 3))}
        assert row[8] == [[1, 2, 3][t] for t in topics]
