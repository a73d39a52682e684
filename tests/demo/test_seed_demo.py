from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count

from entries.models import Claim, Entry, EntryStatus, Evidence
from papers.models import Paper
from results.models import Benchmark, Result, ResultStatus
from tests.papers.test_month_counts import counted_by_hand, kept
from wiki.models import Concept


def _snapshot() -> list[tuple]:
    return list(Paper.objects.order_by("arxiv_id").values_list("arxiv_id", "title", "published"))


def test_seed_demo_creates_the_requested_amounts(db, capsys):
    call_command("seed_demo", concepts=5, papers=300, entries=20, claims_per_entry=3, seed=4)
    assert Concept.objects.published().count() == 5
    assert Paper.objects.count() == 300
    assert Entry.objects.count() == 20
    assert Claim.objects.count() == 60
    assert "Seeded 5 concepts, 300 papers, 20 entries, 60 claims" in capsys.readouterr().out
    # Loaded with the month counts' triggers off on PostgreSQL, and counted once after.
    assert kept() == counted_by_hand() != {}


def test_seed_demo_adds_results_the_results_pages_show(db, client):
    call_command(
        "seed_demo", concepts=3, papers=50, entries=30, claims_per_entry=3, results=40, quiet=True
    )
    results = Result.objects.filter(status=ResultStatus.CONFIRMED).select_related("claim__entry")
    assert results.count() == 40
    assert all(r.claim.entry.status == EntryStatus.PUBLISHED for r in results)
    assert all(r.date == r.claim.entry.date for r in results)
    busiest = Benchmark.objects.annotate(n=Count("results")).order_by("-n").first()
    page = client.get(busiest.get_absolute_url())
    assert page.status_code == 200 and "<svg" in page.content.decode()


def test_seed_demo_is_deterministic(db):
    call_command("seed_demo", concepts=3, papers=100, entries=0, claims_per_entry=0, seed=9)
    first = _snapshot()
    Paper.objects.all().delete()
    Concept.objects.all().delete()
    call_command("seed_demo", concepts=3, papers=100, entries=0, claims_per_entry=0, seed=9)
    assert _snapshot() == first


def test_seed_demo_data_is_shaped_like_real_use(db):
    call_command("seed_demo", concepts=20, papers=2000, entries=100, claims_per_entry=5, seed=2)
    per_topic = sorted(
        Concept.objects.annotate(n=Count("papers")).values_list("n", flat=True), reverse=True
    )
    # Skewed: the busiest topic holds several times the papers of the median one.
    assert per_topic[0] >= 3 * per_topic[len(per_topic) // 2]
    years = {d.year for d in Paper.objects.values_list("published", flat=True)}
    assert len(years) >= 3
    marked = Claim.objects.exclude(evidence=Evidence.UNMARKED).count()
    assert marked > Claim.objects.count() // 2
    assert Claim.objects.filter(caveats__isnull=False).exists()


def test_seed_demo_rejects_negative_counts(db):
    with pytest.raises(CommandError, match="--papers must be zero or more"):
        call_command("seed_demo", papers=-1)


def test_seed_demo_prints_progress_unless_quiet(db, capsys):
    call_command("seed_demo", concepts=2, papers=20, entries=3)
    loud = capsys.readouterr().out
    call_command("seed_demo", concepts=2, papers=20, entries=3, seed=2, quiet=True)
    quiet = capsys.readouterr().out

    assert "  papers:" in loud or "  concepts:" in loud
    assert "  papers:" not in quiet and "Seeded" in quiet


def test_seed_demo_leaves_the_planner_knowing_the_rows_it_wrote(db):
    """Without fresh statistics PostgreSQL plans from empty tables (autovacuum may be off,
    or not yet round): a join it expects one row from runs once per row."""
    from django.db import connection

    call_command(
        "seed_demo", concepts=3, papers=200, entries=30, claims_per_entry=3, results=40, quiet=True
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT relname, reltuples FROM pg_class WHERE relname IN (%s, %s, %s)",
                ["papers_paper", "entries_claim", "results_result"],
            )
        else:
            cursor.execute(
                "SELECT tbl, CAST(stat AS INTEGER) FROM sqlite_stat1 WHERE tbl IN (%s, %s, %s)",
                ["papers_paper", "entries_claim", "results_result"],
            )
        estimates = dict(cursor.fetchall())
    assert estimates.get("papers_paper", 0) >= 200
    assert estimates.get("entries_claim", 0) >= 90
    assert estimates.get("results_result", 0) >= 40
