from __future__ import annotations

import re
import time

import pytest

from evaluation.results import (
    DEV,
    evaluate,
    load,
    main,
    named_directions,
    same_baseline,
    second_reading,
    words_match,
)
from evidence import ResultDraft, metric_direction, normalise_protocol, results_in


def test_results_in_reads_a_change_from_one_value_to_another():
    (latency, speedup) = results_in(
        "Speculative decoding cut median latency from 41 ms to 17 ms per token on a single "
        "H100 (batch size 1), a 2.4x speedup."
    )
    assert (latency.value, latency.unit, latency.metric) == (17.0, "ms", "median latency")
    assert (latency.baseline_value, latency.direction) == (41.0, "lower")
    assert latency.protocol == "batch size 1"
    assert latency.words["value"] == "17 ms"
    assert (speedup.value, speedup.unit, speedup.direction) == (2.4, "x", "higher")


def test_results_in_reads_metric_benchmark_and_split():
    wer, other = results_in(
        "Whisper-large-v3 gets 2.0% WER on LibriSpeech test-clean and 3.9% on test-other."
    )
    assert (wer.value, wer.unit, wer.metric, wer.benchmark) == (
        2.0,
        "%",
        "word error rate (WER)",
        "LibriSpeech",
    )
    assert wer.direction == "lower"
    assert "test-clean" in wer.protocol
    assert wer.words["benchmark"] == "LibriSpeech"
    assert other.value == 3.9


def test_results_in_reads_a_baseline_after_vs():
    (result,) = results_in(
        "Pangu-Weather 7-day Z500 ACC: 0.82 (ERA5 test year 2018) vs 0.79 for IFS."
    )
    assert (result.value, result.baseline_value, result.baseline_name) == (0.82, 0.79, "IFS")
    assert result.benchmark == "ERA5"


def test_results_in_reads_a_fold_change_over_a_named_baseline():
    (fold, *_rest) = results_in(
        "Phase 2 (n=60): 3-fold rise in neutralising antibody titres over the licensed vaccine."
    )
    assert (fold.value, fold.unit) == (3.0, "x")
    assert fold.baseline_name == "the licensed vaccine"


def test_results_in_gives_no_result_for_setup_numbers():
    assert (
        results_in(
            "The 7B model was trained on 2T tokens with learning rate 3e-4 and a 4,096-token "
            "context; evaluation uses 500 held-out tasks released in June 2025."
        )
        == []
    )
    assert results_in("In STEP-HFpEF (n = 529), patients got semaglutide 2.4 mg weekly.") == []


def test_results_in_skips_intervals_and_uncertainties():
    (result,) = results_in("The ECS is 3.7 K (5–95% range 2.0–5.6 K).")
    assert (result.value, result.unit) == (3.7, "K")
    (h0,) = results_in("Planck gives H0 = 67.4 ± 0.5 km/s/Mpc.")
    assert (h0.value, h0.metric, h0.unit) == (67.4, "Hubble constant (H0)", "km/s/Mpc")


def test_metric_direction_reads_which_way_is_better():
    assert metric_direction("accuracy") == "higher"
    assert metric_direction("word error rate") == "lower"
    assert metric_direction("perplexity") == "lower"
    assert metric_direction("attack success rate") == "lower"
    assert metric_direction("30-day mortality") == "lower"
    assert metric_direction("relative risk reduction", "%") == "higher"
    assert metric_direction("remnant mass", "M☉") == ""
    # an error or a spread is better small, whatever it is of, a magnitude or a parallax
    assert metric_direction("voltage magnitude error", "%") == "lower"
    assert metric_direction("parallax uncertainty", "mas") == "lower"
    assert metric_direction("stellar magnitude") == ""


def test_normalise_protocol_groups_spellings_together():
    assert normalise_protocol("5-shot") == normalise_protocol("5 shot")
    assert normalise_protocol("Test-Clean") == "test clean"


def test_words_match_folds_case_and_accepts_whole_word_containment():
    assert words_match("AIME 2024", "aime-2024")
    assert words_match("accuracy", "AIME 2024 accuracy")
    assert not words_match("acc", "accuracy")
    assert words_match("", "")
    assert not words_match("", "MMLU")


def test_results_evaluation_runs_on_the_dev_half(capsys):
    scores = evaluate(load([DEV]))
    assert scores["all"].claims == 80
    assert scores["all"].matched > 0
    assert main(["--dev"]) == 0
    assert "machine learning" in capsys.readouterr().out


def test_a_second_reading_of_the_dev_half_is_scored_like_the_rules(capsys):
    """Two readers find the same values; the words they give each value differ more."""
    scores = second_reading(load([DEV]))["all"]
    assert (scores.claims, scores.labelled) == (80, 113)
    assert scores.values > 0.95
    assert scores.benchmarks < scores.metrics < scores.values
    assert 0.5 < scores.models < 1 and 0.5 < scores.baselines < 1
    assert main(["--agreement"]) == 0
    out = capsys.readouterr().out
    assert "second reader" in out and "model  base" in out


def test_a_baseline_is_right_when_its_figure_and_its_name_both_are():
    label = {"baseline_value": 48.6, "baseline_name": "standard care"}
    draft = ResultDraft(value=75.9, baseline_value=48.6, baseline_name="standard care")
    assert same_baseline(label, draft)
    assert not same_baseline(label, ResultDraft(value=75.9, baseline_name="standard care"))
    assert not same_baseline(label, ResultDraft(value=75.9, baseline_value=48.6))
    assert same_baseline({"baseline_value": None}, ResultDraft(value=1.0))


def test_results_in_reads_a_bound_or_a_condition_as_no_result():
    assert results_in("Adults with BMI ≥ 27 were enrolled.") == []
    assert results_in("Crystals were grown by Bridgman at 2 mm/h.") == []
    assert results_in("The powder was annealed for 12 h in air.") == []
    (skill,) = results_in(
        "The model keeps a correlation above 0.5 out to 9 months, a skill of 0.7."
    )
    assert skill.value == 0.7


def test_results_in_gives_a_relative_figure_the_measure_just_stated():
    rmse, relative = results_in(
        "The nowcast has an RMSE of 0.52 pp on the test quarters, 18% lower than the survey."
    )
    assert (rmse.metric, relative.metric) == ("root mean square error (RMSE)",) * 2
    assert relative.direction == "lower"


def test_results_in_reads_a_previous_best_as_the_baseline_not_a_result():
    (result,) = results_in(
        "Agents reach 41.0% success on WebArena, above the previous best of 35.2%."
    )
    assert (result.value, result.baseline_value) == (41.0, 35.2)


def test_results_in_names_the_measure_a_share_is_of():
    (share,) = results_in("The coating retains 88% of its conductivity after bending.")
    assert share.metric == "conductivity"
    _sink, absorbed = results_in("The ocean sink was 2.8 GtC/yr, absorbing about 26% of emissions.")
    assert absorbed.metric == ""


def test_results_in_reads_a_second_source_of_the_same_measure():
    _h0, tension, other = results_in(
        "The TRGB method gives H0 = 69.8 km/s/Mpc, in 1σ tension with the CCHP value of 70.4."
    )
    assert (other.metric, other.benchmark) == ("Hubble constant (H0)", "CCHP")
    assert tension.direction == ""
    assert other.direction == ""


def test_results_in_reads_a_score_after_an_acronym_in_a_list():
    first, second = results_in("The model scores LiveCodeBench pass@1 31.2, APPS 44.9 (4-shot).")
    assert (first.benchmark, first.metric) == ("LiveCodeBench", "pass@1")
    assert (second.value, second.benchmark, second.metric) == (44.9, "APPS", "")


def test_results_in_keeps_setting_lists_and_reference_periods_apart_from_results():
    (result,) = results_in("Skill (ERA5, 2021 test year, 0.25°): Z500 RMSE at day 5, 310 m²/s².")
    assert result.value == 310
    (anomaly,) = results_in("Mean temperature was 1.2 °C above the 1951–1980 average.")
    assert "1951–1980" in anomaly.protocol


