"""The groups, bests, counts and newest rows ranked for the results table and the benchmark
page, checked against what a reader must see (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from entries.models import Claim, Evidence
from entries.review.services import claim_mark
from results import selectors
from results.chart import progress_chart
from results.models import Result
from results.services import benchmark_create
from tests.results.conftest import write_entry
from tests.results.test_views import publish

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 1, 1)


def results_on(benchmark, specs, *, author, editor, concept):
    """Published results on ``benchmark``, one a spec (a dict of Result fields, plus
    ``evidence`` for its claim), the first spec dated first unless it says otherwise."""
    entry = write_entry(
        author=author,
        concept=concept,
        texts=[f"It reaches {50 + n}% on {benchmark.name}." for n in range(len(specs))],
    )
    publish(entry, editor)
    made = list(Result.objects.filter(claim__entry=entry).order_by("claim__position"))
    assert len(made) == len(specs)
    for n, (result, spec) in enumerate(zip(made, specs, strict=True)):
        spec = {"date": DAY + dt.timedelta(n), **spec}
        evidence = spec.pop("evidence", Evidence.ABSTRACT_ONLY)
        Claim.objects.filter(pk=result.claim_id).update(evidence=evidence)
        Result.objects.filter(pk=result.pk).update(**spec)
    return made


def values(results):
    return [r.value for r in results]


@pytest.fixture
def wer(db):
    return benchmark_create(name="LibriSpeech", direction="lower", unit="%")


def test_lower_is_better_marks_the_lowest_even_when_old(contributor, editor, concept, wer):
    specs = [{"value": 2.0}] + [{"value": 5.0 + n} for n in range(7)]
    results_on(wer, specs, author=contributor, editor=editor, concept=concept)

    [group] = selectors.result_groups(concept=concept).groups

    assert group.total == 8
    assert group.best.value == 2.0
    assert values(group.results) == [11.0, 10.0, 9.0, 8.0, 7.0, 2.0]  # newest five, the best
    assert group.hidden == 2


def test_the_newest_of_equal_bests_is_marked(contributor, editor, concept, mmlu):
    made = results_on(
        mmlu,
        [{"value": 70.0}, {"value": 70.0}, {"value": 60.0}],
        author=contributor,
        editor=editor,
        concept=concept,
    )

    [group] = selectors.result_groups(concept=concept).groups

    assert group.best.pk == made[1].pk


def test_a_change_is_never_the_best_level(contributor, editor, concept, mmlu):
    specs = [
        {"value": 62.0, "words": {"value": "62%"}},
        {"value": 95.0, "words": {"value": " +95"}},
        {"value": 90.0, "unit": "pp"},
    ] + [{"value": 50.0} for _ in range(5)]
    results_on(mmlu, specs, author=contributor, editor=editor, concept=concept)

    groups = selectors.result_groups(concept=concept).groups

    assert [(g.unit, g.best and g.best.value, g.total) for g in groups] == [
        ("%", 62.0, 7),
        ("pp", None, 1),
    ]


def test_best_read_in_full_is_the_best_of_full_text_levels(contributor, editor, concept, wer):
    specs = [
        {"value": 3.0, "evidence": Evidence.FULL_TEXT},
        {"value": 2.5, "evidence": Evidence.FULL_TEXT},
        {"value": 1.0, "evidence": Evidence.SECONDARY},
        {"value": 0.5, "evidence": Evidence.FULL_TEXT, "unit": "pp"},
    ] + [{"value": 9.0} for _ in range(5)]
    results_on(wer, specs, author=contributor, editor=editor, concept=concept)

    [group, change] = selectors.result_groups(concept=concept).groups

    assert (group.best.value, group.best_full_text.value, group.total) == (1.0, 2.5, 8)
    assert values(group.results) == [9.0] * 5 + [1.0, 2.5]  # the newest first
    assert (change.best, change.best_full_text, change.total) == (None, None, 1)


def test_no_protocol_group_links_to_its_own_rows(client, contributor, editor, concept, mmlu):
    specs = [{"value": 50.0 + n} for n in range(7)] + [
        {"value": 80.0, "protocol": "5-shot", "protocol_key": "5 shot"}
    ]
    results_on(mmlu, specs, author=contributor, editor=editor, concept=concept)
    url = reverse("results:concept_results", args=[concept.slug])

    html = client.get(url).content.decode()
    alone = client.get(f"{url}?benchmark={mmlu.slug}&protocol=-").content.decode()

    assert "Show all 7 results under this protocol" in html
    assert f"?benchmark={mmlu.slug}&amp;protocol=-" in html
    assert alone.count('<li class="result-row') == 7
    assert "80%" not in alone


def test_spellings_of_one_measure_are_one_group(contributor, editor, concept, mmlu):
    specs = [{"value": 40.0 + n, "metric": "Accuracy"} for n in range(4)] + [
        {"value": 30.0 + n, "metric": "accuracy"} for n in range(4)
    ]
    results_on(mmlu, specs, author=contributor, editor=editor, concept=concept)

    [group] = selectors.result_groups(concept=concept).groups

    assert (group.metric, group.total, group.best.value) == ("accuracy", 8, 43.0)
    assert values(group.results) == [33.0, 32.0, 31.0, 30.0, 43.0]


def test_a_measure_and_its_abbreviation_are_one_group(contributor, editor, concept, wer):
    specs = [{"value": 4.0, "metric": "WER"}, {"value": 3.0, "metric": "word error rate (WER)"}]
    specs += [{"value": 2.5, "metric": "Word error rate"}]
    results_on(wer, specs, author=contributor, editor=editor, concept=concept)

    [group] = selectors.result_groups(concept=concept).groups

    assert (group.total, group.best.value) == (3, 2.5)


def three_groups(contributor, editor, concept, mmlu, wer) -> list[Result]:
    """MMLU with and without a protocol, three results each, and LibriSpeech with two;
    returns MMLU's."""
    made = results_on(
        mmlu,
        [{"value": 60.0 + n, "evidence": Evidence.FULL_TEXT} for n in range(3)]
        + [{"value": 90.0 + n, "protocol": "0-shot", "protocol_key": "0 shot"} for n in range(3)],
        author=contributor,
        editor=editor,
        concept=concept,
    )
    results_on(wer, [{"value": 3.0}, {"value": 4.0}], author=contributor, editor=editor,
               concept=concept)  # fmt: skip
    return made


