"""The frame version: writes that change claims alone leave it, every other content write
(and any write the SQL does not plainly show to be such) replaces it with the content."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.models import F
from django.utils import timezone

from core.cache import content_version, frame_version
from entries.models import Caveat, Claim, Entry, EntryStatus, Evidence
from entries.review.services import claim_mark
from papers.models import Paper
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.models import Concept


@pytest.fixture
def claim(db):
    concept = make_concept("Reward Modeling")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 1))
    entry.topics.add(concept)
    return ClaimFactory(entry=entry, paper=PaperFactory(), evidence=Evidence.ABSTRACT_ONLY)


def _raw(sql: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql)


def _versions() -> tuple[str, str]:
    return content_version(), frame_version()


def _claims_only(write) -> bool:
    """Whether ``write`` replaced the content version and kept the frame's (the content
    version must change either way)."""
    content, frame = _versions()
    write()
    assert content_version() != content
    return frame_version() == frame


def test_marking_a_claim_keeps_the_frame(claim, other_editor):
    caveat = Caveat.objects.first()
    assert _claims_only(
        lambda: claim_mark(
            claim=claim, by=other_editor, evidence=Evidence.FULL_TEXT, caveats=[caveat]
        )
    )
    assert _claims_only(
        lambda: claim_mark(claim=claim, by=other_editor, evidence=Evidence.FULL_TEXT, caveats=[])
    )


def test_claim_rows_and_entry_bookkeeping_keep_the_frame(claim):
    entry = claim.entry
    assert _claims_only(lambda: Claim.objects.filter(pk=claim.pk).update(text="Other."))
    assert _claims_only(
        lambda: Entry.objects.filter(pk=entry.pk).update(
            version=F("version") + 1, updated=timezone.now()
        )
    )
    entry.version += 1
    assert _claims_only(lambda: entry.save(update_fields=["version", "updated"]))
    assert _claims_only(lambda: Entry.objects.update(updated=timezone.now()))
    assert _claims_only(lambda: _raw("UPDATE entries_entry SET version = version + 1"))
    assert _claims_only(lambda: ClaimFactory(entry=entry))
    assert _claims_only(lambda: Claim.objects.filter(pk=claim.pk).delete())


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda e: Entry.objects.filter(pk=e.pk).update(headline="New"), id="headline"),
        pytest.param(
            lambda e: Entry.objects.filter(pk=e.pk).update(
                version=F("version") + 1, status=EntryStatus.REJECTED
            ),
            id="version-and-status",
        ),
        pytest.param(lambda e: e.save(), id="whole-row-save"),
        pytest.param(lambda e: e.topics.clear(), id="topics"),
        pytest.param(lambda e: e.delete(), id="entry-deleted"),
        pytest.param(lambda e: EntryFactory(), id="new-entry"),
        pytest.param(lambda e: Concept.objects.update(title="Renamed"), id="concept-renamed"),
        pytest.param(lambda e: Paper.objects.update(title="Retitled"), id="paper-edited"),
        pytest.param(lambda e: Caveat.objects.update(description="Other."), id="caveat-edited"),
        pytest.param(
            lambda e: e.author.__class__.objects.filter(pk=e.author_id).update(username="x"),
            id="author-renamed",
        ),
    ],
)
def test_every_other_write_replaces_the_frame(claim, write):
    entry = Entry.objects.get(pk=claim.entry_id)
    before = _versions()
    write(entry)
    after = _versions()
    assert after[0] != before[0] and after[1] != before[1]


@pytest.mark.parametrize(
    "sql",
    [
        "/* an operator's fix */ UPDATE entries_entry SET headline = 'x'",
        'UPDATE "entries_entry" SET "updated" = "updated", "status" = \'rejected\'',
        'UPDATE "entries_entry" SET "updated" = COALESCE("updated", (SELECT "updated" '
        'WHERE 1 = 1)), "headline" = \'a, "version" = 1\' '
        'WHERE "id" IN (SELECT "id" FROM "entries_entry")',
    ],
)
def test_raw_sql_that_changes_more_than_claims_replaces_the_frame(claim, sql):
    before = _versions()
    _raw(sql)
    after = _versions()
    assert after[0] != before[0] and after[1] != before[1]