def test_metric_direction_has_no_better_for_measurements_of_the_world():
    assert metric_direction("orbital period", "d") == ""
    assert metric_direction("price elasticity of demand") == ""
    assert metric_direction("band gap", "eV") == ""
    assert metric_direction("30-day readmissions", "%") == "lower"
    assert metric_direction("Brier score") == "lower"


def test_results_in_pairs_slash_baselines_with_results_in_order():
    recall, precision = results_in(
        "Recall 81.0% and precision 77.5% for the tagger on the news test set, "
        "against the rule system's 70.2% / 74.9%."
    )
    assert (recall.baseline_value, precision.baseline_value) == (70.2, 74.9)


def test_results_in_reads_the_measure_past_a_time_point_and_a_change_noun():
    fold, rate = results_in(
        "A 4-fold rise in serum antibody levels over the comparator; response at week 12 was "
        "63.0% vs 40.1%."
    )
    assert fold.metric == "serum antibody levels"
    assert (rate.metric, rate.baseline_value) == ("response", 40.1)


def test_results_in_reads_media_targets_and_bounds_as_conditions():
    (overpotential,) = results_in(
        "In 1 M KOH the NiFe catalyst needs 230 mV overpotential to reach 10 mA/cm²."
    )
    assert (overpotential.value, overpotential.metric) == (230, "overpotential")
    (time_below,) = results_in("With the pump, time below 54 mg/dL fell to 0.9%.")
    assert time_below.metric == "time below 54 mg/dL"


def test_results_in_reads_the_subject_as_a_collection_or_object():
    (ecs, *_rest) = results_in(
        "The CMIP5 ensemble gives an equilibrium climate sensitivity of 3.2 K, lower than the "
        "3.7 K of CMIP6."
    )
    assert (ecs.benchmark, ecs.baseline_value, ecs.baseline_name) == (
        "CMIP5 ensemble",
        3.7,
        "CMIP6",
    )
    radius, temperature = results_in(
        "Exoplanet Kepler-138 d: radius 1.5 R⊕, equilibrium temperature 350 K."
    )
    assert radius.benchmark == temperature.benchmark == "Kepler-138 d"
    assert temperature.value == 350


def test_results_in_protocol_holds_population_split_and_design():
    (result,) = results_in(
        "Relapse fell to 12% with the drug, from 20%, in the per-protocol analysis (stratified)."
    )
    assert "per-protocol" in result.protocol
    (effect,) = results_in("A 10% rise in rents cut mobility by 2.1% in the border-county design.")
    assert effect.protocol == "border-county design"
    assert effect.value == 2.1


def test_results_in_leaves_a_bare_significance_unnamed():
    _flux, significance = results_in(
        "The neutrino flux measured by the detector is 3.1 × 10^6 cm⁻² s⁻¹, ruling out its "
        "absence at 4.2σ."
    )
    assert (significance.value, significance.metric) == (4.2, "")


def test_results_in_reads_hostile_text_in_bounded_time():

    for text in (
        "12.5 " * 200_000,
        "7" * 1_000_000,
        "accuracy of 3.5% vs 2.1% / 4.0% (on the X-1 test set, 5-shot) " * 500,
        "(1.5%, a, " * 3_000,
    ):
        started = time.perf_counter()
        results_in(text)
        assert time.perf_counter() - started < 1.0  # read as far as the grammar reads


def test_a_citation_is_never_a_protocol():
    (cited,) = results_in("At 5-shot, arXiv:2608.19197 reports 71.2% accuracy on MMLU.")
    (linked,) = results_in("On MMLU, accuracy reaches 72.9% (source).")
    assert "2608.19197" not in cited.protocol and "5-shot" in cited.protocol
    assert linked.protocol == ""


def test_a_verb_carrying_the_figure_is_not_its_measure():
    (result,) = results_in("Rubric rewards beat a scalar model, reaching 71.5% on RubricBench.")
    assert (result.metric, result.value, result.benchmark) == ("", 71.5, "RubricBench")


def test_a_thousands_separator_stays_inside_a_setting():
    (fade,) = results_in(
        "The interlayer cuts capacity fade to 0.03% per cycle over 2,500 cycles at 1C."
    )
    assert fade.protocol == "over 2,500 cycles at 1C"


def test_units_of_other_fields_are_read_as_units():
    (flow,) = results_in("Overturning strength at the array averaged 15.2 Sv for 2005–2020.")
    (rate,) = results_in("The filter forwards 21.3 Mpps per core.")
    assert (flow.value, flow.unit, flow.benchmark) == (15.2, "Sv", "")
    assert (rate.value, rate.unit) == (21.3, "Mpps")


def test_the_object_a_sentence_measures_is_its_benchmark():
    (lag,) = results_in(
        "Reverberation mapping of NGC 4151 gives a black-hole mass of 3.4 × 10^7 M☉."
    )
    (hr,) = results_in("EMPA-HF (3,730 patients): the drug gave a hazard ratio of 0.75.")
    (plain,) = results_in("Malaria: the vaccine gives 71% efficacy.")
    assert lag.benchmark == "NGC 4151"
    assert hr.benchmark == "EMPA-HF"
    assert plain.benchmark == ""


def test_the_subject_before_its_verb_names_the_measure():
    (ozone,) = results_in("Ozone at the coastal station averaged 41.3 ppb in 2023.")
    (days,) = results_in("Marine heatwave days in the Baltic tripled: 48 days per year.")
    assert (ozone.value, ozone.metric) == (41.3, "Ozone")
    assert (days.value, days.metric) == (48.0, "Marine heatwave days")


def test_words_comparing_a_value_do_not_name_its_measure():
    results = results_in("The new schedule cut water use by 31% relative to continuous flooding.")
    assert [r.metric for r in results] != ["relative"]
    assert results[0].value == 31


def test_a_measured_duration_is_a_result_and_a_study_length_is_not():
    (lead,) = results_in("The model gives a median lead time of 6 days over reported cases.")
    assert (lead.value, lead.unit, lead.metric) == (6.0, "days", "median lead time")
    assert results_in("Patients were followed for 3 years.") == []


def test_throughput_units_are_units():
    *_, qps = results_in("At recall@10 = 0.95, the index serves 8,700 QPS on 16 threads.")
    assert (qps.value, qps.unit) == (8700.0, "QPS")


def test_directions_of_measures_from_other_fields():
    assert metric_direction("equal error rate (EER)") == "lower"
    assert metric_direction("p99 pause") == "lower"
    assert metric_direction("method detection limit", "ng/L") == "lower"
    assert metric_direction("median progression-free survival", "months") == "higher"
    assert metric_direction("benefit-cost ratio") == "higher"
    assert metric_direction("reaction mass efficiency", "%") == "higher"
    assert metric_direction("", "QPS") == "higher"


def test_a_period_a_machine_and_a_population_set_the_protocol():
    (rise,) = results_in("Sea level in the basin rose 3.9 mm/yr over 2010–2020.")
    (smokers,) = results_in("Smoking prevalence among Welsh adults fell to 12.4% in 2023.")
    (speed,) = results_in("The kernel reaches 310 tokens/s on a single H100 GPU.")
    assert "over 2010–2020" in rise.protocol
    assert "among Welsh adults" in smokers.protocol
    assert "on a single H100 GPU" in speed.protocol


def test_a_change_stated_with_words_between_its_ends_is_one_result():
    (share,) = results_in("Female participation jumped from 17.4% in 2017 to 35.5% in 2023.")
    (rate,) = results_in("The bleeding rate went from 4.19 during lead-in to 1.51 afterwards.")
    assert (share.value, share.baseline_value) == (35.5, 17.4)
    assert (rate.value, rate.baseline_value, rate.metric) == (1.51, 4.19, "bleeding rate")


def test_a_figure_a_result_edges_out_is_its_baseline():
    (result,) = results_in("The model reaches co-smoothing of 0.38, edging out NDT's 0.35.")
    assert (result.value, result.baseline_value) == (0.38, 0.35)


def test_the_second_of_two_conditions_is_no_result():
    (rate,) = results_in("The catalyst gives an NH3 rate of 21.7 mmol g⁻¹ h⁻¹ at 350 °C and 2 MPa.")
    assert rate.value == 21.7


