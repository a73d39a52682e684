from __future__ import annotations

import datetime as dt
import re

import pytest
from django import forms
from django.http import QueryDict
from django.utils.html import escape

from entries.models import EntryStatus
from papers.filters import PaperFilter
from papers.models import Paper, ReadLevel
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

pytestmark = pytest.mark.django_db


@pytest.fixture
def library():
    rm, ps, kd = (
        make_concept("Reward Modeling"),
        make_concept("Process Supervision"),
        make_concept("Knowledge Distillation"),
    )
    papers = {
        "jan": PaperFactory(
            title="Reward Models Under Pressure",
            authors="Ada Lovelace, Alan Turing",
            organisation="DeepMind",
            published=dt.date(2026, 1, 10),
            abstract="Scalar reward models drift during training.",
            read_level=ReadLevel.FULL_TEXT,
        ),
        "feb": PaperFactory(
            title="Process Supervision at Scale",
            authors="Grace Hopper",
            organisation="Stanford University",
            published=dt.date(2026, 2, 1),
            abstract="Labelling every step of a derivation.",
            read_level=ReadLevel.ABSTRACT_ONLY,
        ),
        "mar": PaperFactory(
            title="Verifiers and Rewards",
            authors="Edsger Dijkstra",
            organisation="DeepMind",
            published=dt.date(2026, 3, 15),
            abstract="Checkers where they exist, learned scores elsewhere.",
            read_level=ReadLevel.METADATA_ONLY,
        ),
        "apr": PaperFactory(
            title="Distilling Students Quickly",
            authors="Barbara Liskov",
            organisation="",
            published=dt.date(2026, 4, 30),
            abstract="On-policy distillation with a teacher's scores.",
            read_level=ReadLevel.FULL_TEXT,
        ),
        "undated": PaperFactory(
            title="An Undated Note",
            authors="Anonymous",
            organisation="",
            published=None,
            abstract="No date was recorded.",
            read_level=ReadLevel.METADATA_ONLY,
        ),
    }
    papers["jan"].topics.set([rm])
    papers["feb"].topics.set([ps])
    papers["mar"].topics.set([rm, ps])
    papers["apr"].topics.set([kd])
    return papers


def titles(response) -> list[str]:
    return [paper.title for paper in response.context["page"].object_list]


def names(library, *keys: str) -> list[str]:
    return [library[key].title for key in keys]


def test_list_shows_every_paper_newest_first_undated_last(client, library):
    response = client.get("/papers/")

    assert response.status_code == 200
    assert titles(response) == names(library, "apr", "mar", "feb", "jan", "undated")
    assert response.context["page"].paginator.count == 5


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("pressure", ["jan"]),  # title
        ("hopper", ["feb"]),  # authors
        ("derivation", ["feb"]),  # abstract
        ("reward models", ["jan"]),  # every word must match
        ("reward", ["mar", "jan"]),
        ("nothing-like-this", []),
    ],
)
def test_filter_search(client, library, q, expected):
    response = client.get("/papers/", {"q": q})

    assert titles(response) == names(library, *expected)


def test_filter_search_by_arxiv_id_in_any_spelling(client, library):
    paper = library["mar"]

    for spelling in (paper.arxiv_id, f"arXiv:{paper.arxiv_id}v2", paper.arxiv_abs_url):
        response = client.get("/papers/", {"q": spelling})
        assert titles(response) == [paper.title]


def test_filter_one_topic(client, library):
    response = client.get("/papers/", {"topic": "reward-modeling"})

    assert titles(response) == names(library, "mar", "jan")


def test_filter_several_topics_any_lists_each_paper_once(client, library):
    response = client.get("/papers/?topic=reward-modeling&topic=process-supervision")

    assert titles(response) == names(library, "mar", "feb", "jan")
    assert response.context["page"].paginator.count == 3


def test_filter_several_topics_all(client, library):
    response = client.get("/papers/?topic=reward-modeling&topic=process-supervision&match=all")

    assert titles(response) == names(library, "mar")


