"""Papers per month kept by the database (papers/month_counts.py), and the chart read from
them: equal to counting the papers, whoever writes and however, on both backends."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction
from django.db.models import Count
from django.db.models.functions import TruncMonth
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from papers import month_chart
from papers.filters import PaperFilter
from papers.models import MonthCount, Paper
from papers.month_counts import LIBRARY, day_stamps, install, month_counts, month_stamps
from papers.selectors import with_defaults
from tests.factories import PaperFactory, make_concept

pytestmark = pytest.mark.django_db

Topics = Paper.topics.through


def counted_by_hand() -> dict[tuple[int, dt.date], int]:
    """Every (topic, month) count, from the papers themselves."""
    counts = {}
    library = (
        Paper.objects.exclude(published=None)
        .annotate(month=TruncMonth("published"))
        .values_list("month")
        .annotate(n=Count("pk"))
        .order_by()
    )
    for month, n in library:
        counts[(LIBRARY, _day(month))] = n
    topics = (
        Topics.objects.exclude(paper__published=None)
        .annotate(month=TruncMonth("paper__published"))
        .values_list("concept_id", "month")
        .annotate(n=Count("pk"))
        .order_by()
    )
    for topic, month, n in topics:
        counts[(topic, _day(month))] = n
    return counts


def kept() -> dict[tuple[int, dt.date], int]:
    return {(r.topic, r.month): r.papers for r in MonthCount.objects.filter(papers__gt=0)}


def _day(value) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


def _random_day(rng: random.Random) -> dt.date | None:
    if rng.random() < 0.15:
        return None
    return dt.date(rng.choice((2024, 2025, 2026)), rng.randint(1, 12), rng.randint(1, 28))


@pytest.fixture
def library():
    """Sixty papers over three years (some undated), up to two of three topics each."""
    rng = random.Random(7)
    topics = [make_concept(name) for name in ("Alpha Topic", "Beta Topic", "Gamma Topic")]
    papers = [PaperFactory(published=_random_day(rng)) for _ in range(60)]
    for paper in papers:
        paper.topics.add(*rng.sample(topics, rng.randint(0, 2)))
    return rng, topics, papers


def test_every_write_of_a_paper_or_its_topics_keeps_the_counts(library):
    rng, topics, papers = library
    assert kept() == counted_by_hand() != {}

    # A paper moved to another month, through the ORM and through a queryset update.
    papers[0].published = dt.date(2023, 6, 15)
    papers[0].save()
    Paper.objects.filter(pk__in=[p.pk for p in papers[1:10]]).update(published=dt.date(2022, 2, 2))
    # Within its month, and to no date at all.
    papers[10].published = (papers[10].published or dt.date(2025, 1, 1)).replace(day=1)
    papers[10].save()
    Paper.objects.filter(pk=papers[11].pk).update(published=None)
    assert kept() == counted_by_hand()

    # Topics taken away and given, one at a time and all at once.
    papers[12].topics.clear()
    papers[13].topics.set(topics)
    topics[0].papers.remove(*papers[14:20])
    assert kept() == counted_by_hand()

    # Papers deleted (their topic rows first, as Django does), and loaded in bulk.
    Paper.objects.filter(pk__in=[p.pk for p in papers[20:30]]).delete()
    loaded = Paper.objects.bulk_create(
        PaperFactory.build(published=_random_day(rng), citation_key=f"bulk{n}") for n in range(25)
    )
    Topics.objects.bulk_create(Topics(paper_id=p.pk, concept_id=topics[1].pk) for p in loaded)
    assert kept() == counted_by_hand()


def test_raw_sql_in_either_order_keeps_the_counts(library):
    """A count stands for the topic rows whose paper exists: deleting a paper before its
    topic rows (the foreign keys are checked at commit) counts the same."""
    papers = library[2]
    dated = [p for p in papers if p.published and p.topics.exists()]
    first, second = dated[0], dated[1]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM papers_paper WHERE id = %s", [first.pk])
        cursor.execute("DELETE FROM papers_paper_topics WHERE paper_id = %s", [first.pk])
        cursor.execute("DELETE FROM papers_paper_topics WHERE paper_id = %s", [second.pk])
        cursor.execute(
            "UPDATE papers_paper SET published = %s WHERE id = %s", [dt.date(2021, 3, 3), second.pk]
        )
    assert kept() == counted_by_hand()
    assert month_counts(LIBRARY, dt.date(2021, 3, 1), dt.date(2021, 3, 31)) == {
        dt.date(2021, 3, 1): 1
    }


def test_migrate_counts_every_paper_again(library):
    """Rows written with the triggers off (a data-only restore) are right after the next
    migrate, which installs the triggers and counts again."""
    MonthCount.objects.update(papers=99)
    assert kept() != counted_by_hand()

    install(connection)

    assert kept() == counted_by_hand()


FILTERS = [
    "",
    "topic=alpha-topic",
    "topic=beta-topic&sort=oldest",
    "published_after=2025-01-01&published_before=2025-12-31",
    "topic=gamma-topic&published_after=2024-03-01&published_before=2025-06-30",
    "topic=alpha-topic&published_after=2024-03-17",
    "published_before=2025-05-10",
    "topic=beta-topic&published_after=2025-02-14&published_before=2025-02-20",
    "published_after=2030-01-01",
]


@pytest.mark.parametrize("query", FILTERS)
def test_the_chart_from_the_counts_is_the_chart_from_the_papers(library, monkeypatch, query):
    params = QueryDict(query)
    from_counts = month_chart._per_month(PaperFilter(data=with_defaults(params)), params)
    assert month_chart._counted(PaperFilter(data=with_defaults(params))) is not None

    monkeypatch.setattr(month_chart, "_counted", lambda filterset: None)
    from_papers = month_chart._per_month(PaperFilter(data=with_defaults(params)), params)

    assert from_counts == from_papers


@pytest.mark.parametrize(
    "query",
    ["q=paper", "author=smith", "read_level=full_text", "topic=alpha-topic&topic=beta-topic"],
)
def test_filters_the_counts_do_not_keep_count_the_papers(library, query):
    assert month_chart._counted(PaperFilter(data=with_defaults(QueryDict(query)))) is None


def test_a_topic_chart_after_a_paper_write_reads_the_counts_not_every_paper(library, client):
    PaperFactory(published=dt.date(2026, 11, 30)).topics.add(library[1][0])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(
            "/papers/",
            {
                "topic": "alpha-topic",
                "published_after": "2026-01-01",
                "published_before": "2026-12-31",
            },
        )
    assert response.status_code == 200
    assert "November 2026: " in response.content.decode()
    # No query groups papers by month (TruncMonth is DATE_TRUNC, or Django's function on
    # SQLite).
    assert [q["sql"] for q in queries if "date_trunc" in q["sql"].lower()] == []
    assert len(queries) <= 20


def test_every_write_to_a_paper_or_its_topics_moves_its_days_stamps(library):
    _, topics, papers = library
    dated = [p for p in papers if p.published]
    paper, other = dated[0], dated[1]
    day = paper.published

    def stamp(day: dt.date) -> int:
        by_month = month_stamps().get(day.replace(day=1), 0)
        by_day = day_stamps({day.replace(day=1)}).get(day, 0)
        assert by_month >= by_day  # a month moves with each of its days
        return by_day

    before = stamp(day)
    Paper.objects.filter(pk=paper.pk).update(title="Another title entirely")  # its words
    assert stamp(day) == before + 1
    paper.topics.add(topics[2])
    paper.topics.remove(topics[2])
    assert stamp(day) == before + 3
    # Moved to another month: both months.
    was, other_month = stamp(other.published), dt.date(2020, 2, 1)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE papers_paper SET published = %s WHERE id = %s", [other_month, other.pk]
        )
    assert stamp(other.published) > was and stamp(other_month) >= 1
    Paper.objects.filter(pk=paper.pk).delete()
    assert stamp(day) > before + 3  # its topic rows, then itself


SEARCHES = ["q=things", "read_level=full_text", "topic=alpha-topic&topic=beta-topic"]


@pytest.mark.parametrize("query", SEARCHES)
def test_a_search_chart_after_writes_is_the_chart_counted_afresh(library, query):
    """Kept with its months' stamps, a search's chart after writes equals the chart
    counted from the papers now."""
    _, topics, papers = library
    params = QueryDict(query)

    def chart():
        return month_chart._per_month(PaperFilter(data=with_defaults(params)), params)

    first = chart()
    assert first.total > 0
    dated = [p for p in papers if p.published]
    Paper.objects.filter(pk=dated[0].pk).update(title="Unrelated words", read_level="metadata_only")
    Paper.objects.filter(pk=dated[1].pk).update(published=dt.date(2026, 12, 1))
    dated[2].topics.set([topics[0], topics[1]])
    Paper.objects.filter(pk=dated[3].pk).delete()
    PaperFactory(title="A paper on everything", published=dt.date(2026, 11, 5),
                 read_level="full_text").topics.add(topics[0], topics[1])  # fmt: skip

    kept = chart()
    caches[settings.PAGE_CACHE_ALIAS].clear()  # counted afresh
    assert kept == chart() != first


def test_a_search_chart_after_a_paper_write_counts_only_the_days_written(library):
    params = QueryDict("q=things")

    def chart():
        return month_chart._per_month(PaperFilter(data=with_defaults(params)), params)

    chart()
    paper = next(p for p in library[2] if p.published)
    Paper.objects.filter(pk=paper.pk).update(title="Things retitled")
    with CaptureQueriesContext(connection) as queries:
        chart()
    (counted,) = [q["sql"] for q in queries if "GROUP BY" in q["sql"] and "COUNT" in q["sql"]]
    # That one day, no other ("'2024-07-21'", or "'2024-07-21'::date" on PostgreSQL).
    assert re.search(rf"IN \('{paper.published.isoformat()}'(::date)?\)", counted)
