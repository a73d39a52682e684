from __future__ import annotations

import pytest

from evaluation.evidence import DEFAULT, evaluate, load, main


def test_evaluate_labelled_set_stays_above_its_floors():
    report = evaluate(load(DEFAULT))
    assert report.evidence_agreement >= 0.95
    assert report.no_figure_agreement >= 0.95
    for counts in report.evidence.values():
        assert counts.precision >= 0.9
        assert counts.recall >= 0.85


def test_evaluate_heldout_set_stays_above_its_floors():
    report = evaluate(load(DEFAULT.with_name("heldout.jsonl")))
    assert report.evidence_agreement >= 0.85
    assert report.no_figure_agreement >= 0.85


# Floors per set: (evidence on explicit signals, exactly right). Never lowered; raised to
# what the rules reach after each set was used to widen them.
FLOORS = {
    "probes.jsonl": (0.95, 0.95),
    "blind1.jsonl": (0.95, 0.95),
    "blind2.jsonl": (0.95, 0.95),
    "blind3.jsonl": (0.95, 0.95),
    "blind4.jsonl": (0.95, 0.95),
    "blind5.jsonl": (0.95, 0.95),
    # blind6 to blind8 label a digest item "secondary" even where its own words say what
    # was read ("We read the full paper: …"), as the rules then did: the page's shape came
    # first. A claim's own words now come first (docs/evidence.md, "Precedence"), so those
    # items (2, 3 and 3) are marked by their words: the floors take that, nothing else.
    "blind6.jsonl": (0.97, 0.93),
    "blind7.jsonl": (0.97, 0.93),
    "blind8.jsonl": (0.95, 0.96),
    # Its reader counts any comparison without an absolute score as "relative gains only"
    # and any unnamed "their 7B model" as "model not named", where the earlier readers did
    # not: the exact floor is what the rules reach, the evidence floor is not lowered.
    "blind9.jsonl": (1.0, 0.5),
    # the same reading of those two caveats as blind9's; two judgements made after a full
    # reading ("having gone through the paper, my worry remains…") are now editorial
    "blind10.jsonl": (0.98, 0.4),
    "blind11.jsonl": (0.98, 0.45),  # and blind11's; "not read" alone is read as the spec says
    "blind12.jsonl": (0.99, 0.45),
    "blind13.jsonl": (1.0, 0.4),
    "blind14.jsonl": (0.99, 0.25),
    # Single-sentence probes labelled as the issue's own probe reads caveats (by the words):
    # first measured 0.95 explicit, 0.79 exactly right; 0.91 after its caveat round.
    "probes2.jsonl": (0.94, 0.9),
    # First measured 0.89 explicit, 0.69 exactly right.
    "probes3.jsonl": (0.95, 0.89),
}

# Sets measured once and not yet read while widening the rules: the figures first printed
# are their floors (explicit signals, unmarked kept, all, no figure, exactly right).
UNSEEN = {
    "blind15.jsonl": (0.9, 0.96, 0.915, 0.96, 0.445),
    "blind16.jsonl": (0.92, 0.94, 0.93, 0.96, 0.42),
    # Probes labelled as the issue's own probe reads caveats; first printed 0.97 explicit,
    # 1.00 unmarked kept, 0.97 all, 1.00 no figure, 0.81 exactly right.
    "probes4.jsonl": (0.96, 1.0, 0.96, 1.0, 0.8),
}


@pytest.mark.parametrize("name", UNSEEN)
def test_evaluate_sets_not_yet_read_keep_their_first_figures(name):
    signalled, unmarked, every, no_figure, exact = UNSEEN[name]
    report = evaluate(load(DEFAULT.with_name(name)))
    assert report.signalled_agreement >= signalled
    assert report.unmarked_agreement >= unmarked
    assert report.evidence_agreement >= every
    assert report.no_figure_agreement >= no_figure
    assert report.exact_agreement >= exact


@pytest.mark.parametrize("name", FLOORS)
def test_evaluate_sets_labelled_by_other_readers_stay_above_their_floors(name):
    """Sets whose sentences were labelled without the rules at hand (each later used to
    widen them, by meaning): the agreement must not fall back below its floor."""
    signalled, exact = FLOORS[name]
    report = evaluate(load(DEFAULT.with_name(name)))
    assert report.evidence_agreement >= 0.95
    assert report.signalled_agreement >= signalled
    assert report.unmarked_agreement >= 0.95
    assert report.no_figure_agreement >= 0.95
    assert report.exact_agreement >= exact


