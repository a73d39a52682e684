from __future__ import annotations

import time

import pytest

from evaluation.figures import DEV, score
from evidence import figure_in, states_a_figure
from evidence.quantities import COUNT, FIGURE, NAME, SETTING, quantities


def _one(text: str, number: str):
    """The quantity whose exact text begins with ``number``."""
    found = [q for q in quantities(text) if q.text.startswith(number)]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "number", "value", "unit"),
    [
        ("the sample was heated to 300 K", "300", 300.0, "K"),
        ("warming of 1.45 °C above pre-industrial", "1.45", 1.45, "°C"),
        ("a band gap of 1.72 eV", "1.72", 1.72, "eV"),
        ("systolic pressure fell by 12 mmHg", "12", 12.0, "mmHg"),
        ("nitrate at 4.2 mg/L in the outflow", "4.2", 4.2, "mg/L"),
        ("grains of 35 µm", "35", 35.0, "μm"),
        ("a 52 kDa band", "52", 52.0, "kDa"),
        ("glucose of 5.5 mmol/L", "5.5", 5.5, "mmol/L"),
        ("CO2 reached 421 ppm", "421", 421.0, "ppm"),
        ("a forcing of 1.2 W m^-2", "1.2", 1.2, "W/m²"),
        ("a forcing of 1.2 W/m²", "1.2", 1.2, "W/m²"),
        ("the rift opened 23 Myr ago", "23", 23.0, "Myr"),
        ("a dispersion of 210 km s^-1", "210", 210.0, "km/s"),
        ("stable for 168 h in boiling water", "168", 168.0, "h"),
        ("a 5.2σ detection", "5.2", 5.2, "σ"),
        ("a flux of 6.6 × 10^8 cm⁻² s⁻¹", "6.6", 6.6e8, "1/cm²/s"),
        ("a learning rate near 3e-4 gave 0.5", "0.5", 0.5, ""),
        ("a 3-fold rise in titres", "3", 3.0, "x"),
        ("3x faster decoding", "3x", 3.0, "x"),
        ("decoding is ×3 faster", "3", 3.0, "x"),
        ("a gain of 4.1 pp over the baseline", "4.1", 4.1, "pp"),
        ("the weight change was −20.9%", "−20.9", -20.9, "%"),
        ("costs of 27 USD per month", "27", 27.0, "USD/months"),
        ("remittances reached USD 656 billion", "656", 656.0, "USD billion"),
        ("profits of 1,250 USD", "1,250", 1250.0, "USD"),
    ],
)
def test_quantities_read_values_and_units(text, number, value, unit):
    q = _one(text, number)
    assert (q.value, q.unit, q.kind) == (pytest.approx(value), unit, FIGURE)
    assert text[q.start : q.end] == q.text


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("the 70B model", "70"),
        ("the 7B model was tuned", "7"),
        ("a 32K context window", "32"),
        ("trained in 2023", "2023"),
        ("released on 2024-05-01", "2024"),
        ("the CaCO3 cement", "3"),
        ("LiFePO4 cathodes", "4"),
        ("H2O2 as oxidant", "2"),
        ("cores of NGC 1275", "1275"),
        ("the merger GW190521", "190521"),
        ("supernova SN 2023ixf", "2023"),
        ("registered as NCT01234567", "01234567"),
        ("mutations in TP53", "53"),
        ("AZD-1234 was well tolerated", "1234"),
        ("accuracy on CIFAR-100", "100"),
        ("the CMIP6 ensemble", "6"),
        ("under SSP5-8.5", "8.5"),
        ("Llama-3-70B scores", "70"),
        ("GPT-4o answers", "4"),
        ("spectra from DR17", "17"),
        ("in a phase 3 trial", "3"),
        ("see Section 4.2 of the paper", "4.2"),
        ("the arXiv id is 2406.01234.", "2406.01234"),
        ("the magnetar SGR 1935+2154", "+2154"),
    ],
)
def test_quantities_read_names_as_names(text, number):
    found = [q for q in quantities(text) if q.text.startswith(number)]
    assert found
    assert {q.kind for q in found} == {NAME}
    assert not states_a_figure(text)


