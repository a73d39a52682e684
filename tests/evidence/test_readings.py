"""What the words say was read, in wordings the rules were widened for: each sentence here
is written for the test, none is taken from a labelled set."""

import pytest

from evidence import claim_findings

# (the claim, the words at the head of its section, the page's shape, the level expected)
READINGS = [
    # The original paper, reached by the writer: full text, over a feed's default.
    (
        "We went back to the Okoye et al. paper itself: the rate is 4.2 per year.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Went to the original Nature paper; the 12% holds for one cohort only.",
        "",
        "digest",
        "full_text",
    ),
    (
        "We have read both the main text and the extended data: the effect is 0.3 SD.",
        "",
        "digest",
        "full_text",
    ),
    ("Read it carefully (methods + trial protocol): 18% switched arms.", "", "digest", "full_text"),
    (
        "Checked Fig. S7 in the supplement: the yield drops to 61% at scale.",
        "",
        "digest",
        "full_text",
    ),
    # Only the summary, however the sentence turns.
    (
        "We only went through the abstract; it reports a 2.1-fold rise.",
        "",
        "digest",
        "abstract_only",
    ),
    ("The abstract we read gives no figures for the control arm.", "", "digest", "abstract_only"),
    (
        "The consortium's release paper abstract says 'thousands of genomes'.",
        "",
        "digest",
        "abstract_only",
    ),
    # Passed on by others, named in the section's head.
    (
        "The probe held 250 units for 6 weeks.",
        "Posters at the spring meeting, relayed by Ana and Kofi; none of us saw them",
        "notes",
        "secondary",
    ),
    (
        "The catalyst reaches 95% conversion in 2 h.",
        "Notes from Prof. Lindqvist's seminar, 9 May",
        "notes",
        "secondary",
    ),
    # The writer's own verdict, however it is put.
    ("Honestly, the memory gains look oversold to us.", "", "digest", "editorial"),
    (
        "We don't buy the subgroup result: twelve subgroups, no correction.",
        "",
        "digest",
        "editorial",
    ),
    (
        "A TON of 30,000 is impressive, but we'd want an independent replication first.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Quantum yield 91% — we'd want the integrating-sphere details before citing it.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Responses shrink 20% with repetition — we find their adaptation model unconvincing.",
        "",
        "digest",
        "editorial",
    ),
]


@pytest.mark.parametrize(("text", "scope", "shape", "level"), READINGS)
def test_the_words_decide_the_level(text, scope, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    "text",
    [
        "The plan is to go back to the original paper next month. The gain is 8%.",
        "Their view is that the catalyst is stable.",
        "The authors say it is impressive.",
    ],
)
def test_plans_and_others_views_mark_nothing(text):
    assert claim_findings(text).evidence == "unmarked"