def test_evaluate_prints_explicit_signals_and_exactly_right(tmp_path, capsys):
    """The figures the acceptance is judged on are printed, not computed by hand: one
    explicit signal read right, one missed, one unmarked sentence left alone."""
    items = [
        '{"text": "Only the abstract was read: it claims 12% fewer tokens.", '
        '"evidence": "abstract_only", "caveats": []}',
        '{"text": "Scores went up on every benchmark they tried.", '
        '"evidence": "secondary", "caveats": ["no figure stated"]}',
        '{"text": "The student matches the teacher at 41.2 on MATH.", '
        '"evidence": "unmarked", "caveats": []}',
    ]
    path = tmp_path / "mini.jsonl"
    path.write_text("\n".join(items), encoding="utf-8")
    assert main([str(path), "-v"]) == 0
    out = capsys.readouterr().out
    assert "evidence, explicit signals     0.50  of 2" in out
    assert "evidence, unmarked kept        1.00  of 1" in out
    assert "exactly right                  0.67  of 3" in out
    assert "want secondary" in out


# The later field sets, read while widening the rules: every field keeps explicit statements
# used at 0.9 or more and never marks full text where less was read.
FIELD_SETS = sorted(
    path
    for folder in (
        "fields6",
        "fields7",
        "fields8",
        "fields9",
        "fields11",
        "fields12",
        "fields14",
        "fields16",
        "fields21",
        "fields22",
        "fields23",
        "fields25",
        "fields26",
        "fields27",
        "fields28",
        "fields29",
        "fields31",
        "fields32",
        "fields33",
        "fields34",
    )
    for path in (DEFAULT.parent / folder).glob("*.jsonl")
)