def test_an_acronym_of_the_measure_is_no_benchmark():
    *_, hits = results_in(
        "The continuous ranked probability skill score (CRPSS) averaged 0.38 at a 3-day "
        "lead. Peak timing errors stayed within 2 days for 64% of stations."
    )
    assert hits.value == 64 and hits.benchmark == ""


def test_a_figure_under_another_condition_is_a_result_of_its_own():
    real, sim = results_in(
        "Success on the stairs is 74% on the real robot, versus 93% in simulation."
    )
    assert (real.value, real.baseline_value) == (74.0, None)
    assert sim.value == 93.0 and "in simulation" in sim.protocol


def test_a_figure_something_is_kept_at_is_a_result():
    (spacing,) = results_in("The system kept stitch spacing consistency at 0.5 mm (SD).")
    assert (spacing.value, spacing.unit) == (0.5, "mm")


def test_a_model_named_with_its_size_is_no_benchmark():
    (asr,) = results_in(
        "Attack success falls from 91.0% to 7.5% on Llama-3.1-70B, weights released."
    )
    assert (asr.value, asr.benchmark) == (7.5, "")


def test_the_words_of_a_cited_title_are_no_benchmark():
    (result,) = results_in(
        "This is behind Scaling Agents: Black-Box RL on Tool Harness (arXiv:2608.10001), "
        "which reports 61.2%."
    )
    assert (result.value, result.benchmark) == (61.2, "")


def test_of_before_a_number_ends_a_place_name():
    (height,) = results_in("Buoys give a wave height at the Cape of 4.1 m.")
    assert (height.value, height.benchmark) == (4.1, "Cape")


def test_a_place_keeps_its_adjective_and_a_sum_of_money_is_no_place():
    *_, enrolment = results_in(
        "A grant of EUR 2,500 in northern Ghana raised school enrolment by 6 pp."
    )
    assert (enrolment.value, enrolment.benchmark) == (6, "northern Ghana")


def test_the_data_a_figure_is_drawn_from_is_its_benchmark():
    (s8,) = results_in("Cluster counts from the SPT-3G 2019 survey give S8 = 0.79.")
    assert "SPT-3G" in s8.benchmark
    (fit,) = results_in("Orbit fits to Hipparcos-2 give a binary mass of 2.3 M☉.")
    assert fit.benchmark == "Hipparcos-2"


def test_where_a_thing_comes_from_is_no_benchmark():
    (rate,) = results_in("The soft gripper from ETH Zurich had a pick success rate of 91%.")
    assert (rate.value, rate.benchmark) == (91, "")


def test_a_season_is_a_period_unless_it_names_a_place():
    (error,) = results_in("Forecast error fell to 12% in the 2022 dry season.")
    assert error.benchmark == ""
    (track,) = results_in("Track error fell to 80 km in the 2024 Pacific season.")
    assert track.benchmark == "the 2024 Pacific season"


def test_a_figure_compared_against_after_the_results_is_their_baseline():
    tail, single = results_in(
        "The new scheduler keeps tail latency at 3.2 ms with 91% utilisation, versus 9.8 ms "
        "for CFS."
    )
    assert (tail.value, tail.baseline_value, tail.baseline_name) == (3.2, 9.8, "CFS")
    assert single.value == 91 and single.baseline_value is None
    (error,) = results_in("Our forecaster's peak error is 7.1 days, roughly half the panel's 14.0.")
    assert (error.value, error.baseline_value, error.baseline_name) == (7.1, 14.0, "panel")


def test_whose_measure_it_is_names_the_model_not_the_measure():
    (error,) = results_in("The ensemble's mean absolute error is 0.42 K on the 2024 test year.")
    assert (error.metric, error.model) == ("mean absolute error (MAE)", "ensemble")


def test_a_version_after_a_name_is_no_result():
    drafts = results_in("Silicon probes (Neuropixels 2.0 shanks) gave 92% single-unit yield.")
    assert [d.value for d in drafts] == [92]


def test_figures_of_a_sentence_that_tells_the_set_up_are_settings():
    assert results_in("Cells were cultured in 10% FBS and imaged at 920 nm, 30 Hz frames.") == []
    (found,) = results_in(
        "Slices were incubated at 34 °C; the drug reduced firing rate by 38% relative to vehicle."
    )
    assert found.value == 38


def test_a_value_something_is_stated_to_be_at_is_a_result():
    (age,) = results_in("Isochrone fits place the cluster age at 640 Myr.")
    assert age.value == 640 and "640" not in age.protocol
    (delay,) = results_in("The controller keeps median delay at 2.5 ms on a 40 Gb/s link.")
    assert delay.value == 2.5 and delay.protocol == "on a 40 Gb/s link"


def test_a_unit_is_no_measure_name():
    (burial,) = results_in("Mangroves show soil carbon burial of 0.42 t C per ha per year.")
    assert burial.metric == "soil carbon burial"
    first, _flux = results_in(
        "Restored marshes bury 0.61 t C per ha per year, with methane flux of 0.2 g/m² per day."
    )
    assert first.metric == ""


def test_a_bracket_that_describes_a_thing_or_a_spread_names_no_benchmark():
    (conversion,) = results_in(
        "The best cells hold a conversion efficiency of 31% (Ag/ITO back contact)."
    )
    assert conversion.benchmark == ""
    (spacing,) = results_in("The robot kept stitch spacing at 0.3 mm (IQR) in 6 trials.")
    assert spacing.benchmark == ""
    (skill,) = results_in("Forecast skill reaches an ACC of 0.71 (ERA5 test year 2021).")
    assert skill.benchmark == "ERA5"


def test_a_bracket_after_a_named_benchmark_is_its_part_not_another_benchmark():
    (score,) = results_in(
        "A decoder trained on the Motor Cortex Challenge (MC_RTT, 20 ms bins) reaches an R² "
        "of 0.64."
    )
    assert score.benchmark == "Motor Cortex Challenge"


def test_a_heading_that_is_a_name_is_the_benchmark_of_its_sentence():
    (orr,) = results_in("BEACON-12 expansion cohort: ORR 38% at the recommended dose.")
    assert orr.benchmark == "BEACON-12 expansion cohort"
    (score,) = results_in("LongBench-v2 hard split — the agent scores 41.7 with retrieval.")
    assert score.benchmark.startswith("LongBench-v2")
    (topic,) = results_in("Legged robots: the controller reaches 92% success on stairs.")
    assert topic.benchmark == ""
    (phase,) = results_in("Phase 3 (n=410): HbA1c fell by 1.4 points at week 26.")
    assert phase.benchmark == ""


def test_an_acronym_leading_a_heading_is_its_benchmark_and_the_words_after_it_the_occasion():
    (demand, reserve) = results_in("PJM summer 2025 peak: 151 GW load with 19.2% reserve margin.")
    assert (demand.value, demand.benchmark) == (151.0, "PJM")
    assert (reserve.value, reserve.metric, reserve.benchmark) == (19.2, "reserve margin", "PJM")
    (rate,) = results_in("BRFSS 2022 adults: obesity prevalence 33.6%.")
    assert rate.benchmark == "BRFSS"
    # A method, a task or a dose leads the heading: no benchmark.
    (lod,) = results_in("GC-MS method for phthalates: LOD 0.4 ng/mL.")
    assert lod.benchmark == ""
    (change,) = results_in("Orforglipron 36 mg: mean weight change −12.4% at week 72.")
    assert change.benchmark == ""


def test_a_figure_of_the_control_group_is_the_baseline_of_the_result_before_it():
    (drop,) = results_in("Mean LDL-C fell 58 mg/dL with inclisiran, 4 mg/dL on placebo.")
    assert (drop.value, drop.baseline_value, drop.baseline_name) == (58.0, 4.0, "placebo")
    (rate,) = results_in("Remission was 41% at week 12 vs 19% in the control arm.")
    assert (rate.value, rate.baseline_value) == (41.0, 19.0)


def test_cycles_run_a_target_set_or_an_assumption_are_conditions_not_results():
    (retention,) = results_in("The coated cathode keeps 88% capacity after 800 cycles at 2C.")
    assert (retention.value, retention.metric) == (88.0, "capacity")
    (coverage,) = results_in("Measles coverage reached 91.3% in 2024, below the 95% target.")
    assert coverage.value == 91.3
    (ratio,) = results_in("Cure rate 88.1% vs 89.0%, non-inferior at a 10% margin.")
    assert ratio.value == 88.1
    assert results_in("Storage model: round-trip efficiency assumed 85% throughout.") == []