def test_quantities_relate_a_change_from_one_value_to_another():
    found = quantities("latency fell from 41 ms to 17 ms")
    assert [(q.value, q.unit, q.role, q.baseline) for q in found] == [
        (41.0, "ms", "from", None),
        (17.0, "ms", "to", 41.0),
    ]
    arrow = quantities("exact match goes 46 → 58")
    assert [(q.role, q.baseline) for q in arrow] == [("from", None), ("to", 46.0)]


def test_quantities_read_a_value_and_its_uncertainty():
    name, value, spread = quantities("H0 = 67.4 ± 0.5 km/s/Mpc")
    assert name.kind == NAME  # the 0 of "H0"
    assert (value.value, value.unit, value.uncertainty, value.label) == (
        67.4,
        "km/s/Mpc",
        0.5,
        "H0",
    )
    assert (spread.role, spread.unit) == ("uncertainty", "km/s/Mpc")


def test_quantities_read_ranges_with_their_unit():
    low, high = quantities("a sensitivity of 2–3 K")
    assert [(q.value, q.unit, q.role) for q in (low, high)] == [
        (2.0, "K", "low"),
        (3.0, "K", "high"),
    ]
    low, high = quantities("between 2 and 3 h")
    assert [(q.role, q.kind) for q in (low, high)] == [("low", FIGURE), ("high", FIGURE)]


def test_quantities_read_a_confidence_interval_and_not_its_level():
    level, low, high = quantities("HR 0.82 (95% CI 0.70–0.96)")[1:]
    assert (level.value, level.kind) == (95.0, SETTING)
    assert [(q.value, q.role, q.kind) for q in (low, high)] == [
        (0.70, "low", FIGURE),
        (0.96, "high", FIGURE),
    ]
    assert quantities("HR 0.82 (95% CI 0.70–0.96)")[0].label == "HR"


def test_quantities_read_p_values_and_measures_named_before_a_number():
    p_less, p_equal, wer, accuracy = quantities("p < 0.01, P=0.003, WER 4.2, accuracy 72.1")
    assert (p_less.label, p_less.comparator, p_less.kind) == ("p", "<", FIGURE)
    assert (p_equal.label, p_equal.comparator, p_equal.value) == ("P", "=", 0.003)
    assert (wer.label, wer.value) == ("WER", 4.2)
    assert (accuracy.label, accuracy.kind) == ("accuracy", FIGURE)


def test_quantities_read_n_of_m_and_counts_of_cycles_as_figures():
    part, whole = quantities("improved in 3 of 12 trials")
    assert (part.kind, part.role, whole.role) == (FIGURE, "part", "of")
    assert _one("no loss after 500 cycles", "500").unit == "cycles"
    assert states_a_figure("No Rh leached into solution after 10 cycles of hydroformylation.")


def test_quantities_read_setup_numbers_as_counts_and_settings():
    text = "n = 412 patients; evaluated on 500 tasks; batch size 32 at temperature 0.6"
    kinds = [(q.text, q.kind) for q in quantities(text)]
    assert kinds == [("412", COUNT), ("500", COUNT), ("32", SETTING), ("0.6", SETTING)]
    assert not states_a_figure("Evaluation uses 500 held-out tasks with batch size 32.")


def test_quantities_read_numbers_in_words():
    found = [(q.text, q.value, q.unit) for q in quantities("a twofold gain that halves cost")]
    assert found == [("twofold", 2.0, "x"), ("halves", 0.5, "x")]
    assert [(q.text, q.unit) for q in quantities("sales doubled")] == [("doubled", "x")]
    (third,) = quantities("latency fell by a third")
    assert third.value == pytest.approx(1 / 3)


def test_states_a_figure_counts_measurements_from_every_field():
    assert states_a_figure("Pt1/CeO2 oxidised CO completely at 120 °C after 500 h on stream.")
    assert states_a_figure("Ringdown overtones are detected at 3.6σ.")
    assert states_a_figure("Outrigger positions reach 50 mas precision for bright bursts.")
    assert states_a_figure("Urban colonies forage on more genera than rural ones, 38 versus 24.")
    assert states_a_figure("The protocol dropped 3 of its 7 arms at the first interim analysis.")


