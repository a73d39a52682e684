"""Papers per month kept by the database (papers/month_counts.py), and the chart read from
them: equal to counting the papers, whoever writes and however, on both backends."""

from __future__ import annotations

import datetime as dt
import random
import re
import threading

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection, connections, transaction
from django.db.models import Count, Sum
from django.db.models.functions import TruncMonth
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from papers import month_chart
from papers.filters import PaperFilter
from papers.models import DayTouch, MonthCount, MonthTouch, Paper
from papers.month_counts import (
    LIBRARY,
    SLACK,
    day_stamps,
    install,
    month_counts,
    month_stamps,
)
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
    """Every (topic, month) count kept: the sum of its rows."""
    sums = MonthCount.objects.values_list("topic", "month").annotate(n=Sum("papers")).order_by()
    return {(topic, month): n for topic, month, n in sums if n}


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

    seen: list[tuple] = []

    def moved(day: dt.date) -> bool:
        """Whether the day's and its month's stamps are new, unlike any seen before."""
        month = day.replace(day=1)
        stamps = (month_stamps().get(month), day_stamps({month}).get(day))
        new = all(s is not None and s not in [old for old, _ in seen] for s in stamps)
        seen.extend((s, day) for s in stamps)
        return new

    moved(paper.published)
    Paper.objects.filter(pk=paper.pk).update(title="Another title entirely")  # its words
    assert moved(paper.published)
    paper.topics.add(topics[2])
    assert moved(paper.published)
    paper.topics.remove(topics[2])
    assert moved(paper.published)
    # Moved to another month: both months.
    other_month = dt.date(2020, 2, 1)
    moved(other.published)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE papers_paper SET published = %s WHERE id = %s", [other_month, other.pk]
        )
    assert moved(other.published) and moved(other_month)
    untouched = next(p.published for p in dated if p.published.month != day.month)
    month_stamps(), day_stamps(None)  # read once: folded, if a read folds them
    before = (month_stamps(), day_stamps(None)[untouched])
    Paper.objects.filter(pk=paper.pk).delete()
    assert moved(day)
    assert (month_stamps()[untouched.replace(day=1)], day_stamps(None)[untouched]) == (
        before[0][untouched.replace(day=1)],
        before[1],
    )  # no other month's or day's


def test_reads_fold_the_rows_writes_add_keeping_counts_and_moving_stamps(library):
    """Every write adds rows; a read finding many more than one per key folds them into one
    per key: the counts stay, and each folded stamp is one no earlier state had."""
    _, topics, papers = library
    paper = next(p for p in papers if p.published)
    month, day = paper.published.replace(day=1), paper.published
    stamps_before = (month_stamps()[month], day_stamps({month})[day])
    for n in range(SLACK + 5):
        Paper.objects.filter(pk=paper.pk).update(title=f"Retitled {n}")
        if n % 2:
            paper.topics.add(topics[0])
        else:
            paper.topics.remove(topics[0])
    counts = kept()
    assert counts == counted_by_hand()
    assert MonthTouch.objects.filter(month=month).count() > SLACK

    month_counts(topics[0].pk)  # read: folded
    stamps = (month_stamps()[month], day_stamps({month})[day])  # read: folded
    assert MonthCount.objects.filter(topic=topics[0].pk).count() == len(month_counts(topics[0].pk))
    assert MonthTouch.objects.filter(month=month).count() == 1
    assert DayTouch.objects.filter(day=day).count() == 1
    assert kept() == counts
    after = (month_stamps()[month], day_stamps({month})[day])
    assert len({stamps_before, stamps, after}) == 3


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
    chart()  # the days a first read folded, counted once more
    paper = next(p for p in library[2] if p.published)
    Paper.objects.filter(pk=paper.pk).update(title="Things retitled")
    with CaptureQueriesContext(connection) as queries:
        chart()
    (counted,) = [q["sql"] for q in queries if "GROUP BY" in q["sql"] and "COUNT" in q["sql"]]
    # That one day, no other ("'2024-07-21'", or "'2024-07-21'::date" on PostgreSQL).
    assert re.search(rf"IN \('{paper.published.isoformat()}'(::date)?\)", counted)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_two_writers_adding_papers_of_two_months_in_crossing_order_both_commit():
    """Each transaction adds a paper of January, then one of March; the other March, then
    January. The counts and stamps they write hold no lock another writer waits for."""
    months = (dt.date(2025, 1, 10), dt.date(2025, 3, 10))
    PaperFactory(published=months[0])
    PaperFactory(published=months[1])  # both months' rows exist
    first_written = threading.Barrier(2, timeout=10)
    outcomes: list[object] = []

    def write(order):
        try:
            with transaction.atomic():
                for day in order:  # authors of their own: keys that cannot collide
                    PaperFactory(published=day, authors=f"Writer {order[0]:%m}{day:%m}")
                    if day == order[0]:
                        first_written.wait()
            outcomes.append("committed")
        except Exception as exc:
            outcomes.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(o,)) for o in (months, months[::-1])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert outcomes == ["committed", "committed"]
    assert kept() == counted_by_hand()
    assert month_counts(LIBRARY) == {dt.date(2025, 1, 1): 3, dt.date(2025, 3, 1): 3}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_write_committed_after_a_later_one_and_a_fold_is_still_counted():
    """A writer's stamp row has an id below a later writer's; it commits after the later
    one, and after a read folded the day's rows. The search chart kept meanwhile is not
    served once it commits: the day's stamp is one it never had."""
    day = dt.date(2025, 5, 6)
    slow, fast = (PaperFactory(published=day, authors=f"Author {n}") for n in "AB")
    params = QueryDict("q=things")

    def chart():
        return month_chart._per_month(PaperFilter(data=with_defaults(params)), params)

    written, release = threading.Event(), threading.Event()

    def write_slowly():
        try:
            with transaction.atomic():
                Paper.objects.filter(pk=slow.pk).update(title="Unrelated", abstract="Nor this.")
                written.set()
                release.wait(timeout=10)
        finally:
            connections.close_all()

    thread = threading.Thread(target=write_slowly)
    thread.start()
    assert written.wait(timeout=10)
    for n in range(SLACK + 2):  # committed at once, with ids above the slow writer's
        Paper.objects.filter(pk=fast.pk).update(title=f"More things, take {n}")
    assert chart().total == 2  # the slow write not committed yet; this read folds the day
    assert chart().total == 2  # kept at the folded day's stamp
    release.set()
    thread.join(timeout=10)

    assert chart().total == 1