def test_a_set_up_heading_a_composition_and_an_interval_in_brackets_state_no_result():
    assert results_in("Training recipe: 90 epochs, batch 2048, label smoothing 0.1.") == []
    assert results_in("Field campaign plan: 4 weeks at 1 Hz, inlet 20 m above ground.") == []
    (efficiency,) = results_in("With 2 M LiTFSI and 3% Al doping the cell holds 97.2% efficiency.")
    assert efficiency.value == 97.2
    (effect,) = results_in("The replication found d = 0.07 [−0.02, 0.16] across 20 labs.")
    assert effect.value == 0.07


def test_measures_listed_after_one_benchmark_share_it_and_a_test_standard_is_one():
    first, second = results_in(
        "FaceNet-B on CFP-FP: verification accuracy 97.1% (frontal), 94.4% (profile)."
    )
    assert first.benchmark == second.benchmark == "CFP-FP"
    strength, modulus = results_in(
        "Mix B, tested to ASTM C39: compressive strength 61 MPa, modulus 38 GPa."
    )
    assert strength.benchmark == modulus.benchmark == "ASTM C39"


def test_a_measure_written_after_its_figure_is_that_figures_own():
    precision, recall = results_in("The vetter posts 0.94 precision and 0.88 recall on TESS.")
    assert (precision.metric, recall.metric) == ("precision", "recall")
    (solved,) = results_in("Coder-7B: 61.0% pass@1 on MBPP (3-shot).")
    assert (solved.metric, solved.protocol) == ("pass@1", "3-shot")
    (response,) = results_in("ORR 38% in the expansion cohort of ARGON-2.")
    assert response.metric == "objective response rate (ORR)"


def test_a_split_named_after_the_benchmark_is_the_protocol_and_a_spread_is_not():
    (ndcg,) = results_in("On TREC-COVID test the dense retriever reaches nDCG@10 0.71.")
    assert ndcg.protocol == "test"
    (interference,) = results_in("Stroop interference was 71 ms in the lab sample (SD 38).")
    assert "SD" not in interference.protocol


def test_who_was_studied_is_the_benchmark_when_nothing_else_is_named():
    (time_trial,) = results_in("Nitrate cut 10-km time by 1.4% in recreational runners (n = 14).")
    assert time_trial.benchmark == "recreational runners"
    (savings,) = results_in("Mobile money raised savings by 22% among rural Ugandan households.")
    assert savings.benchmark == "rural Ugandan households"
    (alone,) = results_in("The vaccine cut admissions by 31% in adults.")
    assert alone.benchmark == ""  # which adults is not said
    (named,) = results_in("Dapagliflozin cut HF admissions by 26% in DAPA-HF patients.")
    assert named.benchmark == "DAPA-HF"


def test_the_name_a_claim_opens_with_holds_for_its_later_clauses():
    first, second = results_in(
        "Street-2K: the new re-identifier gets mAP 71.3 without re-ranking; "
        "with re-ranking its mAP rises to 76.0."
    )
    assert (first.benchmark, second.benchmark) == ("Street-2K", "Street-2K")
    (only,) = results_in("Campus loop: with re-ranking its mAP rises to 76.0.")
    assert only.benchmark == ""  # a topic in plain words names no collection


def test_a_name_written_in_camel_case_opens_a_claim_as_its_benchmark():
    nds, mean_ap = results_in("vizDrive val — the fusion model: 61.2 NDS and 55.0 mAP.")
    assert (nds.benchmark, mean_ap.benchmark) == ("vizDrive", "vizDrive")


def test_a_collection_sized_in_thousands_or_called_a_benchmark_is_no_model():
    (success,) = results_in("On the TIDY-2K benchmark the best agent reaches 8.3% success.")
    assert success.benchmark == "TIDY-2K"
    (sized,) = results_in("On the Pile-800M benchmark the model reaches 41.0% accuracy.")
    assert sized.benchmark == "Pile-800M"
    (model,) = results_in("Fine-tuned on Qwen-7B the recipe reaches 41.0% accuracy.")
    assert model.benchmark == ""


def test_a_threshold_set_and_the_unit_of_a_rate_are_no_results():
    (sensitivity,) = results_in(
        "Screening with a threshold of 6.5% has a sensitivity of 43% in the cohort."
    )
    assert sensitivity.value == 43
    (latency,) = results_in("The detector needs 4.2 ms per 30 ms chunk on a laptop CPU.")
    assert latency.value == 4.2


def test_the_point_on_a_trade_off_a_figure_was_read_at_is_a_condition():
    (precision,) = results_in(
        "The new detector keeps a precision of 0.88 at 70% recall on the held-out survey."
    )
    assert (precision.value, precision.metric) == (0.88, "precision")
    assert "at 70% recall" in precision.protocol
    (throughput,) = results_in("At nDCG@10 = 0.42, the sparse index answers 3,100 QPS.")
    assert throughput.value == 3100
    (delay,) = results_in("The streaming decoder waits 0.9 s on average at BLEU 25.1.")
    assert delay.value == 0.9
    (current,) = results_in("The Ni foam needs 45 mV @ 20 mA cm⁻² in alkaline water.")
    assert current.value == 45


def test_an_association_statistic_after_at_is_the_finding():
    (r,) = results_in("Our proxy tracks the gauge record at r = 0.68 over 1950–2010.")
    assert (r.value, r.metric) == (0.68, "r")
    (ee,) = results_in("The enzyme resolves the racemate, leaving the (R)-ester at 97% ee.")
    assert ee.value == 97


def test_a_rival_in_brackets_after_a_result_is_its_baseline_and_another_measure_is_not():
    (overpotential,) = results_in("CoP nanowires: OER overpotential 280 mV (IrO2 310 mV).")
    assert (overpotential.baseline_value, overpotential.baseline_name) == (310.0, "IrO2")
    (retention,) = results_in("The doped cathode retains 88% after 300 cycles (undoped: 61%).")
    assert (retention.baseline_value, retention.baseline_name) == (61.0, "undoped")
    remission, complete = results_in("Expansion cohort: ORR 38% (CR 9%) at data cut-off.")
    assert remission.baseline_value is None and complete.value == 9


def test_a_potentials_reference_electrode_compares_nothing():
    efficiency, density = results_in(
        "Cu nanocubes: ethylene Faradaic efficiency 61% at −1.0 V vs RHE, current density "
        "250 mA cm⁻²."
    )
    assert (efficiency.baseline_value, efficiency.baseline_name) == (None, "")
    assert efficiency.protocol == "at −1.0 V vs RHE"
    assert density.value == 250


def test_the_circumstance_a_figure_was_read_in_words_is_its_protocol():
    (skill,) = results_in(
        "The hybrid model's rainfall skill reaches an ACC of 0.52 at two-week lead."
    )
    assert skill.protocol == "at two-week lead"
    (runtime,) = results_in("The engine finishes the suite in 31.4 s at SF30, versus 77 s for X.")
    assert "at SF30" in runtime.protocol
    island, _ = results_in("Heat-island intensity was 3.9 °C at night vs 1.2 °C at midday.")
    assert island.protocol == "at night"
    (kept,) = results_in("Unemployment peaked at 9.4% at the regional level.")
    assert kept.value == 9.4 and "peaked" not in kept.protocol


def test_a_week_written_short_is_a_time_point_not_a_result():
    (change,) = results_in("Trial X, drug Y: weight change −12.1% at wk 52 vs −2.0% placebo.")
    assert (change.value, change.protocol) == (-12.1, "at wk 52")
    assert change.baseline_value == -2.0


def test_a_measure_named_as_a_change_is_better_as_that_change_is():
    # A fall is reported as a gain unless what fell is better high.
    assert metric_direction("reduction in time to first response", "%") == "higher"
    assert metric_direction("fasting glucose reduction", "mmol/L") == "higher"
    assert metric_direction("top-5 drop", "points") == "lower"
    assert metric_direction("accuracy decline", "pp") == "lower"
    assert metric_direction("relative slowing of decline (ADAS-Cog)", "%") == "higher"
    # A rise is better as the measure it raises is.
    assert metric_direction("increase in NO2", "%") == "lower"
    assert metric_direction("change in WER", "pp") == "lower"