def test_states_a_figure_reads_parts_of_a_whole_as_no_figure():
    assert not states_a_figure("Minimum wages compressed the lower half of the wage distribution.")
    assert not states_a_figure("The magnetar SGR 1935+2154 produced another radio burst.")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1" * 1_000_000,
        "(" * 10_000 + "3.5 K" + ")" * 10_000,
        "[" * 10_000 + "]" * 10_000,
        "a-" * 10_000,
        "a@1 " * 10_000,
        "αβγ 3.5 К 東京 2.0% ٣٤ 5,2 μm ±" * 2_000,
        "3 " * 500_000,
        "1.1." * 100_000,
        "× 10^" * 50_000,
        "from 3 to 4 " * 10_000,
        "3.5 ± " * 10_000,
    ],
)
def test_quantities_take_bounded_time_on_hostile_input(text):
    states_a_figure("warm up 3.5 K")

    def reading(read) -> float:
        started = time.process_time()
        read(text)
        return time.process_time() - started

    # Processor time of this process, the best of three: other work on a shared machine
    # slows the wall clock, not the reading.
    assert min(reading(quantities) for _ in range(3)) < 0.05
    assert min(reading(states_a_figure) for _ in range(3)) < 0.05


def test_quantities_read_a_page_of_claims_quickly():
    claims = [
        "Speculative decoding cut median latency from 41 ms to 17 ms per token (batch size 1).",
        "In STEP-HFpEF (n = 529) the KCCQ score rose 7.8 points vs placebo (95% CI 4.8–10.9).",
        "The CMIP6 ensemble gives an ECS of 3.7 K (5–95% range 2.0–5.6 K).",
        "H0 = 67.4 ± 0.5 km/s/Mpc, in 5σ tension with the SH0ES value of 73.0.",
    ] * 25
    quantities(claims[0])

    def page() -> float:
        started = time.process_time()
        for claim in claims:
            quantities(claim)
        return time.process_time() - started

    assert min(page() for _ in range(3)) < 0.2


def test_no_figure_scores_run_on_the_dev_half_of_every_field():
    for path in sorted(DEV.glob("*.jsonl")):
        items, tp, fp, fn = score(path)
        assert items > 20
        assert tp / (tp + fp) >= 0.9, path.name
        assert tp / (tp + fn) >= 0.9, path.name


def test_a_latitude_or_longitude_names_a_place():
    array, _, strength = quantities("The RAPID 26.5°N array at 77° W measured 16.9 Sv.")
    assert (array.kind, array.text) == (NAME, "26.5°N")
    assert (strength.kind, strength.unit) == (FIGURE, "Sv")
    assert figure_in("Moorings at 26.5° N and 45° W.") is None


def test_imperial_units_and_peta_electronvolts_are_units():
    assert [q.unit for q in quantities("Lake level 1,040.8 ft; an event of 220 PeV")] == [
        "ft",
        "PeV",
    ]
    assert figure_in("The floor is now below one percent.") == ("a percentage", "one percent")


@pytest.mark.parametrize(
    "text, value, uncertainty, unit",
    [
        # A spread up and down, bracketed or not, then a power of ten both share.
        ("Remnant mass 142 (+28/−16) M☉ from the merger.", 142.0, 28.0, "M☉"),
        ("Its dayside reads 503 +26/−27 K in the filter.", 503.0, 27.0, "K"),
        ("The mass is 4.0 (+1.1/−0.6) ×10⁶ M☉ here.", 4.0e6, 1.1e6, "M☉"),
        ("Amplitude A = 2.4 (+0.7/−0.6) × 10^-15 at one cycle per year.", 2.4e-15, 0.7e-15, ""),
        ("Fit gives 0.31^{+0.02}_{-0.03} in flat LCDM.", 0.31, 0.03, ""),
        # A power of ten written once, after the spread: "(6.6 ± 0.4) × 10⁹".
        ("Black-hole mass 6.6 ± 0.4 × 10⁹ M☉ from stars.", 6.6e9, 0.4e9, "M☉"),
        ("Black-hole mass 6.6 ± 0.4×10⁹ M☉ from stars.", 6.6e9, 0.4e9, "M☉"),
    ],
)
def test_quantities_read_an_asymmetric_spread_and_a_shared_power_of_ten(
    text, value, uncertainty, unit
):
    figures = [q for q in quantities(text) if q.kind == FIGURE and q.role != "uncertainty"]
    assert len(figures) == 1, figures
    (figure,) = figures
    assert figure.value == pytest.approx(value)
    assert figure.uncertainty == pytest.approx(uncertainty)
    assert figure.unit == unit


