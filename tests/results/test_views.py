from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from entries.models import EntryStatus, Evidence
from entries.review.workflow import entry_transition
from entries.writing.services import EditNotAllowed
from results.models import Benchmark, Result, ResultStatus
from results.services import CONFIRM, benchmark_create, result_decide
from tests.factories import PaperFactory
from tests.results.conftest import write_entry

pytestmark = pytest.mark.django_db

COLUMNS = (
    "benchmark,protocol,metric,value,unit,direction,baseline,model,paper,date,evidence,"
    "caveats,claim"
)


def publish(entry, editor, decision=CONFIRM):
    for result in Result.objects.filter(claim__entry=entry):
        result_decide(result=result, by=editor, decision=decision)
    entry.refresh_from_db()
    return entry_transition(entry=entry, to=EntryStatus.PUBLISHED, by=editor, version=entry.version)


@pytest.fixture
def table(contributor, editor, concept, mmlu, paper):
    """Two published entries on MMLU: 58.2% read in full, 61% from an abstract."""
    first = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
    )
    second = write_entry(
        author=contributor,
        concept=concept,
        texts=["A larger model scores 61% on MMLU."],
        evidence=Evidence.ABSTRACT_ONLY,
        date=dt.date(2026, 4, 1),
    )
    return publish(first, editor), publish(second, editor)


def test_results_table_groups_and_marks_the_best(client, table, concept):
    response = client.get(reverse("results:concept_results", args=[concept.slug]))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Best stated: <strong>61%</strong>" in html
    assert "best read in full: <strong>58.2%</strong>" in html


def test_results_of_different_measures_are_not_compared(
    client, contributor, editor, concept, mmlu, paper
):
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=["On MMLU it reaches 58.2% accuracy and a 91.0% refusal rate."],
        paper=paper,
    )
    publish(entry, editor)

    html = client.get(reverse("results:concept_results", args=[concept.slug])).content.decode()

    assert html.count('class="result-group card"') == 2
    assert "Best stated: <strong>58.2%</strong>" in html
    assert "Best stated: <strong>91%</strong>" in html


def test_a_row_names_the_measure_only_as_spelled_otherwise_than_its_group(
    client, contributor, editor, concept, mmlu, paper
):
    for day, text in (
        (1, "It reaches 58.2% accuracy on MMLU."),
        (2, "It scores 61% Accuracy on MMLU."),
    ):
        entry = write_entry(
            author=contributor, concept=concept, texts=[text], date=dt.date(2026, 3, day)
        )
        publish(entry, editor)

    html = client.get(reverse("results:concept_results", args=[concept.slug])).content.decode()

    assert html.count('class="result-group card"') == 1  # one measure, however spelled
    rows = re.findall(
        r'<span class="result-what">(.*?)</span>\s*<span class="result-source', html, re.S
    )
    # The newest first, named as the heading names the group; the older row spells it
    # otherwise, so it says how.
    assert "· Accuracy (%)" in html
    assert [re.sub(r"<[^>]+>", "", row) for row in rows] == ["", "accuracy"]
    assert "measure not named" not in html