def test_a_measures_head_decides_not_its_qualifiers():
    assert metric_direction("vaccine efficacy against hospitalisation", "%") == "higher"
    assert metric_direction("success rate (RMSD < 2 Å)", "%") == "higher"
    assert metric_direction("attack success rate", "%") == "lower"
    assert metric_direction("CO2 uptake", "mmol/g") == "higher"
    assert metric_direction("HR@20") == "higher"
    assert metric_direction("MAPE of daily load", "%") == "lower"
    assert metric_direction("pay gap between men and women", "%") == "lower"
    assert metric_direction("band gap", "eV") == ""


def test_named_directions_scores_the_rules_on_the_labelled_measures():
    right, of = named_directions(load([DEV]))
    assert of == 83 and right / of >= 0.95


def test_a_collection_named_with_its_split_is_the_benchmark():
    (wer,) = results_in("Parakeet-TDT · VoxPopuli test · WER 5.9%")
    assert (wer.metric, wer.benchmark, wer.value) == ("word error rate (WER)", "VoxPopuli", 5.9)
    (fid,) = results_in("Our sampler reaches FID 2.31 on ImageNet-64 val after distillation.")
    assert fid.benchmark == "ImageNet-64"


def test_a_heading_naming_a_sized_model_is_no_benchmark():
    (score,) = results_in("Mistral-Large-123B — GSM8K 91.2 (8-shot)")
    assert score.benchmark != "Mistral-Large-123B"
    (resolved,) = results_in("SWE-bench Lite | resolved 31.7%")
    assert resolved.benchmark == "SWE-bench Lite"


def test_a_survival_time_is_a_result_and_the_control_arms_its_baseline():
    (pfs,) = results_in("Trial Q: median PFS 9.8 months with drug B vs 5.1 months placebo.")
    assert (pfs.value, pfs.unit, pfs.metric) == (
        9.8,
        "months",
        "median progression-free survival (PFS)",
    )
    assert (pfs.baseline_value, pfs.baseline_name) == (5.1, "placebo")
    (os_,) = results_in("Study R, drug C: median OS 17.5 mo vs 12.0 mo placebo+chemo.")
    assert (os_.value, os_.unit, os_.baseline_value) == (17.5, "months", 12.0)
    assert results_in("Follow-up was 24 mo in both arms.") == []


def test_an_object_by_its_catalogue_name_after_for_is_the_benchmark():
    radius, mass = results_in(
        "Pulsar radius 12.9 km (+0.6/−0.5) for PSR J1231-1411 from NICER, mass 1.04 M☉."
    )
    assert radius.benchmark == mass.benchmark == "PSR J1231-1411"
    (accuracy,) = results_in("Accuracy 0.81 on CIFAR-10, versus 0.74 for NGC 1234 fits.")
    assert accuracy.benchmark == "CIFAR-10" and accuracy.baseline_value == 0.74


def test_a_list_under_a_heading_takes_the_headings_measure_and_each_items_name():
    spain, greece = results_in("Jobless rate, Mar 2024 (Eurostat, SA): ES 11.7% / GR 10.1%")
    assert (spain.metric, spain.benchmark, spain.model) == ("Jobless rate", "ES", "")
    assert (greece.value, greece.benchmark) == (10.1, "GR")

    first, second, third = results_in(
        "HumanEval+, % solved: Coder-X 81.2 | DeepSolve-7 74.0 | plain sampling 61.5"
    )
    assert (first.metric, first.benchmark, first.model) == ("solved", "HumanEval+", "Coder-X")
    assert (second.model, second.value) == ("DeepSolve-7", 74.0)  # a score, not a version
    assert (third.model, third.value) == ("plain sampling", 61.5)


def test_a_list_of_measures_under_a_heading_is_not_a_list_of_names():
    angle, sliding = results_in("Coated glass: water contact angle 158°, sliding angle 4°")
    assert (angle.metric, sliding.metric) == ("water contact angle", "sliding angle")
    pce, voc = results_in("Tandem cell: PCE 29.1%, Voc 1.92 V")
    assert (pce.metric, voc.metric) == (
        "power conversion efficiency (PCE)",
        "open-circuit voltage (Voc)",
    )


def test_a_figure_the_measure_moved_to_keeps_the_measure():
    day, night = results_in(
        "The detector reached 95.1% plate-read accuracy on the daytime set, dropping to 88.0% "
        "on night clips."
    )
    assert (day.metric, night.metric) == ("plate-read accuracy",) * 2


def test_a_headings_date_or_period_is_the_protocol_of_every_figure_under_it():
    spain, greece = results_in("Jobless rate, Mar 2024 (Eurostat, SA): ES 11.7% / GR 10.1%")
    assert spain.protocol == greece.protocol == "Mar 2024"
    (sink,) = results_in("Amazon net carbon sink 2010–19 (atmospheric inversion): 0.08 PgC/yr")
    assert "2010–19" in sink.protocol
    (cited,) = results_in("Smith et al. 2019: a median NSE of 0.74 on CAMELS.")
    assert "2019" not in cited.protocol  # a citation's year is no period


def test_a_benchmark_leading_a_list_headings_measure_is_where_its_systems_were_scored():
    first, second = results_in("MBPP pass@1 — Coder-A 71.0%, Coder-B-7B 64.2%")
    assert (first.benchmark, first.metric, first.model) == ("MBPP", "pass@1", "Coder-A")
    assert (second.benchmark, second.model) == ("MBPP", "Coder-B-7B")


def test_a_survey_named_as_the_sentences_subject_is_its_benchmark():
    (s8,) = results_in("HSC-2000 cosmic shear gives S8 = 0.769.")
    assert (s8.metric, s8.benchmark) == ("S8", "HSC-2000")


@pytest.mark.parametrize(
    "text",
    [
        "Following the literature we calibrate β = 0.99 and a Frisch elasticity of 0.5.",
        "Design note — 1:1 randomisation, n = 480; 90% power to detect a 0.4% difference.",
        "Recording plan — 4 probes per mouse, 384 channels each, 30 kHz.",
    ],
)
def test_a_set_up_proposes_no_results(text):
    assert results_in(text) == []


def test_a_chance_level_and_a_prediction_intervals_bounds_are_no_results():
    (accuracy,) = results_in("Reach decoding: 92% accuracy across 8 targets (chance 12.5%).")
    assert accuracy.value == 92.0
    (effect,) = results_in("Pooled profit effect 7.0 USD per fortnight (95% PI −3.5 to 17.6).")
    assert effect.value == 7.0


def test_a_list_headings_measure_stops_before_where_it_was_measured():
    first, _second = results_in("WER on LibriSpeech test-other: Model-A 3.9% | Model-B7 4.5%")
    assert (first.metric, first.benchmark, first.protocol, first.model) == (
        "word error rate (WER)",
        "LibriSpeech",
        "test-other",
        "Model-A",
    )


def test_a_table_flattened_into_a_line_is_a_list_under_its_first_cell():
    first, second, third = results_in(
        "CIFAR-100 top-1 | ResNet-18 78.2 | ViT-S/16 84.1 | wide resnet 81.0 | (no extra data)"
    )
    assert (first.benchmark, first.metric, first.model) == ("CIFAR-100", "top-1", "ResNet-18")
    assert (second.model, third.model) == ("ViT-S/16", "wide resnet")
    assert first.protocol == "no extra data"


def test_a_list_headings_operating_point_is_its_protocol_not_its_measure():
    first, second = results_in("OER overpotential at 10 mA/cm² — IrO2 320 mV, NiFe-LDH 230 mV")
    assert (first.metric, first.model, first.benchmark) == ("OER overpotential", "IrO2", "")
    assert first.protocol == second.protocol == "at 10 mA/cm²"