def test_filter_published_after_is_inclusive(client, library):
    response = client.get("/papers/", {"published_after": "2026-02-01"})

    assert titles(response) == names(library, "apr", "mar", "feb")


def test_filter_published_before_is_inclusive(client, library):
    response = client.get("/papers/", {"published_before": "2026-02-01"})

    assert titles(response) == names(library, "feb", "jan")


def test_filter_date_range_includes_both_ends(client, library):
    response = client.get(
        "/papers/", {"published_after": "2026-01-10", "published_before": "2026-03-15"}
    )

    assert titles(response) == names(library, "mar", "feb", "jan")


def test_filter_read_level(client, library):
    response = client.get("/papers/", {"read_level": "full_text"})

    assert titles(response) == names(library, "apr", "jan")


def test_filter_organisation_ignores_case(client, library):
    response = client.get("/papers/", {"organisation": "deepmind"})

    assert titles(response) == names(library, "mar", "jan")


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("newest", ["apr", "mar", "feb", "jan", "undated"]),
        ("oldest", ["jan", "feb", "mar", "apr", "undated"]),
        ("title", ["undated", "apr", "feb", "jan", "mar"]),
    ],
)
def test_sort(client, library, sort, expected):
    response = client.get("/papers/", {"sort": sort})

    assert titles(response) == names(library, *expected)


def test_sort_recently_added(client, library):
    Paper.objects.filter(pk=library["jan"].pk).update(added=dt.datetime(2030, 1, 1, tzinfo=dt.UTC))

    response = client.get("/papers/", {"sort": "added"})

    assert titles(response)[0] == library["jan"].title


def test_filters_combined(client, library):
    response = client.get(
        "/papers/",
        {
            "topic": ["reward-modeling", "process-supervision"],
            "published_after": "2026-01-11",
            "published_before": "2026-03-15",
            "organisation": "DeepMind",
            "q": "verifiers",
        },
    )

    assert titles(response) == names(library, "mar")


def test_filters_combined_with_read_level_and_sort(client, library):
    response = client.get(
        "/papers/",
        {"topic": "reward-modeling", "read_level": "full_text", "sort": "oldest"},
    )

    assert titles(response) == names(library, "jan")


def field_error(response, name: str) -> str:
    html = response.content.decode()
    match = re.search(rf'<div id="errors-{name}" class="field-error"[^>]*>(.*?)</div>', html, re.S)
    assert match, f"no error slot for {name}"
    return re.sub(r"<[^>]+>", "", match.group(1)).strip()


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"published_after": "2026-13-45"}, "published_after", "Not a date"),
        ({"published_before": "yesterday"}, "published_before", "Not a date"),
        ({"topic": "no-such-topic"}, "topic", "Select a valid choice"),
        ({"sort": "best"}, "sort", "Select a valid choice"),
        ({"read_level": "skimmed"}, "read_level", "Select a valid choice"),
        (
            {"published_after": "2026-03-01", "published_before": "2026-02-01"},
            "published_before",
            "must not be earlier",
        ),
    ],
)
def test_invalid_filter_shows_message_beside_field(client, library, params, field, message):
    response = client.get("/papers/", params)

    assert response.status_code == 200
    assert message in field_error(response, field)
    assert "were left out" in response.content.decode()


def test_invalid_filter_is_ignored_and_the_others_still_apply(client, library):
    response = client.get(
        "/papers/", {"published_after": "2026-13-45", "topic": "reward-modeling", "sort": "bogus"}
    )

    assert titles(response) == names(library, "mar", "jan")


@pytest.mark.parametrize(
    "query",
    [
        "page=abc",
        "page=999",
        "page=-1",
        "per_page=zillion",
        "per_page=100000",
        "topic=",
        "q=" + "x" * 500,
        "q=%27%22%3B--",
        "q=a%26b%7Cc%3A*%21",
        "published_after=0000-00-00",
        "published_after=99999-01-01",
        "match=sometimes",
        "format=xml",
    ],
)
def test_bad_input_never_500s(client, library, query):
    response = client.get(f"/papers/?{query}")

    assert response.status_code in (200, 400)