def test_results_table_anonymous_in_bounded_queries(
    client, table, concept, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        response = client.get(reverse("results:concept_results", args=[concept.slug]))

    assert response.status_code == 200


def test_results_table_htmx_gets_the_fragment(client, table, concept):
    response = client.get(
        reverse("results:concept_results", args=[concept.slug]) + "?evidence=full_text",
        HTTP_HX_REQUEST="true",
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="results"')
    assert "58.2%" in html
    assert "61%" not in html


def test_results_table_refuses_a_bad_date_with_400(client, table, concept):
    response = client.get(
        reverse("results:concept_results", args=[concept.slug]) + "?date_from=yesterday"
    )

    assert response.status_code == 400
    assert "Enter a valid date" in response.content.decode()


def test_results_table_filters_by_date(client, table, concept):
    url = reverse("results:concept_results", args=[concept.slug])

    response = client.get(url + "?date_from=2026-03-15&format=json")

    assert [r["value"] for r in response.json()["results"]] == [61.0]


def test_results_csv_has_exactly_the_columns(client, table, concept, paper):
    response = client.get(
        reverse("results:concept_results", args=[concept.slug]) + "?format=csv&evidence=full_text"
    )

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert ",".join(rows[0]) == COLUMNS
    claim = Result.objects.get(value=58.2).claim
    assert rows[1] == [
        "MMLU", "", "", "58.2", "%", "higher is better", "", "", "2601.00001", "2026-03-01",
        "full text", "", f"http://testserver/entries/{claim.entry_id}/#claim-{claim.pk}",
    ]  # fmt: skip


def test_results_json_has_the_same_rows(client, table, concept):
    url = reverse("results:concept_results", args=[concept.slug])

    data = json.loads(client.get(url + "?format=json").content)

    assert data["columns"] == COLUMNS.split(",")
    assert [list(row) for row in data["results"]] == [COLUMNS.split(",")] * 2
    assert sorted(r["value"] for r in data["results"]) == [58.2, 61.0]


def test_results_csv_neutralises_formulas(client, contributor, editor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    Result.objects.update(model="=HYPERLINK(1)", protocol="-2 shots")
    publish(entry, editor)

    response = client.get(reverse("results:concept_results", args=[concept.slug]) + "?format=csv")

    row = list(csv.reader(io.StringIO(response.content.decode())))[1]
    assert (row[1], row[7]) == ("'-2 shots", "'=HYPERLINK(1)")


def test_protocols_are_never_merged(client, contributor, editor, concept, mmlu):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU and 70% on MMLU."]
    )
    Result.objects.filter(value=70).update(protocol="5-shot", protocol_key="5 shot")
    publish(entry, editor)

    response = client.get(reverse("results:concept_results", args=[concept.slug]))

    html = response.content.decode()
    assert html.count('class="result-group') == 2
    assert "protocol: 5-shot" in html


def test_concept_alias_redirects_the_table(client, table, concept):
    concept.aliases.create(name="LLMs", slug="llms")

    response = client.get("/wiki/llms/results/?format=csv")

    assert response.status_code == 302
    assert response["Location"] == f"/wiki/{concept.slug}/results/?format=csv"


def test_concept_page_summary_follows_a_confirmation(client, contributor, editor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    url = concept.get_absolute_url()
    assert "Best results" not in client.get(url).content.decode()  # cached now

    publish(entry, editor)

    html = client.get(url).content.decode()
    assert "Best results" in html
    assert "<strong>58.2%</strong>" in html
    assert reverse("results:concept_results", args=[concept.slug]) in html


def test_benchmark_page_draws_points_by_protocol(
    client, table, mmlu, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        response = client.get(reverse("results:benchmark", args=[mmlu.slug]))

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="chart-point') == 2
    assert "<circle" in html  # read in full
    assert "<rect" in html  # abstract only
    assert html.count("<polyline") == 1


def test_lower_is_better_puts_the_lowest_value_highest(client, contributor, editor, concept):
    wer = benchmark_create(name="LibriSpeech", direction="lower", unit="%")
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=["Its error is 2.1% on LibriSpeech, down from 3% on LibriSpeech."],
    )
    publish(entry, editor)

    html = client.get(reverse("results:benchmark", args=[wer.slug])).content.decode()
    table = client.get(
        reverse("results:concept_results", args=[concept.slug]) + "?format=json"
    ).json()

    assert "Best stated: <strong>2.1%</strong>" in html
    assert {r["direction"] for r in table["results"]} == {"lower is better"}


def test_benchmark_alias_redirects(client, mmlu):
    response = client.get("/benchmarks/mmlu-5shot/")

    assert response.status_code == 302
    assert response["Location"] == f"/benchmarks/{mmlu.slug}/"


def test_benchmark_list(client, table, mmlu, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        response = client.get(reverse("results:benchmarks"))

    assert "2 confirmed results" in response.content.decode()


def test_unknown_benchmark_is_404(client, db):
    assert client.get("/benchmarks/nope/").status_code == 404


def test_contested_results_are_badged(client, contributor, editor, concept, mmlu, paper):
    for text in ("It reaches 58.2% on MMLU.", "It reaches 59% on MMLU."):
        publish(write_entry(author=contributor, concept=concept, texts=[text], paper=paper), editor)

    html = client.get(reverse("results:concept_results", args=[concept.slug])).content.decode()

    assert html.count(">contested</span>") == 2


def test_contested_results_are_in_the_review_queue(
    client, contributor, editor, concept, mmlu, paper
):
    for text in ("It reaches 58.2% on MMLU.", "It reaches 59% on MMLU."):
        publish(write_entry(author=contributor, concept=concept, texts=[text], paper=paper), editor)
    client.force_login(editor)

    html = client.get(reverse("entries:review")).content.decode()

    assert "Contested results" in html
    assert "58.2 to 59" in html


def test_only_published_values_contest_a_figure(contributor, editor, concept, mmlu, paper):
    """A value confirmed on an entry not yet published disputes nothing readers see; once
    the entry is published, the pair is contested."""
    publish(
        write_entry(
            author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
        ),
        editor,
    )
    waiting = write_entry(
        author=contributor, concept=concept, texts=["It reaches 59% on MMLU."], paper=paper
    )
    for result in Result.objects.filter(claim__entry=waiting):
        result_decide(result=result, by=editor, decision=CONFIRM)

    assert Result.objects.contested() == []

    publish(waiting, editor)

    (group,) = Result.objects.contested()
    assert (group["low"], group["high"], group["paper__title"]) == (58.2, 59.0, paper.title)


def test_review_flags_a_figure_not_in_the_quote(client, contributor, editor, concept, mmlu):
    paper = PaperFactory(abstract="Nothing numeric here.")
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
    )
    Result.objects.update(value=57.0)  # a misreading: 57 is written nowhere
    client.force_login(editor)

    html = client.get(reverse("entries:review_item", args=[entry.pk])).content.decode()

    assert html.count("figure not found in the quote") == 1


def test_a_figure_from_the_abstract_is_not_flagged(client, contributor, editor, concept, mmlu):
    paper = PaperFactory(abstract="We reach 57% on MMLU.")
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
    )
    Result.objects.update(value=57.0)
    client.force_login(editor)

    html = client.get(reverse("entries:review_item", args=[entry.pk])).content.decode()

    assert "figure not found in the quote" not in html


def test_editor_confirms_in_review_with_a_correction(client, contributor, editor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    result = Result.objects.get()
    client.force_login(editor)

    response = client.post(
        reverse("results:decide", args=[result.pk]),
        {"decision": "confirm", "benchmark": "MMLU", "value": "58.2", "unit": "%",
         "protocol": "5-shot", "seen_version": entry.version, "next": "/review/"},
    )  # fmt: skip

    result.refresh_from_db()
    assert response.status_code == 302
    assert (result.status, result.protocol, result.protocol_key, result.decided_by) == (
        ResultStatus.CONFIRMED, "5-shot", "5 shot", editor,
    )  # fmt: skip


def test_review_page_shows_the_decision_controls(
    client, contributor, editor, concept, mmlu, django_assert_max_num_queries
):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    client.force_login(editor)

    with django_assert_max_num_queries(40):
        html = client.get(reverse("entries:review")).content.decode()

    assert reverse("results:decide", args=[Result.objects.get().pk]) in html
    assert entry.headline in html


def test_contributor_cannot_confirm(client, contributor, other_contributor, concept, mmlu):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    result = Result.objects.get()
    client.force_login(other_contributor)

    response = client.post(reverse("results:decide", args=[result.pk]), {"decision": "discard"})

    assert response.status_code == 403
    result.refresh_from_db()
    assert result.status == ResultStatus.PROPOSED


def test_anonymous_cannot_decide(client, contributor, concept, mmlu):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])

    response = client.post(
        reverse("results:decide", args=[Result.objects.get().pk]), {"decision": "discard"}
    )

    assert response.status_code == 302
    assert Result.objects.get().status == ResultStatus.PROPOSED


@override_settings(WIKI_FOUR_EYES=True)
def test_nobody_confirms_results_of_text_they_wrote(editor, concept, mmlu):
    write_entry(author=editor, concept=concept, texts=["It reaches 58.2% on MMLU."])

    with pytest.raises(EditNotAllowed, match="four-eyes"):
        result_decide(result=Result.objects.get(), by=editor, decision=CONFIRM)


def test_confirming_needs_a_known_benchmark(client, contributor, editor, concept):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on NEWBENCH."])
    result = Result.objects.get()
    client.force_login(editor)

    response = client.post(
        reverse("results:decide", args=[result.pk]),
        {"decision": "confirm", "benchmark": "NEWBENCH", "value": "58.2"},
        follow=True,
    )

    assert "is not a known benchmark" in response.content.decode()
    assert Result.objects.get().status == ResultStatus.PROPOSED


def test_author_edits_and_removes_proposals(client, contributor, concept, mmlu):
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=["It reaches 58.2% on MMLU and 40% on GSM8K."],
        submit=False,
    )
    client.force_login(contributor)
    page = client.get(entry.get_absolute_url()).content.decode()
    first, second = Result.objects.order_by("value")

    client.post(
        reverse("results:edit", args=[second.pk]),
        {"benchmark": "MMLU", "value": "58.2", "protocol": "0-shot"},
    )
    client.post(reverse("results:edit", args=[first.pk]), {"remove": "1"})

    assert "Results proposed from your claims" in page
    assert list(Result.objects.order_by("value").values_list("status", "protocol")) == [
        (ResultStatus.DISCARDED, ""),
        (ResultStatus.PROPOSED, "0-shot"),
    ]