def test_results_in_names_a_figure_by_the_greek_symbol_before_it():
    """A symbol led by a Greek letter right before a value is its measure, not a unit; after
    a value the same letters are a unit (ohm metres), and the measure is named before it."""
    h0, omega, sigma = results_in("Planck 2018: H0 67.36±0.54, Ωm 0.3153±0.0073, σ8 0.8111±0.0060")
    assert [h0.value, omega.value, sigma.value] == [67.36, 0.3153, 0.8111]
    assert [omega.metric, sigma.metric] == ["Ωm", "σ8"]
    assert {d.benchmark for d in (h0, omega, sigma)} == {"Planck 2018"}
    (resistivity,) = results_in("The resistivity was 2.1 Ωm at 20 °C.")
    assert resistivity.metric == "resistivity"


def test_results_in_gives_each_item_of_a_list_the_conditions_its_heading_names():
    """A list's heading states no result: its quantities are the conditions of every item."""
    rows = results_in("MOF CO2 uptake at 298 K, 1 bar | Mg-MOF-74 8.0 mmol/g | HKUST-1 4.2 mmol/g")
    assert [(r.value, r.model) for r in rows] == [(8.0, "Mg-MOF-74"), (4.2, "HKUST-1")]
    assert {r.protocol for r in rows} == {"at 298 K, 1 bar"}  # "1 bar" is no result
    rows = results_in("Corrosion rate in SBF, 37 °C: AZ31 2.1 mm/yr, WE43 0.9 mm/yr")
    assert [r.value for r in rows] == [2.1, 0.9]
    assert all("37 °C" in r.protocol for r in rows)


def test_results_in_reads_a_list_whose_items_a_semicolon_parts():
    rows = results_in(
        "Corrosion rate in SBF, 37 °C: AZ31 2.1 mm/yr; WE43 0.9 mm/yr; pure Mg 3.5 mm/yr"
    )
    assert [(r.value, r.metric, r.model) for r in rows] == [
        (2.1, "Corrosion rate", "AZ31"),
        (0.9, "Corrosion rate", "WE43"),
        (3.5, "Corrosion rate", "pure Mg"),
    ]
    assert all("37 °C" in r.protocol for r in rows)
    # Catalogued objects are what was measured (a letter after a designation is no measure).
    planets = results_in(
        "Exoplanet radii, TESS+CHEOPS: TOI-270 b 1.28 R⊕; TOI-270 c 2.33 R⊕; TOI-270 d 2.13 R⊕."
    )
    assert [r.benchmark for r in planets] == ["TOI-270 b", "TOI-270 c", "TOI-270 d"]
    # Two clauses a semicolon parts stay two.
    first, second = results_in("Accuracy rose to 81%; latency fell to 40 ms.")
    assert (first.metric, second.metric) == ("Accuracy", "latency")


@pytest.mark.parametrize(
    "text, benchmark",
    [
        # A sentence opening on where it measured names the benchmark of its figures.
        (
            "In ORBIT-7 the new agent raised the response rate to 41% versus 29% on chemo.",
            "ORBIT-7",
        ),
        ("In the LUMEN 301 trial, median survival reached 25.1 months.", "LUMEN 301"),
        ("In Portugal the jobless rate fell to 6.1% last quarter.", "Portugal"),
        # An object named by its kind.
        ("They find the exoplanet KX-88 b has an equilibrium temperature of 412 K.", "KX-88 b"),
    ],
)
def test_results_in_reads_the_place_a_sentence_opens_on_or_names_by_kind(text, benchmark):
    assert results_in(text)[0].benchmark == benchmark


def test_a_month_or_a_part_of_the_paper_opening_a_sentence_is_no_benchmark():
    (result,) = results_in("In March the model reached 71.2% accuracy on ARC-Easy.")
    assert result.benchmark == "ARC-Easy"
    (result,) = results_in("In Table 3, the recall climbs to 0.88.")
    assert result.benchmark != "Table 3"


@pytest.mark.parametrize(
    "metric",
    ["overall survival HR", "PFS hazard ratio", "relative risk of relapse", "OS HR (95% CI)"],
)
def test_a_hazard_or_risk_ratio_is_better_low_whatever_outcome_names_it(metric):
    assert metric_direction(metric) == "lower"


def test_an_internal_rate_of_return_keeps_its_own_direction():
    assert metric_direction("annualised IRR") == "higher"


def test_results_in_names_an_electrochemical_eta_and_a_tafel_slope():
    overpotential, tafel = results_in(
        "CoP on carbon cloth, HER in 0.5 M H2SO4: η₁₀ = 91 mV, Tafel 52 mV/dec."
    )
    assert (overpotential.metric, overpotential.direction) == ("overpotential (η₁₀)", "lower")
    assert (tafel.metric, tafel.direction) == ("Tafel slope (Tafel)", "lower")
    # The condition ends where the colon opens the figures.
    assert overpotential.protocol == "in 0.5 M H2SO4"


def test_a_procedure_proposes_no_result_and_leaves_the_found_figure_alone():
    # How a sample was made is no result: a recipe's amounts, times and temperatures.
    assert (
        results_in(
            "Prep: 3 mmol Co(NO3)2 + 1 mmol urea → 140 °C/6 h, rinsed 2× water, dried 80 °C."
        )
        == []
    )
    (pce,) = results_in("The films were annealed at 120 °C for 15 min and reached a PCE of 17.4%.")
    assert (pce.value, pce.unit) == (17.4, "%")
    # A reaction named as the heading is what was measured, not a recipe.
    (rate,) = results_in(
        "Ammonia synthesis: the catalyst gives an NH3 rate of 12.1 mmol g⁻¹ h⁻¹ at 350 °C."
    )
    assert rate.value == 12.1


def test_a_measures_name_stops_at_the_writers_asides_and_reporting_verbs():
    (result,) = results_in("They estimate peatland uptake dropped to 0.21 GtC/yr in the 2010s.")
    assert result.metric == "peatland uptake"
    (result,) = results_in("Honestly the drug slowed ADAS-Cog decline by 19% at 12 months.")
    assert result.metric.startswith("ADAS-Cog decline")


@pytest.mark.parametrize(
    ("text", "metric", "model"),
    [
        # What reaches a score on a benchmark is the system measured, not the measure.
        ("GPT-4 reaches 86.4% on MMLU.", "", "GPT-4"),
        ("Outcome rewards reach 41.0% on MATH-Hard.", "", "Outcome rewards"),
        ("A process reward model reaches 46.5% on MATH-Hard.", "", "process reward model"),
        # Its measure, written after the value, is kept, whatever words name the system.
        (
            "A process reward model reaches 46.5% accuracy on MATH-Hard.",
            "accuracy",
            "process reward model",
        ),
        # A system compared against, named by what it scores, is not the measure.
        (
            "Rubric rewards outperform a scalar reward model on open-ended tasks, reaching "
            "71.5% on RubricBench.",
            "",
            "",
        ),
        # A measure reaching a level is still the measure.
        ("The success rate reaches 38% on OSWorld.", "success rate", ""),
        # The object of a preposition is neither.
        ("Step labels at scale reach 52.3% on MATH-Hard.", "", ""),
    ],
)
def test_what_reaches_a_score_is_the_system_not_the_measure(text, metric, model):
    (draft,) = results_in(text)
    assert (draft.metric, draft.model) == (metric, model)


@pytest.mark.parametrize(
    ("text", "model"),
    [
        # The subject that does something to a measure is what the figure belongs to.
        ("Tirzepatide lowered HbA1c by 2.1 points at week 40 in SURPASS-2.", "Tirzepatide"),
        ("The pruned ResNet posts 74.9% top-1 on ImageNet.", "The pruned ResNet"),
        # A dose or setting after the doer is no part of its name.
        ("Compost at 10 t/ha raised barley yield by 14%.", "Compost"),
        # Writers, papers and pronouns report; they are not what was measured.
        ("The authors reached an accuracy of 91% on CIFAR-10.", ""),
        ("It improves recall to 0.64 on BEIR.", ""),
        # "post" here is the noun of a report, not a verb of doing.
        ("A blog post reports 44.0% on MATH-Hard with majority voting.", ""),
        # A doer inside a phrase ("from a 70B teacher") is not the subject.
        ("Distillation from a large teacher gives a student 88% of its score on MMLU.", ""),
        # A doer of another clause does not own this one's figure.
        ("Aspirin cut stroke risk by 12%; bleeding rose to 3.1% in the pooled cohorts.", ""),
    ],
)
def test_the_doer_of_a_sentence_is_the_model_of_its_figure(text, model):
    drafts = results_in(text)
    assert drafts
    assert drafts[-1].model == model


