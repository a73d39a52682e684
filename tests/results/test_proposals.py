from __future__ import annotations

import pytest
from django.core.management import call_command

from entries.models import EntryStatus
from entries.review.workflow import TransitionRefused, entry_transition
from entries.writing.services import ClaimData, entry_update
from results.models import Benchmark, Result, ResultStatus
from results.services import CONFIRM, DISCARD, result_decide
from tests.results.conftest import write_entry

pytestmark = pytest.mark.django_db


def test_claim_written_proposes_its_figures(contributor, concept, mmlu, paper):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
    )

    result = Result.objects.get(claim__entry=entry)

    assert (result.status, result.value, result.benchmark, result.unit) == (
        ResultStatus.PROPOSED,
        58.2,
        mmlu,
        "%",
    )
    assert result.paper == paper
    assert result.date == entry.date
    assert result.words["value"] == "58.2%"


def test_a_figure_without_a_unit_takes_its_benchmarks_and_a_change_of_a_share_is_points(
    contributor, concept, mmlu
):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It scores 61.0 on MMLU, +4.5 over SFT."]
    )

    level, change = Result.objects.filter(claim__entry=entry).order_by("position")

    assert (level.value, level.unit) == (61.0, "%")
    assert (change.value, change.unit, change.baseline_name) == (4.5, "pp", "SFT")


def test_an_abbreviation_the_entrys_other_claims_spell_out_is_no_benchmark(contributor, concept):
    """ "in SFR" after another claim of the entry spoke of "self-filtered rollouts": a
    regime, not a place a figure was measured."""
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=[
            "The method keeps every earlier result out of self-filtered rollouts.",
            "It raises the small model from 31.0% to 39.5% in SFR.",
        ],
    )

    (result,) = Result.objects.filter(claim__entry=entry)

    assert (result.value, result.benchmark_name) == (39.5, "")


def test_a_count_out_of_a_total_takes_no_unit_from_its_benchmark(contributor, concept, mmlu):
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=["On MMLU the merged model wins 41 of 57 subject categories."],
    )

    count = Result.objects.get(claim__entry=entry)

    assert (count.value, count.unit, count.metric) == (41.0, "", "subject categories")
    assert count.words["value"] == "41 of 57"


def test_benchmark_alias_resolves_a_proposal(contributor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["Scores 70% on Mmlu-5shot."])

    assert Result.objects.get(claim__entry=entry).benchmark == mmlu


def test_edit_keeps_decided_results_still_stated_and_replaces_proposals(
    contributor, editor, concept, mmlu
):
    entry = write_entry(
        author=contributor,
        concept=concept,
        texts=["It reaches 58.2% on MMLU and 40% on GSM8K."],
        submit=False,
    )
    confirmed = Result.objects.get(claim__entry=entry, value=58.2)
    result_decide(result=confirmed, by=editor, decision=CONFIRM)
    claim = entry.claims.get()
    entry.refresh_from_db()

    entry_update(
        entry=entry,
        by=contributor,
        date=entry.date,
        headline=entry.headline,
        lead="",
        topics=[concept],
        claims=[ClaimData(text="It reaches 58.2% on MMLU and 45% on GSM8K.", pk=claim.pk)],
    )

    rows = sorted(Result.objects.filter(claim=claim).values_list("value", "status"))
    assert rows == [(45.0, ResultStatus.PROPOSED), (58.2, ResultStatus.CONFIRMED)]
    assert Result.objects.get(value=58.2).pk == confirmed.pk


def test_edit_drops_a_decided_result_its_text_no_longer_states(contributor, editor, concept, mmlu):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], submit=False
    )
    result_decide(result=Result.objects.get(), by=editor, decision=CONFIRM)
    claim = entry.claims.get()
    entry.refresh_from_db()

    entry_update(
        entry=entry, by=contributor, date=entry.date, headline=entry.headline, lead="",
        topics=[concept], claims=[ClaimData(text="It reaches 60% on MMLU.", pk=claim.pk)],
    )  # fmt: skip

    assert list(Result.objects.values_list("value", "status")) == [(60.0, ResultStatus.PROPOSED)]


def test_approval_refused_while_a_result_is_undecided(contributor, editor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])

    with pytest.raises(TransitionRefused, match="1 proposed result is still undecided"):
        entry_transition(entry=entry, to=EntryStatus.PUBLISHED, by=editor, version=entry.version)

    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


def test_decided_results_let_the_entry_be_approved(contributor, editor, concept, mmlu):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU and 40% on GSM8K."]
    )
    result_decide(result=Result.objects.get(value=58.2), by=editor, decision=CONFIRM)
    result_decide(result=Result.objects.get(value=40), by=editor, decision=DISCARD)
    entry.refresh_from_db()

    published = entry_transition(
        entry=entry, to=EntryStatus.PUBLISHED, by=editor, version=entry.version
    )

    assert published.status == EntryStatus.PUBLISHED
    assert list(Result.objects.published().values_list("value", flat=True)) == [58.2]