def test_someone_else_cannot_edit_the_authors_proposals(
    client, contributor, other_contributor, concept, mmlu
):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    client.force_login(other_contributor)

    response = client.post(reverse("results:edit", args=[Result.objects.get().pk]), {"remove": "1"})

    assert response.status_code == 403


def test_entry_form_shows_the_author_the_proposals(client, contributor, concept, mmlu):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], submit=False
    )
    client.force_login(contributor)

    html = client.get(reverse("entries:edit", args=[entry.pk])).content.decode()

    assert "Results proposed from your claims" in html
    assert reverse("results:edit", args=[Result.objects.get().pk]) in html


def test_editor_adds_an_unknown_benchmark_while_confirming(client, contributor, editor, concept):
    entry = write_entry(
        author=contributor, concept=concept, texts=["Word error rate falls to 4.1% on NEWBENCH."]
    )
    result = Result.objects.get()
    client.force_login(editor)
    review = client.get(reverse("entries:review")).content.decode()
    assert 'name="new_benchmark"' in review
    assert review.index("add it: lower is better") < review.index("add it: higher is better")

    response = client.post(
        reverse("results:decide", args=[result.pk]),
        {"decision": "confirm", "benchmark": "NEWBENCH", "value": "4.1", "unit": "%",
         "new_benchmark": "lower", "seen_version": entry.version},
        follow=True,
    )  # fmt: skip

    result.refresh_from_db()
    assert "Result confirmed." in response.content.decode()
    assert result.status == ResultStatus.CONFIRMED
    assert (result.benchmark.name, result.benchmark.direction) == ("NEWBENCH", "lower")
    assert client.get(result.benchmark.get_absolute_url()).status_code == 200