@pytest.mark.parametrize("path", FIELD_SETS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_evaluate_later_field_sets_keep_their_explicit_statements(path):
    report = evaluate(load(path))
    assert report.signalled_agreement >= 0.9
    assert report.overread == 0


# The tenth field set, measured on the committed rules and not read (but for two full-text
# over-reads, mended): its figures per field are floors, and it never over-reads again.
UNREAD_FIELDS = {
    "battery-recycling": 0.86,
    "glaciology": 0.89,
    "labour-economics": 0.75,
    "photonics": 0.72,
    "primatology": 0.72,
    "virology": 0.86,
}


@pytest.mark.parametrize("field", UNREAD_FIELDS)
def test_evaluate_unread_field_set_keeps_its_first_figures(field):
    report = evaluate(load(DEFAULT.parent / "fields10" / f"{field}.jsonl"))
    assert report.signalled_agreement >= UNREAD_FIELDS[field] - 0.005
    assert report.overread == 0


# The thirteenth, written by hand and measured on the committed rules without being read:
# its figures per field (explicit statements used, full-text over-reads) are its bounds.
UNREAD_FIELDS_13 = {
    "hepatology": (0.97, 0),
    "mycology": (0.97, 0),
    "oceanography": (1.00, 0),
    "polymer-science": (1.00, 0),
    "sports-medicine": (1.00, 0),
    "water-treatment": (0.89, 0),
}


# The fifteenth, the held-out half's six fields by another writer, measured once on the rules
# widened from dev 14 and not read: its figures per field are its bounds.
UNREAD_FIELDS_15 = {
    "astrophysics": (0.94, 0),
    "chemistry": (0.91, 0),
    "climate": (1.00, 0),
    "clinical": (0.91, 0),
    "ecology": (0.85, 0),
    "economics": (0.88, 0),
}


# The seventeenth, the same six fields by another writer (five habits, verdicts without a
# subject), measured first at 0.56-0.71 explicit used, then read: its figures now are floors.
DEV_FIELDS_17 = {
    "astrophysics": (0.91, 0),
    "chemistry": (0.91, 1),
    "climate": (0.94, 0),
    "clinical": (0.94, 0),
    "ecology": (0.94, 0),
    "economics": (0.97, 0),
}


# The nineteenth, the held-out half's six fields by another writer, measured once on the rules
# at the end of dev 18's round and not read: its figures per field are its bounds.
UNREAD_FIELDS_19 = {
    "astrophysics": (0.97, 0),
    "chemistry": (0.94, 0),
    "climate": (0.97, 0),
    "clinical": (0.82, 1),
    "ecology": (0.94, 0),
    "economics": (0.97, 0),
}


# The twentieth, clinical and climate by another writer (a journal club, a reading group),
# measured first at 0.76 and 0.71 explicit used, then read: its figures now are floors.
DEV_FIELDS_20 = {"clinical": (0.94, 0), "climate": (0.88, 0)}


# The twenty-fourth, the held-out half's six fields by another writer (lab wikis, shorthand),
# measured on the rules before dev 21-23 were read (0.84-0.97 explicit used) and at the end
# of their round without being read: those figures are its bounds.
UNREAD_FIELDS_24 = {
    "astrophysics": (0.94, 0),
    "chemistry": (0.94, 0),
    "climate": (0.94, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
    "economics": (0.94, 0),
}


# The thirtieth, the held-out half's six fields by another writer (a consultancy's client
# digests), measured once on the rules at the end of the dev 25-29 round and not read: its
# figures per field are its bounds.
UNREAD_FIELDS_30 = {
    "astrophysics": (0.97, 0),
    "chemistry": (0.91, 0),
    "climate": (0.94, 0),
    "clinical": (0.88, 1),
    "ecology": (0.94, 0),
    "economics": (0.94, 0),
}


# The thirty-fifth, six fields with secondary and abstract only stressed, measured first at
# 0.72-0.92 explicit used, then read: its figures now are floors, and it never over-reads.
DEV_FIELDS_35 = {
    "cardiology": (0.89, 0),
    "chemistry": (0.92, 0),
    "clinical": (0.94, 0),
    "ecology": (0.92, 0),
    "pharmacy": (0.94, 0),
    "public_health": (1.00, 0),
}


# The thirty-sixth writer's set (clinical, oncology, psychiatry, infectious disease: a
# hospital's committees relaying drug bulletins, regulators' assessments and makers' labels),
# split line by line: one half read while widening the rules (fields36), the other measured
# once with the rules frozen and not read (fields37, 0.50-0.83 explicit used; 0.50-0.83 on the
# rules before the round). Their figures are floors.
DEV_FIELDS_36 = {
    "clinical": (0.92, 0),
    "infectious_disease": (0.94, 0),
    "oncology": (0.89, 0),
    "psychiatry": (0.94, 0),
}
UNREAD_FIELDS_37 = {
    "clinical": (0.89, 0),
    "infectious_disease": (0.89, 0),
    "oncology": (0.78, 1),
    "psychiatry": (0.56, 0),
}

# The thirty-eighth writer's set (clinical, oncology, psychiatry, veterinary, nutrition: a
# team's notes from guideline summaries, regulators' opinions, news highlights and full
# tables), split line by line: one half read while widening the rules (fields38, 0.88-0.94
# explicit used before, 0.94-1.00 after), the other measured before the round and once with
# the rules frozen, not read (fields39, 0.88-1.00 both times). Their figures are floors.
DEV_FIELDS_38 = {
    "clinical": (1.00, 0),
    "nutrition": (1.00, 0),
    "oncology": (1.00, 0),
    "psychiatry": (1.00, 0),
    "veterinary": (0.94, 0),
}
UNREAD_FIELDS_39 = {
    "clinical": (0.88, 0),
    "nutrition": (1.00, 0),
    "oncology": (0.94, 0),
    "psychiatry": (0.94, 0),
    "veterinary": (0.88, 0),
}

# The fortieth writer's set (the held-out half's six fields: a newspaper's science desk and
# an extension service, with agency fact sheets, phone calls and reading groups), split line
# by line: one half read while widening the rules (fields40, 0.82-1.00 explicit used before,
# 0.88-1.00 after), the other measured before the round (0.82-0.88) and once with the rules
# frozen, not read (fields41, 0.82-0.94). Their figures are floors.
DEV_FIELDS_40 = {
    "astrophysics": (0.94, 0),
    "chemistry": (0.94, 0),
    "climate": (1.00, 0),
    "clinical": (0.94, 0),
    "ecology": (0.88, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_41 = {
    "astrophysics": (0.88, 0),
    "chemistry": (0.88, 0),
    "climate": (0.94, 0),
    "clinical": (0.94, 0),
    "ecology": (0.88, 0),
    "economics": (0.82, 0),
}

# The forty-second writer's set (clinical and chemistry: a hospital pharmacy's drug
# information team and an industrial R&D group, the line between the makers' summaries and
# third parties' stressed), split line by line: one half read while widening the rules
# (fields42, 0.74 and 0.91 explicit used before, 0.86 and 0.94 after), the other measured
# before the round and once with the rules frozen, not read (fields43, 0.82 and 0.76 both
# times, one full-text over-read each). Their figures are floors.
DEV_FIELDS_42 = {"chemistry": (0.86, 0), "clinical": (0.94, 0)}
UNREAD_FIELDS_43 = {"chemistry": (0.82, 1), "clinical": (0.76, 1)}

# The forty-fourth writer's set (clinical and chemistry: a patient charity's research desk
# and a battery start-up's scouting team), split line by line: one half read while widening
# the rules (fields44, 0.82 and 0.85 explicit used before, 0.85 and 0.91 after), the other
# measured before the round and once with the rules frozen, not read (fields45, 0.82 and
# 0.88 both times). Their figures are floors.
DEV_FIELDS_44 = {"chemistry": (0.85, 0), "clinical": (0.91, 0)}
UNREAD_FIELDS_45 = {"chemistry": (0.88, 0), "clinical": (0.88, 0)}

# The forty-sixth to fiftieth writers' sets (clinical 40 and three other fields 20 each,
# in the levels' usual mix), each written while the rules of a round were changed and
# measured once after they were frozen: fields46 0.81-1.00 explicit used (one full-text
# over-read in clinical), fields47 0.94-1.00 (two), fields48 0.88-0.94 (one each in
# chemistry and clinical; full papers mentioned but not read stressed), fields49 0.81-1.00
# (one in clinical), fields50 0.88-1.00 (none). fields46 to fields49 were then read while
# widening the rules; fields50 is not read. Their figures are floors.
DEV_FIELDS_46 = {
    "astrophysics": (1.00, 0),
    "clinical": (0.97, 0),
    "ecology": (1.00, 0),
    "economics": (1.00, 0),
}
DEV_FIELDS_47 = {
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
}
DEV_FIELDS_48 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "clinical": (0.97, 0),
    "economics": (0.88, 0),
}
DEV_FIELDS_49 = {
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (0.81, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_50 = {
    "astrophysics": (0.94, 0),
    "chemistry": (1.00, 0),
    "climate": (0.88, 0),
    "clinical": (0.94, 0),
}
# The fifty-first writer's set (clinical 60, stressed on secondary sources in many words;
# ecology and economics 20 each), measured first with the rules frozen (explicit used 0.81,
# 1.00 and 0.88, one full-text over-read in clinical; the same on the rules at the start of
# the day before), then read while widening the rules.
DEV_FIELDS_51 = {
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
    "economics": (0.94, 0),
}
# The fifty-second writer's (clinical 40: an emergency department's and an oncology unit's
# notes; astrophysics, chemistry and climate 20 each), measured first on the rules after the
# dev 51 round (explicit used 0.82-1.00, one full-text over-read in astrophysics; the same
# on the rules at the start of the day), then read while widening the rules.
DEV_FIELDS_52 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
}
# The fifty-third and fifty-fourth writers' sets (clinical 40 and three other fields 20
# each), written at once and measured first on the rules after the dev 52 round: fields53
# 0.89-1.00 explicit used (two full-text over-reads in clinical), fields54 0.83-0.94 (one).
# fields54 was then read while widening the rules; fields53 was measured again with those
# rules frozen (unchanged) and only its two over-reads were read and mended. fields53's
# figures are floors.
UNREAD_FIELDS_53 = {
    "chemistry": (1.00, 0),
    "clinical": (0.94, 0),
    "ecology": (0.94, 0),
    "economics": (0.94, 0),
}
DEV_FIELDS_54 = {
    "astrophysics": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "economics": (1.00, 0),
}
# The fifty-fifth writer's (clinical 40: a respiratory department and an infection-control
# team; astrophysics, chemistry and climate 20 each), measured first on the rules after the
# dev 54 round (explicit used 0.82-0.92, one full-text over-read in climate), then read.
DEV_FIELDS_55 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
}
# The fifty-sixth writer's (clinical 40: a hospital team of several habits, secondary sources
# stressed; astrophysics, ecology and economics 20 each), measured first on the rules after the
# dev 55 round (explicit used 0.92-0.94, one full-text over-read in clinical), then read.
DEV_FIELDS_56 = {
    "astrophysics": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
    "economics": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 56 round: the fifty-seventh
# (clinical 40: a general practice and a community pharmacy; chemistry, climate and economics
# 20 each) at 0.89-1.00 explicit used with two full-text over-reads, then read; the
# fifty-eighth (clinical 40: an intensive-care unit and a geriatrics ward; astrophysics,
# ecology and chemistry 20 each) at 0.81-0.97, measured again unchanged after the round and
# not read: its figures are floors.
DEV_FIELDS_57 = {
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_58 = {
    "astrophysics": (1.00, 0),
    "chemistry": (0.94, 0),
    "clinical": (0.97, 0),
    "ecology": (0.94, 0),
}
# Two more writers', both measured first on the rules after the dev 57 round: the fifty-ninth
# (clinical 40: an emergency department and an oncology pharmacy; astrophysics, ecology and
# economics 20 each) at 0.81-1.00 explicit used with two full-text over-reads, then read; the
# sixtieth (clinical 40: a maternity unit and a paediatric infectious-diseases team;
# astrophysics, chemistry and climate 20 each) at 0.88-0.94, measured again unchanged after
# the round and not read: its figures are floors.
DEV_FIELDS_59 = {
    "astrophysics": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_60 = {
    "astrophysics": (0.94, 0),
    "chemistry": (0.94, 0),
    "climate": (1.00, 0),
    "clinical": (0.91, 0),
}
# The sixty-first writer's (clinical 40: a cardiology department and a rheumatology clinic
# in three habits; climate, economics and ecology 20 each), measured first on the rules after
# the dev 59 round (explicit used 0.76-1.00, one full-text over-read in clinical), then read.
DEV_FIELDS_61 = {
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
    "economics": (1.00, 0),
}
# The sixty-second writer's (clinical 40: a stroke service and a diabetes clinic in four
# habits; chemistry, astrophysics and economics 20 each), measured first on the rules after
# the dev 61 round (explicit used 0.75-0.89, no full-text over-read), then read.
DEV_FIELDS_62 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "clinical": (1.00, 0),
    "economics": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 62 round: the sixty-third
# (clinical 40; chemistry, climate and ecology 20 each) at 0.72-0.94 explicit used with no
# full-text over-read, then read; the sixty-fourth (clinical 40; astrophysics, economics and
# ecology 20 each) at 0.92-1.00, measured again after the round (0.94-1.00, clinical up) and
# not read: its figures are floors.
DEV_FIELDS_63 = {
    "chemistry": (0.94, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
}
UNREAD_FIELDS_64 = {
    "astrophysics": (0.94, 0),
    "clinical": (0.94, 0),
    "ecology": (1.00, 0),
    "economics": (0.94, 0),
}
# Two more writers', both measured first on the rules after the dev 63 round: the sixty-fifth
# (clinical 40: a renal unit and a primary-care research network; astrophysics, chemistry and
# economics 20 each) at 0.83-0.94 explicit used with one full-text over-read in clinical,
# measured again after the dev 66 round (unchanged) and not read: its figures are floors; the
# sixty-sixth (clinical 40: an infectious-diseases service and a hospital pharmacy;
# chemistry, climate and economics 20 each) at 0.78-1.00 with one over-read, then read.
UNREAD_FIELDS_65 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "clinical": (0.86, 1),
    "economics": (0.94, 0),
}
DEV_FIELDS_66 = {
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (0.94, 0),
    "economics": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 66 round: the
# sixty-seventh (clinical 40: an oncology day unit and a sexual-health clinic; astrophysics,
# climate and ecology 20 each) at 0.83-1.00 explicit used with no full-text over-read, then
# read; the sixty-eighth (clinical 40: a care-of-the-elderly ward and a community mental-
# health team; chemistry, economics and ecology 20 each) at 0.89-1.00 with one over-read in
# clinical (0.83-0.94 on the rules at the start of the day), measured again after the round
# (unchanged) and not read: its figures are floors.
DEV_FIELDS_67 = {
    "astrophysics": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
}
UNREAD_FIELDS_68 = {
    "chemistry": (0.94, 0),
    "clinical": (0.89, 1),
    "ecology": (0.94, 0),
    "economics": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 67 round: the sixty-ninth
# (clinical 40: a cardiac surgery unit and a rural general practice; chemistry, climate and
# economics 20 each) at 0.83-0.94 explicit used with no full-text over-read (on the rules at
# the start of the day, one in chemistry), measured again after the dev 70 round (clinical
# 0.92 to 0.94) and not read: its figures are floors; the seventieth (clinical 40: a neonatal
# unit and a dermatology clinic; astrophysics, chemistry and climate 20 each) at 0.83-0.94
# with one over-read in chemistry, then read.
UNREAD_FIELDS_69 = {
    "chemistry": (0.94, 0),
    "climate": (0.94, 0),
    "clinical": (0.94, 0),
    "economics": (0.83, 0),
}
DEV_FIELDS_70 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "climate": (0.94, 0),
    "clinical": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 70 round: the seventy-
# first (clinical 40: a sports-medicine clinic and an addiction service; astrophysics, ecology
# and economics 20 each) at 0.81-0.94 explicit used with no full-text over-read, measured
# again after the dev 72 round (ecology 0.83 to 0.89) and not read: its figures are floors;
# the seventy-second (clinical 40: a transplant unit and a travel-medicine clinic; chemistry,
# climate and ecology 20 each) at 0.78-0.94 with one over-read in ecology, then read.
UNREAD_FIELDS_71 = {
    "astrophysics": (0.94, 0),
    "clinical": (0.81, 0),
    "ecology": (0.94, 0),
    "economics": (0.94, 0),
}
DEV_FIELDS_72 = {
    "chemistry": (1.00, 0),
    "climate": (1.00, 0),
    "clinical": (1.00, 0),
    "ecology": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 72 round: the seventy-
# third (clinical 40: a rheumatology day unit and a prison health service; chemistry, ecology
# and economics 20 each) at 0.78-0.94 explicit used with two full-text over-reads (a verdict
# joined to the writers' full reading by "and"), then read; the seventy-fourth (clinical 40:
# an ophthalmology clinic and a palliative-care team; astrophysics, climate and economics 20
# each) at 0.83-0.94 with two over-reads, measured again after the round (unchanged) and not
# read: its figures are floors.
DEV_FIELDS_73 = {
    "chemistry": (0.94, 0),
    "clinical": (1.00, 0),
    "ecology": (0.94, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_74 = {
    "astrophysics": (0.94, 1),
    "climate": (0.83, 1),
    "clinical": (0.89, 0),
    "economics": (0.89, 0),
}
# Two more writers', both measured first on the rules after the dev 73 round: the seventy-
# fifth (clinical 40: a paediatric emergency department and an occupational-health service;
# astrophysics, chemistry and ecology 20 each) at 0.86-0.94 explicit used with no full-text
# over-read, measured again after the dev 76 round (unchanged) and not read: its figures are
# floors; the seventy-sixth (clinical 40: a haematology ward and a public-health team;
# climate, ecology and economics 20 each) at 0.83-1.00 with none, then read.
UNREAD_FIELDS_75 = {
    "astrophysics": (0.89, 0),
    "chemistry": (0.94, 0),
    "clinical": (0.89, 0),
    "ecology": (0.94, 0),
}
DEV_FIELDS_76 = {
    "climate": (1.00, 0),
    "clinical": (0.92, 0),
    "ecology": (1.00, 0),
    "economics": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 76 round: the seventy-
# seventh (clinical 40: a stroke service and a community rehabilitation team; soil science,
# materials and macroeconomics 20 each) at 0.78-0.92 explicit used with two full-text
# over-reads, then read; the seventy-eighth (clinical 40: a paediatric intensive-care unit and
# a children's hospital pharmacy; ocean science, analytical chemistry and health economics 20
# each) at 0.78-0.92 with two, measured again after the dev 77 round and not read: its figures
# are floors.
DEV_FIELDS_77 = {
    "clinical": (1.00, 0),
    "macroeconomics": (1.00, 0),
    "materials": (1.00, 0),
    "soil": (1.00, 0),
}
UNREAD_FIELDS_78 = {
    "chemistry": (0.89, 1),
    "clinical": (0.92, 0),
    "economics": (0.83, 0),
    "ocean": (0.83, 0),
}
# Two more writers', both measured first on the rules after the dev 77 round: the seventy-
# ninth (clinical 40: a memory clinic and a care-home liaison team, one writer mixing in
# Polish, another Swahili; glaciology, polymer chemistry and development economics 20 each) at
# 0.83-0.89 explicit used with three full-text over-reads, then read; the eightieth (clinical
# 40: a sexual-health clinic and a prison healthcare team; atmospheric chemistry, freshwater
# ecology and labour economics 20 each) at 0.81-0.89 with two, measured again after the dev
# 79 round (clinical 0.83, its over-read mended) and not read: its figures are floors.
DEV_FIELDS_79 = {
    "chemistry": (1.00, 0),
    "clinical": (1.00, 0),
    "economics": (0.94, 0),
    "glaciology": (1.00, 0),
}
UNREAD_FIELDS_80 = {
    "atmospheric": (0.83, 0),
    "clinical": (0.83, 0),
    "ecology": (0.89, 0),
    "economics": (0.83, 1),
}
# Two more writers', both measured first on the rules after the dev 79 round: the eighty-
# first (clinical 40: an obstetric unit and a neonatal outreach team; seismology, food
# science and public finance 20 each) at 0.61-0.83 explicit used with two full-text
# over-reads, then read; the eighty-second (clinical 40: a rural practice and a community
# mental-health team; astrophysics, soil microbiology and trade economics 20 each) at
# 0.67-1.00 with four, measured again after the dev 81 round (economics 0.72, one over-read
# mended) and not read: its figures are floors.
DEV_FIELDS_81 = {
    "clinical": (1.00, 0),
    "economics": (0.94, 0),
    "food": (1.00, 0),
    "seismology": (0.89, 0),
}
UNREAD_FIELDS_82 = {
    "astrophysics": (1.00, 0),
    "clinical": (0.86, 2),
    "economics": (0.72, 0),
    "soil": (0.89, 1),
}
# Two more writers', both measured first on the rules after the dev 81 round: the eighty-
# third (clinical 40: a renal transplant unit and an infection-prevention team; hydrology,
# electrochemistry and behavioural economics 20 each, one writer tagging sources in square
# brackets) at 0.83-0.89 explicit used with two full-text over-reads, then read; the eighty-
# fourth (clinical 40: an emergency department and an ambulance service's research unit;
# climate, ecology and economics 20 each) at 0.83-0.89 with none, measured again after the
# dev 83 round (unchanged) and not read: its figures are floors. Fields82 rose in the round
# (clinical 0.81 to 0.83, soil 0.83 to 0.89).
DEV_FIELDS_83 = {
    "clinical": (1.00, 0),
    "economics": (0.89, 0),
    "electrochemistry": (1.00, 0),
    "hydrology": (1.00, 0),
}
UNREAD_FIELDS_84 = {
    "climate": (0.89, 0),
    "clinical": (0.89, 0),
    "ecology": (0.89, 0),
    "economics": (0.83, 0),
}
# One more writer's, measured first on the rules after the dev 83 round: the eighty-fifth
# (clinical 40: a cancer centre's supportive-care team and a hospice; oceanography, materials
# chemistry and housing economics 20 each) at 0.83-1.00 explicit used with one full-text
# over-read, then read. Fields84, measured again after it and still not read, rose (clinical
# 0.86 to 0.89), and so did fields78 (economics 0.78 to 0.83, its over-read mended).
DEV_FIELDS_85 = {
    "chemistry": (1.00, 0),
    "clinical": (1.00, 0),
    "economics": (1.00, 0),
    "oceanography": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 85 round: the eighty-
# sixth (clinical 40: a vascular-surgery unit and a wound-care nursing team, secondary sources
# stressed; volcanology, textile chemistry and agricultural economics 20 each) at 0.83-0.89
# explicit used with no over-read, then read; the eighty-seventh (clinical 40: a neurology
# clinic and a community physiotherapy team; particle physics, marine ecology and transport
# economics 20 each) at 0.83-0.89 with none, measured again after the dev 86 round
# (unchanged) and not read: its figures are floors. The round raised unread 13, 15 and 19.
DEV_FIELDS_86 = {
    "clinical": (0.97, 0),
    "economics": (1.00, 0),
    "textiles": (1.00, 0),
    "volcanology": (1.00, 0),
}
UNREAD_FIELDS_87 = {
    "clinical": (0.83, 0),
    "ecology": (0.83, 0),
    "economics": (0.89, 0),
    "physics": (0.89, 0),
}
# Two more writers', both measured first on the rules after the dev 86 round: the eighty-
# eighth (clinical 40: a drug-and-alcohol service with community pharmacies; meteorology,
# food microbiology and health economics 20 each) at 0.67-0.94 explicit used with no over-
# read, measured again after the dev 89 round (economics 0.78 to 0.83) and not read: its
# figures are floors; the eighty-ninth (clinical 40: a dermatology department with a
# teledermatology service; planetary science, soil ecology and labour economics 20 each) at
# 0.73-0.83 with one full-text over-read, then read.
UNREAD_FIELDS_88 = {
    "clinical": (0.81, 0),
    "economics": (0.83, 0),
    "meteorology": (0.94, 0),
    "microbiology": (0.67, 0),
}
DEV_FIELDS_89 = {
    "clinical": (1.00, 0),
    "economics": (1.00, 0),
    "planetary": (1.00, 0),
    "soil": (1.00, 0),
}
# Two more writers', both measured first on the rules after the dev 89 round: the ninetieth
# (clinical 40: a general surgery department with an enhanced-recovery team and an
# anaesthetic pre-assessment clinic; oceanography, forensic toxicology and development
# economics 20 each) at 0.64-0.83 explicit used with four full-text over-reads, then read;
# the ninety-first (clinical 40: a children's diabetes service with school nurses; seismology,
# polymer chemistry and environmental economics 20 each) at 0.78-0.94 with two, measured
# again after the dev 90 round (chemistry 0.83 to 0.89) and not read: its figures are floors.
DEV_FIELDS_90 = {
    "chemistry": (0.89, 0),
    "clinical": (0.86, 0),
    "economics": (0.94, 0),
    "oceanography": (1.00, 0),
}
UNREAD_FIELDS_91 = {
    "chemistry": (0.89, 0),
    "clinical": (0.78, 1),
    "economics": (0.89, 1),
    "seismology": (0.94, 0),
}
# Two more writers', both measured first on the rules after the dev 90 round: the ninety-
# second (clinical 40: an orthopaedic trauma unit with hip-fracture physiotherapists and an
# orthogeriatric service; exoplanet atmospheres, battery cathodes and monetary economics 20
# each) at 0.78-1.00 explicit used with one full-text over-read, then read; the ninety-third
# (clinical 40: an HIV and infectious-diseases clinic with a sexual-health outreach team;
# hydrology, atmospheric chemistry and urban economics 20 each) at 0.83-0.94 with none,
# measured again after the dev 92 round (unchanged) and not read: its figures are floors.
DEV_FIELDS_92 = {
    "astrophysics": (1.00, 0),
    "chemistry": (1.00, 0),
    "clinical": (0.97, 0),
    "economics": (1.00, 0),
}
UNREAD_FIELDS_93 = {
    "chemistry": (0.83, 0),
    "clinical": (0.86, 0),
    "economics": (0.83, 0),
    "hydrology": (0.94, 0),
}
# Two more writers', both measured first on the rules after the dev 92 round: the ninety-
# fourth (clinical 40: a mental-health crisis team with liaison psychiatry; volcanic gas, a
# brewery's lab and a parliamentary budget office 20 each) at 0.75-0.83 explicit used with
# one full-text over-read, measured again after the dev 95 round and not read: its figures
# are floors; the ninety-fifth (clinical 40: a respiratory department with pulmonary rehab
# and a home-oxygen service; climate services, fuel cells and labour statistics 20 each) at
# 0.72-0.89 with two, then read.
UNREAD_FIELDS_94 = {
    "chemistry": (0.78, 0),
    "clinical": (0.75, 0),
    "economics": (0.83, 1),
    "volcanology": (0.83, 0),
}
DEV_FIELDS_95 = {
    "climate": (0.94, 0),
    "clinical": (0.97, 0),
    "economics": (0.94, 0),
    "electrochemistry": (0.94, 0),
}

# Each set's figures per field (explicit statements used, full-text over-reads) are its bounds.
FIELD_FLOORS = {
    "fields13": UNREAD_FIELDS_13,
    "fields15": UNREAD_FIELDS_15,
    "fields17": DEV_FIELDS_17,
    "fields19": UNREAD_FIELDS_19,
    "fields20": DEV_FIELDS_20,
    "fields24": UNREAD_FIELDS_24,
    "fields30": UNREAD_FIELDS_30,
    "fields35": DEV_FIELDS_35,
    "fields36": DEV_FIELDS_36,
    "fields37": UNREAD_FIELDS_37,
    "fields38": DEV_FIELDS_38,
    "fields39": UNREAD_FIELDS_39,
    "fields40": DEV_FIELDS_40,
    "fields41": UNREAD_FIELDS_41,
    "fields42": DEV_FIELDS_42,
    "fields43": UNREAD_FIELDS_43,
    "fields44": DEV_FIELDS_44,
    "fields45": UNREAD_FIELDS_45,
    "fields46": DEV_FIELDS_46,
    "fields47": DEV_FIELDS_47,
    "fields48": DEV_FIELDS_48,
    "fields49": DEV_FIELDS_49,
    "fields50": UNREAD_FIELDS_50,
    "fields51": DEV_FIELDS_51,
    "fields52": DEV_FIELDS_52,
    "fields53": UNREAD_FIELDS_53,
    "fields54": DEV_FIELDS_54,
    "fields55": DEV_FIELDS_55,
    "fields56": DEV_FIELDS_56,
    "fields57": DEV_FIELDS_57,
    "fields58": UNREAD_FIELDS_58,
    "fields59": DEV_FIELDS_59,
    "fields60": UNREAD_FIELDS_60,
    "fields61": DEV_FIELDS_61,
    "fields62": DEV_FIELDS_62,
    "fields63": DEV_FIELDS_63,
    "fields64": UNREAD_FIELDS_64,
    "fields65": UNREAD_FIELDS_65,
    "fields66": DEV_FIELDS_66,
    "fields67": DEV_FIELDS_67,
    "fields68": UNREAD_FIELDS_68,
    "fields69": UNREAD_FIELDS_69,
    "fields70": DEV_FIELDS_70,
    "fields71": UNREAD_FIELDS_71,
    "fields72": DEV_FIELDS_72,
    "fields73": DEV_FIELDS_73,
    "fields74": UNREAD_FIELDS_74,
    "fields75": UNREAD_FIELDS_75,
    "fields76": DEV_FIELDS_76,
    "fields77": DEV_FIELDS_77,
    "fields78": UNREAD_FIELDS_78,
    "fields79": DEV_FIELDS_79,
    "fields80": UNREAD_FIELDS_80,
    "fields81": DEV_FIELDS_81,
    "fields82": UNREAD_FIELDS_82,
    "fields83": DEV_FIELDS_83,
    "fields84": UNREAD_FIELDS_84,
    "fields85": DEV_FIELDS_85,
    "fields86": DEV_FIELDS_86,
    "fields87": UNREAD_FIELDS_87,
    "fields88": UNREAD_FIELDS_88,
    "fields89": DEV_FIELDS_89,
    "fields90": DEV_FIELDS_90,
    "fields91": UNREAD_FIELDS_91,
    "fields92": DEV_FIELDS_92,
    "fields93": UNREAD_FIELDS_93,
    "fields94": UNREAD_FIELDS_94,
    "fields95": DEV_FIELDS_95,
}


@pytest.mark.parametrize(
    ("folder", "field"),
    [(folder, field) for folder, floors in FIELD_FLOORS.items() for field in floors],
)
def test_evaluate_field_sets_keep_their_floors(folder, field):
    report = evaluate(load(DEFAULT.parent / folder / f"{field}.jsonl"))
    explicit, overread = FIELD_FLOORS[folder][field]
    assert report.signalled_agreement >= explicit - 0.005
    assert report.overread <= overread


def test_a_second_reader_of_the_dev_half_is_set_beside_the_rules(capsys):
    """A reader who saw neither the rules nor the labels gives nearly every level the same."""
    assert main(["--agreement"]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| second reader")]
    assert len(rows) == 6
    for row in rows:
        explicit = float(row.split("|")[4])
        assert explicit >= 0.95, row