def test_a_decision_moves_the_entry_version_on(contributor, editor, concept, mmlu):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    seen = entry.version

    result_decide(result=Result.objects.get(), by=editor, decision=CONFIRM, seen_version=seen)

    entry.refresh_from_db()
    assert entry.version == seen + 1


def test_revision_keeps_the_confirmed_results_of_unchanged_claims(
    contributor, editor, other_editor, concept, mmlu
):
    entry = write_entry(author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."])
    result_decide(result=Result.objects.get(), by=editor, decision=CONFIRM)
    entry.refresh_from_db()
    entry = entry_transition(entry=entry, to="published", by=editor, version=entry.version)
    claim = entry.claims.get()

    revision = entry_update(
        entry=entry, by=contributor, date=entry.date, headline="A new headline", lead="",
        topics=[concept], claims=[ClaimData(text="It reaches 58.2% on MMLU.", pk=claim.pk)],
    )  # fmt: skip
    revision = entry_transition(entry=revision, to="pending", by=contributor)
    entry_transition(entry=revision, to="published", by=other_editor, version=revision.version)

    assert list(Result.objects.published().values_list("claim_id", "value")) == [(claim.pk, 58.2)]


def test_import_published_publishes_its_results(tmp_path, db):
    notes = tmp_path / "lm.md"
    notes.write_text(
        "# Language Models\n\n## Definition\n\nModels of text.\n\n"
        "## State of the Art (2026-03-02)\n\n"
        "A study (arXiv:2603.01234) reaches 58.2% on MMLU with a small model.\n",
        encoding="utf-8",
    )

    call_command("import_notes", str(notes), "--status", "published")

    result = Result.objects.get()
    assert result.status == ResultStatus.CONFIRMED
    assert result.benchmark == Benchmark.objects.get(name="MMLU")
    assert list(Result.objects.published()) == [result]


def test_import_as_pending_leaves_results_proposed(tmp_path, db):
    notes = tmp_path / "lm.md"
    notes.write_text(
        "# Language Models\n\n## Definition\n\nModels of text.\n\n"
        "## State of the Art (2026-03-02)\n\nA study reaches 58.2% on MMLU.\n",
        encoding="utf-8",
    )

    call_command("import_notes", str(notes), "--status", "pending")

    assert list(Result.objects.values_list("status", flat=True)) == [ResultStatus.PROPOSED]


def test_progress_points_put_better_values_higher_either_way():
    import datetime as dt

    from core.charts import progress_points

    rows = [
        ("5-shot", dt.date(2026, 1, 1), 10.0, "circle", "/a", "a"),
        ("5-shot", dt.date(2026, 2, 1), 20.0, "square", "/b", "b"),
        ("0-shot", dt.date(2026, 3, 1), 15.0, "triangle", "/c", "c"),
    ]

    higher, series, _, _ = progress_points(rows, lower_is_better=False)
    lower, _, _, _ = progress_points(rows, lower_is_better=True)

    assert higher[1].y < higher[0].y  # 20 drawn above 10 (SVG y grows downwards)
    assert lower[0].y < lower[1].y  # 10 drawn above 20 when lower is better
    assert [s.label for s in series] == ["5-shot", "0-shot"]
    assert [p.x for p in higher] == sorted(p.x for p in higher)


def test_date_ticks_never_repeat_a_label():
    import datetime as dt

    from core.charts import progress_points

    def ticks(first, last):
        rows = [("", first, 1.0, "circle", "/a", "a"), ("", last, 2.0, "circle", "/b", "b")]
        return [t.value for t in progress_points(rows, lower_is_better=False)[3]]

    short = ticks(dt.date(2026, 7, 7), dt.date(2026, 9, 22))
    long = ticks(dt.date(2024, 1, 1), dt.date(2026, 1, 1))
    assert len(short) == len(set(short)) == 4 and short[0] == "2026-07-07"
    assert long == ["2024-01", "2024-08", "2025-05", "2026-01"]


def test_the_best_is_a_level_never_a_change_nor_another_unit():
    from results.models import Result, best_of

    level = Result(value=72.87, unit="%", words={"value": "72.87%"})
    gain = Result(value=88.0, unit="pp", words={"value": "+88 points"})
    signed = Result(value=90.0, unit="%", words={"value": "+90%"})
    other_unit = Result(value=99.0, unit="ms", words={"value": "99 ms"})
    lower = Result(value=70.1, unit="%", words={"value": "70.1%"})
    assert best_of([gain, level, signed, lower], "higher") is level
    assert best_of([level, lower, other_unit], "lower") is lower
    assert best_of([gain, signed], "higher") is None