def test_row_shows_metadata_topic_chips_badge_and_claim_count(client, library):
    paper = library["mar"]
    published = EntryFactory(status=EntryStatus.PUBLISHED)
    ClaimFactory.create_batch(2, entry=published, paper=paper)
    ClaimFactory(entry=EntryFactory(status=EntryStatus.DRAFT), paper=paper)

    response = client.get("/papers/")
    html = response.content.decode()

    row = next(p for p in response.context["page"].object_list if p.pk == paper.pk)
    assert row.claim_count == 2
    assert "2 claims" in html
    assert 'href="/papers/?topic=reward-modeling"' in html
    assert "badge-read-metadata_only" in html
    assert "15 Mar 2026" in html
    assert escape(paper.short_authors) in html


def test_row_escapes_every_value(client, db):
    topic = make_concept('Topic <i>"one"</i>')
    paper = PaperFactory(
        title="<script>alert(1)</script> & more",
        authors='A. "Quote" <b>Bold</b>, B. Two',
        organisation="Lab <x>",
        arxiv_id="2601.00001",
    )
    paper.topics.add(topic)

    html = client.get("/papers/").content.decode()

    assert "<script>alert(1)" not in html and "<b>Bold" not in html and "<x>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html
    assert 'title="A. &quot;Quote&quot; &lt;b&gt;Bold&lt;/b&gt;, B. Two"' in html
    assert '<span class="paper-org">Lab &lt;x&gt;</span>' in html
    assert f'title="Papers on {escape(topic.title)}">{escape(topic.title)}</a>' in html
    assert '<time datetime="2026-01-15">15 Jan 2026</time>' in html
    assert '<span class="claim-count none">no claims</span>' in html


def test_labels_of_the_filter_form(client, library):
    html = client.get("/papers/").content.decode()

    for field, label in [
        ("q", "Search"),
        ("topic", "Topic"),
        ("published_after", "Published after"),
        ("published_before", "Published before"),
        ("read_level", "Read level"),
    ]:
        assert f'<label for="id_{field}">{label}</label>' in html
    # Without JavaScript it is a plain GET form with a submit button.
    assert re.search(r'<form id="paper-filters"[^>]*method="get"', html)
    assert 'type="submit"' in html