def test_a_model_named_with_its_size_is_the_model_of_its_clause_not_its_baseline():
    small, large = results_in(
        "On GAIA, the curriculum lifts Mistral-7B from 31.0 to 44.5 and Llama-3-70B from "
        "52.2 to 60.1."
    )
    assert (small.value, small.baseline_value, small.model) == (44.5, 31.0, "Mistral-7B")
    assert (large.value, large.baseline_value, large.model) == (60.1, 52.2, "Llama-3-70B")
    gain = results_in("The method adds +12.4 accuracy on GSM8K over base Phi-3-14B.")[0]
    assert (gain.model, gain.baseline_name) == ("", "base Phi-3-14B")
    # A collection's size is no model's: "JFT-300M" names data.
    assert (
        results_in("ViT-H reaches 88.6% top-1 on ImageNet after JFT-300M.")[0].model != "JFT-300M"
    )


def test_deltas_over_named_baselines_are_results_of_their_own():
    drafts = results_in(
        "Reported: +4.1 over DPO, +6.3 over SFT on AlpacaEval, and +2.2 over the strongest "
        "tuned baseline at 7B."
    )
    assert [(d.value, d.baseline_value, d.baseline_name) for d in drafts] == [
        (4.1, None, "DPO"),
        (6.3, None, "SFT"),
        (2.2, None, "the strongest tuned baseline"),
    ]


def test_a_gain_in_brackets_is_not_the_baseline_of_the_figure_before_it():
    first, *rest = results_in(
        "It reports +20.5 Avg@16 on AIME25 over the untuned model (a 150% relative gain), "
        "pass@16 more than doubled, and +9.1 Avg@16 over SFT."
    )
    assert (first.value, first.baseline_value, first.baseline_name) == (
        20.5,
        None,
        "the untuned model",
    )
    assert [(d.value, d.baseline_name) for d in rest if d.value == 9.1] == [(9.1, "SFT")]


def test_a_margin_over_a_method_is_the_measure_and_the_method_its_baseline():
    (margin,) = results_in("Its margin over PPO is 4.2 points on HumanEval.")
    assert (margin.metric, margin.baseline_name, margin.benchmark) == ("margin", "PPO", "HumanEval")


def test_each_harness_of_a_list_is_its_figures_protocol_not_a_measure():
    drafts = results_in(
        "The tuned policy improves in two agent harnesses — OpenHands 51.0% → 58.5%, "
        "Aider 44.0% → 49.5% on SWE-bench Verified."
    )
    assert [(d.value, d.baseline_value, d.protocol, d.metric) for d in drafts] == [
        (58.5, 51.0, "OpenHands", ""),
        (49.5, 44.0, "Aider", ""),
    ]
    # Without the sentence saying the items are harnesses, a name is no protocol.
    assert results_in("OpenHands 51.0% on SWE-bench Verified.")[0].protocol == ""


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("Reported word error rate 4.1% on LibriSpeech.", "word error rate (WER)"),
        ("The headline claim: 61.0% on GPQA.", ""),
        ("It leads on four reasoning benchmarks, reaching 45.2% on AIME.", ""),
    ],
)
def test_a_reporting_word_or_what_was_measured_on_is_no_measure(text, metric):
    assert results_in(text)[-1].metric == metric


def test_what_the_writers_say_around_a_figure_stays_out_of_its_fields():
    (ldl,) = results_in(
        "Park and colleagues say a once-weekly siRNA cut triglycerides by 41% versus "
        "placebo at week 24 in a new study."
    )
    # the reporters are not the doer; a time point closes the compared name; a study only
    # described is no benchmark
    assert (ldl.model, ldl.baseline_name, ldl.benchmark) == ("a once-weekly siRNA", "placebo", "")
    (bp,) = results_in(
        "On HOME-BP, remote titration lowered systolic pressure 6.2 mmHg more than usual "
        "care did at twelve months."
    )
    assert bp.baseline_name == "usual care"
    (arms,) = results_in(
        "In the ZENITH platform trial (we have not seen the paper) the adaptive design "
        "raised enrolment by 18% at the interim look."
    )
    assert "seen" not in arms.protocol
    (floods,) = results_in(
        "Warming made the spring floods in northern Italy 2.3 times more likely."
    )
    assert not re.search(r"\d", floods.benchmark)


def test_a_dash_closes_the_clause_a_measure_is_read_from():
    (heat,) = results_in(
        "The paper is still in review — river floods in the Po basin were made 3.5 times "
        "more likely by warming."
    )
    assert "review" not in heat.metric
    rain = results_in(
        "Warming made the floods in northern Italy 1.8 times more likely, with peak rainfall "
        "up by 9%."
    )
    assert [d.benchmark for d in rain] == ["northern Italy", "northern Italy"]


def test_a_list_of_figures_takes_no_measure_named_before_it():
    """Not the "reward" named before the list; and the first item's average is over the
    benchmarks, not the measure of the items that name one each."""
    drafts = results_in(
        "Training against the critic's reward at each step, the curriculum adds +4.2 "
        "average over the best fixed one, +3.1 on WebShop and +6.0 on ALFWorld."
    )
    assert [(d.value, d.metric, d.model) for d in drafts] == [
        (4.2, "average", ""),
        (3.1, "", ""),
        (6.0, "", ""),
    ]


def test_citations_asides_and_parts_of_a_paper_fill_no_field():
    (sel,) = results_in(
        "Single Ni atoms on carbon hydrogenated nitroarenes with 94% selectivity at full "
        "conversion (Okafor & Lind 2026, J. Catal. 12, 4410)."
    )
    assert sel.protocol == "at full conversion"
    (ecs,) = results_in("Extended Data Table 2 gives an ECS of 2.9 K from one realisation.")
    assert ecs.model == ""
    (picked,) = results_in(
        "The screening model (they never name the architecture) raised the hit rate to 31% "
        "on the held-out MOFs."
    )
    assert "never" not in picked.protocol
    _effect, reweighted = results_in(
        "The wage subsidy's employment effect, 3.8 percentage points, falls to 0.9 once the "
        "comparison regions are reweighted."
    )
    assert reweighted.metric != "once"


def test_a_verb_after_a_figure_is_not_its_measure():
    (figure,) = results_in("And the 71.2% carries a caveat the paper does not mention.")
    assert figure.metric == ""
    (share,) = results_in("The vaccine showed 75% efficacy against hospitalisation.")
    assert share.metric.startswith("efficacy")


def test_a_heading_list_gives_its_measure_not_every_part_joined():
    (score,) = results_in("Mistral-7B, mean tool-use score, six-task suite: 0.31 → 0.52")
    assert (score.metric, score.model, score.baseline_value) == (
        "mean tool-use score",
        "Mistral-7B",
        0.31,
    )


def test_a_list_of_names_each_before_its_figure_after_a_verb_names_benchmarks():
    drafts = results_in(
        "Fine-tuning Mistral-7B on the mined tasks yields HotpotQA +4.1%, MuSiQue +6.3% and "
        "2WikiMQA +2.8%, with no loss elsewhere."
    )
    assert [(d.value, d.benchmark, d.model) for d in drafts] == [
        (4.1, "HotpotQA", "Mistral-7B"),
        (6.3, "MuSiQue", "Mistral-7B"),
        (2.8, "2WikiMQA", "Mistral-7B"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # after a measure, the names are the systems measured
        "Retrieval recall@5: ColBERTv2 71.2; SPLADE-v3 69.8; BM25-Okapi 58.1.",
        # with the benchmark named, the names are the systems
        "On BEIR-Lite: ColBERTv2 71.2, SPLADE-v3 69.8 and BM25-Okapi 58.1.",
    ],
)
def test_a_list_of_names_after_a_measure_or_a_benchmark_names_systems(text):
    drafts = results_in(text)
    assert [d.model for d in drafts] == ["ColBERTv2", "SPLADE-v3", "BM25-Okapi"]
    assert not {d.benchmark for d in drafts} & {"ColBERTv2", "SPLADE-v3", "BM25-Okapi"}


