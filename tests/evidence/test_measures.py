"""Measures known by their abbreviations: one name per measure, and which way is better."""

from pathlib import Path

import pytest

from evidence import metric_direction, results_in
from evidence.measures import ABBREVIATIONS, MeasureError, better, comparable, load, spelt_out


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ("WER", "word error rate (WER)"),
        ("word error rate", "word error rate (WER)"),
        ("median OS", "median overall survival (OS)"),
        ("ORR RECIST 1.1", "objective response rate (ORR) RECIST 1.1"),
        (
            "CMIP6 multi-model mean ECS",
            "CMIP6 multi-model mean equilibrium climate sensitivity (ECS)",
        ),
        ("word error rate (WER)", "word error rate (WER)"),
        # only the head of a name is spelt out; an abbreviation qualifying another stays
        ("ORR half-wave potential", "ORR half-wave potential"),
        ("WER on noisy speech", "WER on noisy speech"),
        # a full name of one word takes no abbreviation
        ("top-1 accuracy", "top-1 accuracy"),
        ("HR", "HR"),  # hazard ratio or heart rate: left as written
    ],
)
def test_a_measure_is_named_in_full_with_its_abbreviation(written, named):
    assert spelt_out(written) == named
    assert spelt_out(named) == named


def test_two_names_of_one_measure_compare_equal_wherever_the_abbreviation_stands():
    assert comparable("MAPE of weekly admissions") == (
        "mean absolute percentage error (MAPE) of weekly admissions"
    )
    assert comparable("mean absolute percentage error") == comparable("MAPE")


@pytest.mark.parametrize(
    ("metric", "direction"),
    [
        ("FID", "lower"),
        ("Fréchet inception distance (FID)", "lower"),
        ("PSNR", "higher"),
        ("peak signal-to-noise ratio (PSNR)", "higher"),
        ("attack success rate", "lower"),
        ("median overall survival (OS)", "higher"),
        ("equilibrium climate sensitivity (ECS)", ""),
        ("HbA1c", "lower"),
        ("placebo-adjusted HbA1c reduction", "higher"),  # a fall in a measure better low
    ],
)
def test_which_way_is_better_comes_from_the_measure_whichever_name_it_has(metric, direction):
    assert metric_direction(metric) == direction


def test_a_measure_the_file_does_not_name_is_left_to_the_rules():
    assert better("trip length") is None
    assert metric_direction("word error rate on noisy speech") == "lower"


def test_a_proposed_result_names_its_measure_in_full_and_keeps_the_words_it_came_from():
    (result,) = results_in("Whisper large-v3 reaches 3.9% WER on LibriSpeech test-other.")
    assert (result.metric, result.words["metric"]) == ("word error rate (WER)", "WER")
    assert result.direction == "lower"


def test_every_entry_has_a_name_and_a_direction():
    names, better_by = load()
    assert names == ABBREVIATIONS
    assert set(better_by.values()) <= {"higher", "lower", ""}


@pytest.mark.parametrize(
    "text",
    [
        "[abbreviations]\nWER = 'word error rate'\n",  # no direction
        "[abbreviations]\nWER = { name = '', better = 'lower' }\n",
        "[abbreviations]\nWER = { name = 'word error rate', better = 'down' }\n",
        "[abbreviations]\n'two words' = { name = 'x y', better = '' }\n",
        "[measures]\n",
        "[abbreviations\n",
    ],
)
def test_a_malformed_file_stops_the_engine_with_a_message(tmp_path: Path, text):
    path = tmp_path / "measures.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MeasureError, match=r"measures\.toml"):
        load(path)
