"""The evidence levels and caveats are one list (the engine's); the database holds it."""

from __future__ import annotations

import pytest

from entries.models import Caveat, Evidence, EvidenceLevel
from evidence import CAVEATS, EVIDENCE_VALUES, LEVELS


def test_evidence_choices_are_the_engines_levels_in_order():
    assert tuple(Evidence.values) == EVIDENCE_VALUES


def test_mark_levels_are_the_engines_precedence_then_an_editor():
    assert tuple(v for v in EvidenceLevel.values if v) == (*LEVELS, "editor")


@pytest.mark.django_db
def test_the_seeded_caveat_rows_are_the_engines_caveats():
    assert sorted(Caveat.objects.values_list("name", flat=True)) == sorted(CAVEATS)