def test_htmx_request_gets_only_the_results_fragment_and_a_clean_push_url(client, library):
    response = client.get(
        "/papers/?q=&topic=reward-modeling&published_after=2026-02-01&sort=newest&match=any",
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()

    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="results"')
    assert "<html" not in html
    assert response["HX-Push-Url"] == "/papers/?topic=reward-modeling&published_after=2026-02-01"
    assert "HX-Request" in response["Vary"]
    # A partial's render is not recorded in response.context: read the titles off the HTML.
    shown = re.findall(r'<h2 class="paper-title"><a href="[^"]*">([^<]*)</a></h2>', html)
    assert shown == names(library, "mar")


def test_htmx_fragment_refreshes_field_errors_out_of_band(client, library):
    response = client.get("/papers/?published_after=2026-13-45", headers={"HX-Request": "true"})
    html = response.content.decode()

    assert 'id="errors-published_after" class="field-error" hx-swap-oob="true"' in html
    assert "Not a date" in html


def test_htmx_history_restore_gets_the_whole_page(client, library):
    response = client.get(
        "/papers/?topic=reward-modeling",
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )

    assert "<html" in response.content.decode()


def test_pagination_keeps_the_filters(client, library):
    PaperFactory.create_batch(30, organisation="DeepMind", published=dt.date(2025, 6, 1))

    response = client.get("/papers/", {"organisation": "DeepMind", "per_page": 10, "page": 2})
    html = response.content.decode()

    assert response.context["page"].number == 2
    assert response.context["page"].paginator.count == 32
    assert "?organisation=DeepMind&amp;per_page=10&amp;page=3" in html


def test_list_queries_are_bounded_whatever_the_page_size(
    client, library, django_assert_max_num_queries
):
    topics = [make_concept(f"Topic {n}") for n in range(3)]
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    for paper in PaperFactory.create_batch(80):
        paper.topics.set(topics[:2])
        ClaimFactory(entry=entry, paper=paper)

    # The first read after these writes also folds the rows they added to the months' and
    # days' stamps (papers/month_counts.py): five queries each, once in many writes.
    for per_page, chart in ((10, 4 + 2 * 5), (100, 0)):
        # On PostgreSQL one more judges how common the search's words are; the chart of
        # papers per month costs four once per filter and content version, not per page
        # (newest and oldest dates, any undated paper, the months).
        with django_assert_max_num_queries(7 + chart):
            response = client.get(
                "/papers/", {"per_page": per_page, "topic": "topic-0", "q": "study"}
            )
        assert len(response.context["page"].object_list) == min(per_page, 80)
    # A new filter: its chart, once, from the library's counts, which it folds first.
    with django_assert_max_num_queries(4 + 4 + 5):
        client.get("/papers/", {"per_page": 100}, headers={"HX-Request": "true"})


def test_count_is_capped_so_it_stays_cheap(client, library, monkeypatch):
    monkeypatch.setattr("papers.selectors.COUNT_CAP", 3)

    response = client.get("/papers/")

    assert response.context["page"].paginator.capped
    assert "More than <strong>3</strong> papers" in response.content.decode()
    assert client.get("/papers/?read_level=full_text").context["page"].paginator.count == 2


def _page(client, number, **params):
    page = client.get("/papers/", {"per_page": 1, "page": number, **params}).context["page"]
    return [p.title for p in page.object_list], page.has_next(), page.number


def test_pages_go_on_past_the_count_while_there_are_papers(client, library, monkeypatch):
    monkeypatch.setattr("papers.selectors.COUNT_CAP", 2)  # 3 pages known, 5 papers in all

    assert _page(client, 3) == (names(library, "feb"), True, 3)
    assert _page(client, 4) == (names(library, "jan"), True, 4)
    assert _page(client, 5) == (names(library, "undated"), False, 5)
    assert _page(client, 6) == (names(library, "feb"), True, 3)  # none: the last counted
    monkeypatch.setattr("papers.selectors.REACHABLE", 4)
    assert _page(client, 4, sort="oldest") == (names(library, "apr"), False, 4)
    assert _page(client, 5, sort="oldest") == (names(library, "mar"), True, 3)


def test_page_links_of_a_capped_list_never_name_a_last_page(client, library, monkeypatch):
    monkeypatch.setattr("papers.selectors.COUNT_CAP", 2)
    ellipsis = "…"

    def links(number):
        response = client.get("/papers/", {"per_page": 1, "page": number})
        return [str(n) for n in response.context["page_numbers"]], response.content.decode()

    assert links(1)[0] == ["1", "2", ellipsis]
    numbers, html = links(4)
    assert numbers == ["1", "2", "3", "4", "5", ellipsis]
    assert "More than <strong>2</strong> papers" in html
    assert "page 4</span>" in html and "page 4 of" not in html
    assert 'rel="next"' in html
    assert links(5)[0] == ["1", "2", "3", "4", "5"]


def test_list_rows_do_not_read_abstracts_or_search_vectors(client, library):
    response = client.get("/papers/", {"q": "reward"})

    for paper in response.context["page"].object_list:
        assert {"abstract", "search_vector"} <= paper.get_deferred_fields()


def _options(html: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', html)


def test_topic_list_renders_as_django_would(library):
    make_concept('Tricky <b>"quoted"</b> & co')
    filterset = PaperFilter(
        QueryDict("topic=reward-modeling&sort=newest&match=any"), Paper.objects.all()
    )
    filterset.is_valid()
    fast = str(filterset.form["topic"])
    filterset.form.fields["topic"].widget.__class__ = forms.SelectMultiple
    django = str(filterset.form["topic"])

    assert _options(fast) == _options(django)
    assert ("reward-modeling", " selected", "Reward Modeling") in _options(fast)
    assert "&lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; co" in fast
    assert re.match(r'<select name="topic" id="id_topic" size="6" data-chip-picker multiple>', fast)
