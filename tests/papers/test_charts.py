"""Papers per month: on the papers list, following its filter, and on topic pages."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.http import QueryDict

from papers.filters import PaperFilter
from papers.month_chart import papers_per_month
from papers.selectors import with_defaults
from tests.factories import PaperFactory, make_concept

pytestmark = pytest.mark.django_db


@pytest.fixture
def shelves():
    """Two papers on RLHF in January 2026, one in March, one on another topic in February."""
    rlhf, other = make_concept("RLHF"), make_concept("Other Topic")
    for day in (dt.date(2026, 1, 5), dt.date(2026, 1, 28), dt.date(2026, 3, 2)):
        PaperFactory(published=day).topics.add(rlhf)
    PaperFactory(published=dt.date(2026, 2, 10)).topics.add(other)
    return rlhf, other


def _months_chart(html: str) -> str:
    start = html.index('class="chart chart-months"')
    return html[start : html.index("</figure>", start)]


def _chart(query: str):
    params = QueryDict(query)
    return papers_per_month(PaperFilter(data=with_defaults(params)), params)


def test_papers_per_month_counts_the_filtered_set_with_empty_months(shelves):
    chart = _chart("topic=rlhf")

    assert [(b.key, b.value) for b in chart.bars] == [("2026-01", 2), ("2026-02", 0),
                                                      ("2026-03", 1)]  # fmt: skip
    assert chart.total == 3
    assert chart.bars[0].href == (
        "/papers/?topic=rlhf&published_after=2026-01-01&published_before=2026-01-31"
    )


def test_a_month_link_stays_inside_the_date_range_in_force(shelves):
    chart = _chart("topic=rlhf&published_after=2026-01-20")

    assert [(b.key, b.value) for b in chart.bars] == [("2026-01", 1), ("2026-02", 0),
                                                      ("2026-03", 1)]  # fmt: skip
    assert chart.bars[0].href.endswith("published_after=2026-01-20&published_before=2026-01-31")


def test_papers_list_draws_a_bar_per_month_each_linking_to_that_month(client, shelves):
    response = client.get("/papers/", {"topic": "rlhf"})

    chart = _months_chart(response.content.decode())
    assert 'role="img"' in chart
    assert 'data-bars="3"' in chart
    assert chart.count('class="chart-bar"') == 3
    assert "<title>January 2026: 2 papers</title>" in chart
    link = "/papers/?topic=rlhf&amp;published_after=2026-03-01&amp;published_before=2026-03-31"
    assert chart.count(f'href="{link}"') == 2  # the bar and its row in the table
    # The month's link lists exactly that month's papers.
    month = client.get(link.replace("&amp;", "&"))
    assert month.context["page"].paginator.count == 1


def test_the_chart_follows_the_filter_through_htmx_swaps(client, shelves):
    response = client.get("/papers/", {"topic": "other-topic"}, headers={"HX-Request": "true"})

    chart = _months_chart(response.content.decode())
    assert 'data-bars="1"' in chart
    assert "February 2026: 1 paper<" in chart


def test_undated_papers_give_a_sentence_not_an_empty_chart(client, db):
    PaperFactory(published=None, title="Undated")

    html = client.get("/papers/").content.decode()

    assert "None of these papers has a publication date." in _months_chart(html)
    assert "<svg" not in _months_chart(html)


def test_topic_page_charts_the_topics_papers(client, shelves):
    html = client.get("/topics/rlhf/").content.decode()

    chart = _months_chart(html)
    assert 'data-bars="3"' in chart
    assert (
        'href="/papers/?topic=rlhf&amp;published_after=2026-01-01&amp;published_before=2026-01-31"'
        in chart
    )
    other = _months_chart(client.get("/topics/other-topic/").content.decode())
    assert re.search(r'data-bars="1"', other)


def test_papers_list_with_its_chart_stays_within_its_queries(
    client, shelves, django_assert_max_num_queries
):
    client.get("/papers/")  # warm what every page reads (content version, sessions)
    # Cold chart: the list's own queries and the chart's four.
    with django_assert_max_num_queries(8):
        client.get("/papers/", {"topic": "rlhf"})
    with django_assert_max_num_queries(6):
        response = client.get("/papers/", {"topic": "rlhf", "page": "1"})
    assert 'data-bars="3"' in response.content.decode()


def test_chart_caption_says_what_it_leaves_out_when_the_list_has_more(client, shelves):
    PaperFactory(published=dt.date(2019, 6, 1))  # more than three years before the newest
    PaperFactory(published=None)

    response = client.get("/papers/")

    caption = re.search(r'<span class="chart-range[^>]*>(.*?)</span>', response.content.decode())
    assert response.context["page"].paginator.count == 6
    assert caption[1] == (
        "4 papers published Jan 2026 \u2013 Mar 2026; not drawn: papers published earlier"
        " and papers with no date"
    )


def test_chart_caption_is_plain_when_it_draws_the_whole_set(client, shelves):
    response = client.get("/papers/")

    caption = re.search(r'<span class="chart-range[^>]*>(.*?)</span>', response.content.decode())
    assert caption[1] == "4 papers published Jan 2026 \u2013 Mar 2026"