def test_a_new_benchmark_needs_its_direction_and_reuses_a_same_slug(
    client, contributor, editor, concept
):
    pro = benchmark_create(name="MMLU Pro", direction="higher", unit="%")
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU-Pro."]
    )
    result = Result.objects.get()
    client.force_login(editor)
    url = reverse("results:decide", args=[result.pk])
    fields = {"decision": "confirm", "benchmark": "MMLU-Pro", "value": "58.2"}

    refused = client.post(url, {**fields, "new_benchmark": "sideways"}, follow=True)
    assert "Say whether higher or lower is better" in refused.content.decode()
    assert Result.objects.get().status == ResultStatus.PROPOSED

    client.post(url, {**fields, "new_benchmark": "higher", "seen_version": entry.version})
    result.refresh_from_db()
    assert (result.status, result.benchmark) == (ResultStatus.CONFIRMED, pro)
    assert list(Benchmark.objects.all()) == [pro]


def test_a_contributor_cannot_add_a_benchmark_by_confirming(
    client, contributor, other_contributor, concept
):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on NEWBENCH."])
    client.force_login(other_contributor)

    response = client.post(
        reverse("results:decide", args=[Result.objects.get().pk]),
        {"decision": "confirm", "benchmark": "NEWBENCH", "value": "58.2",
         "new_benchmark": "higher"},
    )  # fmt: skip

    assert response.status_code == 403
    assert not Benchmark.objects.exists()