def test_a_big_table_is_compact_with_the_same_bests_and_links(
    client, contributor, editor, concept, mmlu, wer, monkeypatch, django_assert_max_num_queries
):
    three_groups(contributor, editor, concept, mmlu, wer)
    url = reverse("results:concept_results", args=[concept.slug])
    full = selectors.result_groups(concept=concept).groups
    monkeypatch.setattr(selectors, "ROWS_ON_PAGE", 4)

    with django_assert_max_num_queries(5):
        html = client.get(url).content.decode()

    assert '<li class="result-row' not in html
    assert html.count("<tr>") == len(full) + 2  # one a group, a head a benchmark
    for group in full:
        assert f">{group.best.value_display}</a>" in html
        assert f"#claim-{group.best.claim_id}" in html
    assert re.findall(r"Show all \d+ results?", html) == [
        "Show all 2 results", "Show all 3 results", "Show all 3 results",
    ]  # fmt: skip
    assert html.count("?benchmark=") == 3


def test_a_filtered_table_offers_every_benchmark_and_protocol(
    client, contributor, editor, concept, mmlu, wer
):
    results_on(mmlu, [{"value": 60.0, "protocol": "5-shot", "protocol_key": "5 shot"}],
               author=contributor, editor=editor, concept=concept)  # fmt: skip
    results_on(wer, [{"value": 3.0}], author=contributor, editor=editor, concept=concept)

    table = selectors.concept_table(
        concept,
        filters=selectors.ResultFilter(benchmark=wer.slug),
        per_group=5,
        compact_over=None,
    )

    assert [g.benchmark for g in table.groups] == [wer]
    assert table.benchmarks == [wer, mmlu]
    assert table.protocols == [("-", "no protocol stated"), ("5 shot", "5-shot")]