def test_a_figure_measured_on_a_counted_collection_takes_no_later_benchmark():
    drafts = results_in(
        "Reported: 61.5% mean accuracy on six table-reasoning benchmarks — +3.2 over DPO — "
        "and 48.0% exact match on WikiTQ-Hard."
    )
    assert [(d.value, d.benchmark) for d in drafts] == [
        (61.5, ""),
        (3.2, ""),
        (48.0, "WikiTQ-Hard"),
    ]
    # named before its figure, a suite holds its counted tasks
    (suite,) = results_in("On MTEB-Lite, the small encoder averages 64.2 across 21 tasks.")
    assert suite.benchmark == "MTEB-Lite"


def test_a_figure_with_a_place_of_its_own_does_not_take_the_next_figures_benchmark():
    first, second = results_in(
        "The gap to DPO is 4.5 points on open-ended chat and 1.2 on AlpacaEval-2."
    )
    assert (first.benchmark, second.benchmark) == ("", "AlpacaEval-2")
    assert second.unit == "pp"  # the list's change in points
    shared = results_in("The probe scores 81.0% and 77.5% on TruthfulQA-MC.")
    assert [d.benchmark for d in shared] == ["TruthfulQA-MC", "TruthfulQA-MC"]


def test_a_gloss_of_the_subject_is_no_protocol():
    (gain,) = results_in(
        "Their replacement, SNAP (sign-normalised advantage pruning), reports +7.2 pass@1 "
        "on LiveCodeBench over the base model."
    )
    assert gain.protocol == ""
    assert gain.benchmark == "LiveCodeBench"


def test_a_count_out_of_a_total_is_measured_in_what_was_counted():
    (wins,) = results_in("The tuned planner wins 17 of 24 procedurally generated levels.")
    assert (wins.value, wins.metric, wins.unit) == (17.0, "procedurally generated levels", "")
    assert wins.words["value"] == "17 of 24"


def test_what_fell_is_the_subject_not_the_object_of_its_preposition():
    (visits,) = results_in(
        "Nest visits to sunflower heads fell by 22% where the seed coating was used."
    )
    assert visits.metric == "Nest visits"
    (cover,) = results_in("Grazing by urchins cut kelp cover by 35% within a year.")
    assert cover.metric == "kelp cover"  # a verb with an object: the object changed


@pytest.mark.parametrize(
    "text",
    [
        "Heard at the EGU session in Vienna: the new scheme cuts rainfall bias by 18%.",
        "From the Modellers' Newsletter: the new scheme cuts rainfall bias by 18%.",
    ],
)
def test_where_a_figure_was_heard_or_read_is_not_where_it_was_measured(text):
    (figure,) = results_in(text)
    assert figure.benchmark not in {"Vienna", "EGU", "Modellers"}


def test_a_ratio_of_chances_is_measured_as_such_and_not_carried_on():
    likely, hotter = results_in(
        "Attribution of the 2024 Ebro drought: about 3 times more likely and 1.1 °C warmer "
        "because of warming."
    )
    assert (likely.value, likely.metric) == (3.0, "more likely")
    assert hotter.metric != "more likely"
    (arms,) = results_in("The platform trial dropped 2 of its 6 arms at the first interim.")
    assert (arms.metric, arms.words["value"]) == ("arms", "2 of its 6")


def test_an_average_before_a_list_of_benchmarks_is_on_none_of_them():
    average, web, tool = results_in(
        "The curriculum adds +4.4 average over the best fixed curriculum at 8B, +3.9 on "
        "WebShop-Plus and +7.1 on ToolBench-Hard."
    )
    assert average.benchmark == ""
    assert (web.benchmark, tool.benchmark) == ("WebShop-Plus", "ToolBench-Hard")


def test_a_count_in_a_clause_of_its_own_is_not_on_the_last_clauses_benchmark():
    gain, wins = results_in(
        "It adds +3.1% on OSWorld-Pro over the base agent, and its tuned variant wins in 19 "
        "of 25 held-out app settings."
    )
    assert gain.benchmark == "OSWorld-Pro"
    assert (wins.metric, wins.benchmark) == ("held-out app settings", "")


def test_a_cited_works_title_is_no_heading_that_names_a_benchmark():
    average, web = results_in(
        "CURIO: Curriculum Induction for Open Agents (arXiv:2607.11111) trains on its own "
        "tasks, giving +4.0 average over the best fixed curriculum, +3.2 on WebShop-Plus."
    )
    assert average.benchmark == ""
    assert web.benchmark == "WebShop-Plus"
    # The figures of a sentence about a cited work are its method's.
    assert average.model == web.model == "CURIO"


def test_an_abbreviation_of_a_lowercase_term_is_no_benchmark():
    """A benchmark has a proper name; "SFT" where the text speaks of "supervised
    fine-tuning" is a regime."""
    (gain,) = results_in(
        "Unlike supervised fine-tuning, the method needs no labels. It lifts Llama-3-8B from "
        "41.0% to 47.5% in SFT."
    )
    assert (gain.value, gain.benchmark, gain.model) == (47.5, "", "Llama-3-8B")
    # Spelt out as a proper name, it is one: "Grade School Math" is GSM's.
    (named,) = results_in("Grade School Math problems are hard: it scores 71.0% on GSM.")
    assert named.benchmark == "GSM"


def test_a_name_set_off_after_what_it_is_did_its_sentences_figures():
    first, relative, second = results_in(
        "Their label-free variant, NOVA (negative-only value advantages), reports +12.5 pass@8 "
        "on MATH500 over the base model (a 48% relative gain), and +4.25 pass@8 over GRPO."
    )
    assert first.model == relative.model == second.model == "NOVA"
    # Not a figure of another clause's subject.
    one, other = results_in(
        "The small variant, LUMO, reports +3.5 on MATH500; the baseline scores 61.2% on GSM8K."
    )
    assert one.model == "LUMO" != other.model


def test_a_name_with_a_participle_before_its_figure_is_its_model_not_its_measure():
    """ "with X reaching 71.3%": X is what was measured; "reaching" is no measure."""
    (result,) = results_in(
        "Applied to open models it gives steady gains on coding suites, with Mistral-Large-2 "
        "reaching 71.3% pass@1 on HumanEval."
    )
    assert (result.model, result.metric, result.benchmark) == (
        "Mistral-Large-2",
        "pass@1",
        "HumanEval",
    )
    (bare,) = results_in("The recipe transfers, with Llama 3 hitting 55.0 on GPQA.")
    assert (bare.model, bare.metric, bare.benchmark) == ("Llama 3", "", "GPQA")


def test_a_lowercase_compound_before_a_name_is_its_setting_not_its_name():
    (result,) = results_in(
        "On the closed-web DeepQuest-Plus benchmark, the method raises Qwen3-4B from 7.2 to 35.6."
    )
    assert (result.benchmark, result.protocol) == ("DeepQuest-Plus", "closed-web")
    (zero_shot,) = results_in("It reaches 81.0% on zero-shot ScienceQA.")
    assert (zero_shot.benchmark, zero_shot.protocol) == ("ScienceQA", "zero-shot")


def test_an_average_over_unnamed_benchmarks_is_not_the_measure_of_a_named_one():
    average, first, second = results_in(
        "The method writes its own tasks, giving +4.1 average over the best fixed-task "
        "baseline, +3.2 on ToolQuest-2 and +9.0 on AgentDesk."
    )
    assert (average.metric, average.benchmark) == ("average", "")
    assert [(r.metric, r.benchmark) for r in (first, second)] == [
        ("", "ToolQuest-2"),
        ("", "AgentDesk"),
    ]


def test_a_figure_asked_about_is_not_stated():
    """ "whether 0.92 is near a ceiling" asks; only the stated figure is a result."""
    (stated,) = results_in(
        "The agent scores 0.92 on ToolBench-Hard; no one says whether 0.92 is near a ceiling."
    )
    assert (stated.value, stated.benchmark) == (0.92, "ToolBench-Hard")


def test_a_bullet_is_no_part_of_a_headings_name():
    (result,) = results_in("• MedQA-USMLE (2026-05-02): the tuned model reaches 88.1% accuracy.")
    assert result.benchmark == "MedQA-USMLE"
