"""A result's copy of its claim's level and entry (results/claim_copy.py) stays equal to
them whoever writes and however: what the results pages rank and show is never stale
(SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from entries.models import Claim, Entry, EntryStatus, Evidence
from entries.review.services import claim_mark
from results import claim_copy
from results.models import Result
from tests.results.conftest import write_entry
from tests.results.test_views import publish

pytestmark = pytest.mark.django_db


def copies() -> list[tuple]:
    return list(
        Result.objects.order_by("pk").values_list("evidence", "entry_id", "entry_published")
    )


def truth() -> list[tuple]:
    return list(
        Result.objects.order_by("pk").values_list(
            "claim__evidence", "claim__entry_id", "claim__entry__status"
        )
    )


def assert_copied() -> None:
    assert [(e, i, s == EntryStatus.PUBLISHED) for e, i, s in truth()] == copies()


@pytest.fixture
def published(contributor, editor, concept, mmlu, paper):
    entry = write_entry(
        author=contributor, concept=concept, texts=["It reaches 58.2% on MMLU."], paper=paper
    )
    return publish(entry, editor)


def test_a_new_result_copies_its_claim(published):
    assert copies() == [(Evidence.FULL_TEXT, published.pk, True)]


def test_a_mark_shows_on_the_table_at_once(client, published, editor, concept):
    url = reverse("results:concept_results", args=[concept.slug])
    assert "badge-evidence-full_text" in client.get(url).content.decode()

    claim_mark(claim=published.claims.get(), by=editor, evidence=Evidence.SECONDARY, caveats=[])

    html = client.get(url).content.decode()
    assert "badge-evidence-secondary" in html
    assert "badge-evidence-full_text" not in html
    assert_copied()


def test_a_level_written_in_raw_sql_is_copied(published):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE entries_claim SET evidence = %s", [Evidence.EDITORIAL])

    assert copies()[0][0] == Evidence.EDITORIAL


def test_an_entry_taken_back_hides_its_results(client, published, concept):
    Entry.objects.filter(pk=published.pk).update(status=EntryStatus.PENDING)

    assert not Result.objects.published().exists()
    html = client.get(reverse("results:concept_results", args=[concept.slug])).content.decode()
    assert "58.2" not in html

    Entry.objects.filter(pk=published.pk).update(status=EntryStatus.PUBLISHED)
    assert Result.objects.published().count() == 1


def test_a_claim_moved_to_another_entry_takes_its_results(published, contributor, concept):
    other = write_entry(author=contributor, concept=concept, texts=["Nothing measured."])

    Claim.objects.filter(entry=published).update(entry=other)

    assert_copied()
    assert not Result.objects.published().exists()  # the other entry is pending


def test_a_stale_result_saved_keeps_the_claims_level(published):
    result = Result.objects.get()  # read while the claim is read in full
    Claim.objects.update(evidence=Evidence.ABSTRACT_ONLY)

    result.model = "renamed"
    result.save()  # writes the stale copy back

    assert_copied()
    assert copies()[0][0] == Evidence.ABSTRACT_ONLY


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="turning triggers off is PostgreSQL's"
)
def test_install_copies_what_was_written_with_triggers_off(published):
    with connection.cursor() as cursor:
        # As a data-only restore with --disable-triggers writes.
        cursor.execute("SET session_replication_role = replica")
        cursor.execute("UPDATE entries_claim SET evidence = %s", [Evidence.SECONDARY])
        cursor.execute("SET session_replication_role = DEFAULT")
    assert copies()[0][0] == Evidence.FULL_TEXT

    claim_copy.install(connection)  # after every migrate

    assert_copied()