@pytest.fixture
def many(contributor, editor, concept, mmlu):
    """75 published MMLU results under one protocol, one a day, rising but for a dip."""
    claims = [f"It reaches {50 + n * 0.5:g}% on MMLU." for n in range(75)]
    claims[70] = "It reaches 20% on MMLU."
    entry = write_entry(author=contributor, concept=concept, texts=claims)
    publish(entry, editor)
    for n, result in enumerate(Result.objects.order_by("claim__position")):
        Result.objects.filter(pk=result.pk).update(date=dt.date(2026, 1, 1) + dt.timedelta(n))
    return entry


def test_a_big_group_shows_its_newest_and_best_and_links_to_the_rest(
    client, many, concept, mmlu, django_assert_max_num_queries
):
    url = reverse("results:concept_results", args=[concept.slug])
    with django_assert_max_num_queries(7):
        html = client.get(url).content.decode()

    assert html.count('<li class="result-row') == 5  # the newest five; the best is among them
    assert "Show all 75 results under this protocol" in html
    assert "86.5%" in html and "51%" not in html
    assert f"?benchmark={mmlu.slug}&amp;protocol=-" in html

    alone = client.get(f"{url}?benchmark={mmlu.slug}&protocol=-").content.decode()
    assert alone.count('<li class="result-row') == 75
    assert "Show all" not in alone


def test_a_big_benchmark_page_draws_records_and_the_newest(
    client, many, mmlu, django_assert_max_num_queries, monkeypatch
):
    monkeypatch.setattr("results.chart.POINTS_PER_SERIES", 20)
    with django_assert_max_num_queries(7):
        html = client.get(reverse("results:benchmark", args=[mmlu.slug])).content.decode()

    assert html.count('class="chart-point') == 20
    assert "20 of 75 dated, confirmed levels" in html
    assert html.count('<li class="result-row') == 5
    assert "51%" not in html.split("<h2>Results by protocol</h2>")[1]
    every = client.get(reverse("results:benchmark", args=[mmlu.slug]) + "?protocol=-")
    assert every.content.decode().count('<li class="result-row') == 75


def test_a_version_in_other_digits_is_no_server_error(client, contributor, editor, concept, mmlu):
    write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    result = Result.objects.get()
    client.force_login(editor)

    response = client.post(
        reverse("results:decide", args=[result.pk]),
        {"decision": "confirm", "benchmark": "MMLU", "value": "58.2", "unit": "%",
         "seen_version": "²", "next": "/review/"},
    )  # fmt: skip

    assert response.status_code < 500


def test_results_pages_share_their_body_until_a_write(
    client, contributor, editor, table, concept, mmlu, django_assert_max_num_queries
):
    """Signed in, the table and the benchmark page are built once for every reader; the next
    write (a newly published figure) shows on the very next request."""
    client.force_login(contributor)
    pages = [
        reverse("results:concept_results", args=[concept.slug]),
        reverse("results:benchmark", args=[mmlu.slug]),
    ]
    for url in pages:
        client.get(url)
        with django_assert_max_num_queries(4) as queries:
            html = client.get(url).content.decode()
        assert "58.2%" in html
        assert not any("OVER (PARTITION" in q["sql"] for q in queries.captured_queries)

    third = write_entry(
        author=contributor, concept=concept, texts=["The new model scores 73.5% on MMLU."]
    )
    publish(third, editor)

    for url in pages:
        assert "73.5%" in client.get(url).content.decode()