def test_a_potential_against_its_reference_and_a_condition_after_at_sign_are_read():
    potential, efficiency = [q for q in quantities("CO2RR @ −0.9 V_RHE: FE 55%.") if q.kind != NAME]
    assert (potential.value, potential.unit, potential.text) == (-0.9, "V", "−0.9 V_RHE")
    assert efficiency.unit == "%"
    (density,) = [q for q in quantities("stable for 50 h @ 20 mA/cm².") if q.unit == "mA/cm²"]
    assert density.kind == SETTING


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("14 patients in the intervention arm were lost to follow-up vs 3 in control.", True),
        ("The trial stopped early after 1,204 of the planned 2,000 patients.", True),
        ("The lepto vaccine protects for 12 months.", True),
        ("The response persisted for 18 weeks after the last dose.", True),
        ("The 2.1-month PFS gain does not justify the toxicity.", True),
        # The set-up, not a finding.
        ("Patients were treated for 12 months.", False),
        ("The 3-month course is standard.", False),
        ("We compared GPT-4 vs Llama 3 on the task.", False),
    ],
)
def test_counts_compared_and_how_long_an_effect_lasted_are_figures(text, stated):
    assert states_a_figure(text) is stated


def test_angles_spelled_out_and_counts_over_a_period_are_figures():
    assert _one("the shadow is 42 microarcseconds across", "42").unit == "μas"
    assert states_a_figure("It reports 3,100 bats killed per wind farm per year.")


@pytest.mark.parametrize(
    "text",
    [
        "The FDA advisory committee voted 10-4 against approving it.",
        "The Ni pincer catalyst hydrogenates esters with TON above 5,000.",
        "NNT to prevent one VTE was 45.",
        # The outcome and the treatment named between: still the NNT's figure.
        "NNT to prevent one hip fracture with weekly alendronate was 38.",
    ],
)
def test_a_tally_a_turnover_number_and_an_nnt_are_figures(text):
    assert states_a_figure(text)


def test_outcomes_counted_in_words_and_a_fraction_less_are_figures():
    assert states_a_figure("Three deaths were linked to the pumps on two wards.")
    assert states_a_figure("The coated stent needs a quarter fewer reinterventions.")
    assert not states_a_figure("The two trials disagree on the dose.")


def test_an_amount_that_names_a_line_or_a_world_is_no_figure():
    assert not states_a_figure("The 21 cm line was not detected in the stack.")
    assert not states_a_figure("Coral cover collapses in a 2 °C world.")
    assert states_a_figure("The line sits at 3.5 keV.")
    assert not states_a_figure("Most groups will drop the 1 km runs.")
    # "double" as an adjective names a thing; as a verb it states a change.
    assert not states_a_figure("The scheme reduces the double ITCZ bias.")
    assert states_a_figure("Admissions double in winter.")


def test_a_sum_in_words_a_plural_measure_and_a_level_reached_are_figures():
    assert states_a_figure("The scheme pays out under two thousand euros per hectare.")
    assert states_a_figure("Nitrate/sulphate ratios of 3–5 held through the winter.")
    assert states_a_figure("The new filter brought turbidity down to 40 units.")
    assert states_a_figure("Switching suppliers would save ~12 theatre hours a month.")
    # A verb ending in s before a count is no measure in the plural; a bare count is none.
    assert not states_a_figure("The audit covers 9 wards and 3 clinics.")
    assert not states_a_figure("The panel heard 14 witnesses.")


def test_a_salinity_and_a_change_by_one_unit_in_words_are_figures_and_a_day_is_a_name():
    assert states_a_figure("Salinity fell below 18 PSU after the storm.")
    assert states_a_figure("The new pathway cuts the stay by about a day.")
    assert not states_a_figure("Switch to the new dressing. [JK 03/04/25]")


def test_an_amount_reached_in_a_scales_letter_is_a_figure_not_a_name():
    assert states_a_figure("Waiting lists have climbed to 7.6m.")
    assert states_a_figure("Sign-ups rose to 40k in a month.")
    # Not after an outcome: "a 7B model" names a size.
    assert not states_a_figure("We fine-tuned the 7B model on the notes.")


def test_orders_of_magnitude_are_a_figure():
    assert states_a_figure("The sensor's linear range spans three orders of magnitude.")


def test_a_span_before_a_reduction_is_a_figure():
    assert states_a_figure("The 2.1-day reduction held only in one subgroup.")
    assert not states_a_figure("The 3-day course is standard.")