def test_chart_draws_records_and_newest_lower_is_better_without_undated(
    contributor, editor, concept, wer, monkeypatch
):
    # falling error: every fourth a record, the rest worse; two undated results drawn nowhere
    specs = [{"value": 20.0 - n if n % 4 == 0 else 30.0 + n} for n in range(40)]
    specs += [{"value": 0.1, "date": None}, {"value": 0.2, "date": None}]
    made = results_on(wer, specs, author=contributor, editor=editor, concept=concept)

    monkeypatch.setattr("results.chart.POINTS_PER_SERIES", 15)

    chart = progress_chart(wer, *selectors.chart_rows(wer, per_series=15))

    drawn = [int(p.href.rsplit("-", 1)[1]) for p in chart["points"]]
    records = list(range(0, 40, 4))
    newest = [34, 35, 37, 38, 39]  # the five newest that are no records
    assert chart["dated"] == 40
    assert drawn == [made[n].claim_id for n in sorted(records + newest)]


def test_a_change_over_a_baseline_is_never_drawn_as_progress(
    client, contributor, editor, concept, mmlu
):
    """ "+2.4 over PPO" beside "67.4%" is no level on the same axis: the chart and its count
    leave changes out, stated by sign, by unit or by a measure of differences."""
    results_on(
        mmlu,
        [
            {"value": 60.0},
            {"value": 2.4, "words": {"value": "+2.4"}},
            {"value": 3.1, "unit": "pp"},
            {"value": 1.5, "metric": "margin"},
            {"value": 64.0},
        ],
        author=contributor,
        editor=editor,
        concept=concept,
    )

    chart = progress_chart(mmlu, *selectors.chart_rows(mmlu, per_series=15))
    html = client.get(reverse("results:benchmark", args=[mmlu.slug])).content.decode()

    assert len(chart["points"]) == 2
    assert chart["dated"] == 2
    assert html.count('class="chart-point') == 2
    assert "Best stated: <strong>64%</strong>" in html


def test_benchmark_page_ranks_table_and_chart_together(
    client, contributor, editor, concept, wer, monkeypatch, django_assert_max_num_queries
):
    specs = [{"value": 20.0 - n if n % 4 == 0 else 30.0 + n} for n in range(40)]
    specs += [{"value": -50.0, "date": None}, {"value": -40.0, "date": None}]
    results_on(wer, specs, author=contributor, editor=editor, concept=concept)
    monkeypatch.setattr("results.chart.POINTS_PER_SERIES", 15)

    with django_assert_max_num_queries(7):
        html = client.get(reverse("results:benchmark", args=[wer.slug])).content.decode()

    assert html.count('class="chart-point') == 15
    assert "15 of 40 dated, confirmed levels" in html
    assert "Best stated: <strong>-50%</strong>" in html  # undated: in the table, not drawn
    assert "Show all 42 results under this protocol" in html


def test_a_mark_renders_again_only_the_compact_lines_it_changed(
    client, contributor, editor, concept, mmlu, wer, monkeypatch
):
    """Each line of a compact table is kept under what it shows (results/table_page.py):
    after a mark, the line whose best it changed shows the new level, and only it is
    rendered again."""
    made = three_groups(contributor, editor, concept, mmlu, wer)
    monkeypatch.setattr(selectors, "ROWS_ON_PAGE", 4)
    url = reverse("results:concept_results", args=[concept.slug])

    def lines_rendered(response) -> int:
        return sum(t.name == "results/_best_line.html" for t in response.templates)

    first = client.get(url)
    assert lines_rendered(first) == 3
    best = made[-1]  # 92.0, the 0-shot group's best stated
    assert "badge-evidence-abstract_only" in first.content.decode()

    claim_mark(claim=Claim.objects.get(pk=best.claim_id), by=editor,
               evidence=Evidence.SECONDARY, caveats=[])  # fmt: skip
    after = client.get(url)

    assert lines_rendered(after) == 1
    html = after.content.decode()
    line = html[html.index(f"#claim-{best.claim_id}") :]
    assert "badge-evidence-secondary" in line[: line.index("</td>")]
    assert html.count("<tr>") == first.content.decode().count("<tr>")
