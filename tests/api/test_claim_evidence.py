"""The API shows each claim's reasons and suggestions from the same suggester as the pages."""

from __future__ import annotations

import pytest

from entries.models import EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory

pytestmark = pytest.mark.django_db


def test_entry_claims_carry_reasons_and_suggestions_with_their_words(client):
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    ClaimFactory(
        entry=entry,
        text="Reportedly the method wins on unnamed benchmarks.",
        evidence=Evidence.ABSTRACT_ONLY,
        evidence_reason="says only the abstract was read: “The paper was not read.”",
    )

    (claim,) = client.get(f"/api/entries/{entry.pk}/").json()["claims"]

    assert claim["evidence_reason"] == "says only the abstract was read: “The paper was not read.”"
    by_value = {s["value"]: s for s in claim["suggestions"]}
    assert set(by_value) == {"benchmark not named", "no figure stated"}
    assert "unnamed benchmarks" in by_value["benchmark not named"]["reason"]
    assert by_value["benchmark not named"]["kind"] == "caveat"