def test_celsius_without_its_degree_sign_and_equivalents_are_figures():
    assert _one("The resin softens above 120 C.", "120").unit == "°C"
    assert _one("Samples were kept at -80C overnight.", "-80").unit == "°C"
    assert _one("The resin sets at 113C.", "113").unit == "°C"
    assert states_a_figure("The salt decomposes near 310 C.")
    assert states_a_figure("Adding 3 equiv of base doubled nothing.")
    assert _one("with 1.2 eq. of the boronic acid", "1.2").unit == "equiv"
    # Carbon-13 and carbon-14, a panel or a stage, and a battery's C-rate are not Celsius.
    assert not states_a_figure("The 13C spectrum lacks the ketone peak.")
    assert not states_a_figure("Radiocarbon (14C) dating of the charcoal layer failed.")
    assert _one("Stage 3C disease was excluded.", "3").unit == ""
    assert _one("Cells were cycled at 1C.", "1").unit == ""


def test_double_as_a_verb_is_a_change_and_as_an_adjective_is_none():
    assert states_a_figure("Cover crops halve nitrate losses in wet winters.")
    assert states_a_figure("Tariffs could double import prices.")
    assert not states_a_figure("Layered double hydroxide films resist corrosion.")
    assert not states_a_figure("It contains double bonds that oxidise in air.")
    assert not [q for q in quantities("Layered double hydroxide films resist corrosion.")]


def test_outcomes_counted_as_zero_are_a_figure():
    assert states_a_figure("Zero surgical site infections in the bundle arm.")
    assert states_a_figure("Two further HIV infections in the control arm.")


def test_a_number_hyphenated_to_capitals_names_a_compound():
    assert not states_a_figure("Test DPD before giving capecitabine or 5-FU, because of toxicity.")
    assert not states_a_figure("5-HT3 antagonists were given to every patient.")
    assert states_a_figure("Nausea fell by 5-10% with the new antiemetic.")


def test_a_ph_and_a_change_by_an_amount_in_words_are_figures():
    assert states_a_figure("The resin is stable up to pH 12.")
    assert not states_a_figure("A Ph 3 trial is recruiting.")
    assert states_a_figure("The new triage trimmed waits by three weeks.")
    assert not states_a_figure("The new triage trimmed waits by a lot.")


def test_the_new_value_before_the_old_is_a_change():
    assert states_a_figure("Breeding ponds down to 12 from 19 last year.")
    assert states_a_figure("Waiting lists fell to 4,100 from 5,300.")


def test_a_rate_per_a_round_population_is_a_figure():
    assert states_a_figure("Reinfection runs at about 5 per 100 person-years.")
    assert states_a_figure("Stillbirths fell to 3.1 per 1,000 births.")


def test_time_points_schedules_and_farm_units():

    # A null result at a time point states no figure; round the clock is a schedule.
    assert not states_a_figure("No difference in walking speed at 6 months.")
    assert not states_a_figure("Door-to-needle improved once the unit went 24/7.")
    # A figure at a time point stays one, and so does when an outcome came.
    assert states_a_figure("Mortality at 28 days was 19%.")
    assert states_a_figure("The second recipient died at 3 months.")
    # Bushels per acre, and how long a cost takes to come back, are figures.
    assert states_a_figure("The new hybrid beat the checks by 5 bu/ac.")
    assert states_a_figure("Drip irrigation pays back within four seasons.")
    assert states_a_figure("A payback period of 3 years for the heat pump.")


def test_times_achieved_and_distances_moved_are_figures():
    assert states_a_figure("The film degrades in under six weeks in soil.")
    assert states_a_figure("The glacier tongue retreated over 300 m last summer.")


def test_magnitudes_and_ruptures_counted_are_figures():
    assert states_a_figure("M6.4 struck offshore; no tsunami warning.")
    assert states_a_figure("The swarm peaked at Mw 4.9 on the second day.")
    assert states_a_figure("At least nine faults ruptured, and 12 faults ruptured in the model.")
    # A magnitude after an article names the event.
    assert not states_a_figure("The M7.8 rupture went supershear along part of its length.")
    # Outcomes picked up and a change all the way to nothing are figures too.
    assert states_a_figure("The pilot picked up 7 infected donors.")
    assert states_a_figure("The reminder effect decays to zero by the second month.")
