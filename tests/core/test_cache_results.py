"""The results version: what the results tables and benchmark pages show (results,
benchmarks, and the marks, caveats, entries and topics of the claims that state results)
replaces it; the marks and edits people make all day to the other claims and pages leave
it, and replace the content version alone."""

from __future__ import annotations

import pytest
from django.db import connection

from core.cache import content_version, results_version
from entries.models import Caveat, Claim, EntryStatus, Evidence
from entries.review.services import claim_mark
from entries.review.workflow import entry_transition
from results.models import Benchmark, Result, ResultStatus
from tests.factories import make_concept
from wiki.services import concept_edit


@pytest.fixture
def stated(world):
    """The published entry's first claim states a confirmed result on MMLU; its second
    claim states none."""
    mmlu = Benchmark.objects.create(name="MMLU", slug="mmlu")
    Result.objects.filter(claim__entry=world.published).update(
        status=ResultStatus.CONFIRMED, benchmark=mmlu
    )
    claims = list(world.published.claims.order_by("position"))
    assert claims[0].results.exists() and not claims[1].results.exists()
    return claims


def _results_kept(write) -> bool:
    """Whether ``write`` kept the results version (the content version must change)."""
    content, results = content_version(), results_version()
    write()
    assert content_version() != content
    return results_version() == results


def _raw(sql: str, params=None) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def test_writes_to_claims_that_state_no_result_keep_the_results_pages(world, stated, editor):
    plain = stated[1]
    assert _results_kept(
        lambda: claim_mark(claim=plain, by=editor, evidence=Evidence.EDITORIAL, caveats=[])
    )
    assert _results_kept(lambda: plain.caveats.add(Caveat.objects.order_by("pk").first()))
    assert _results_kept(lambda: Claim.objects.filter(pk=plain.pk).update(text="Reworded."))
    # The claim with results, in words the results pages do not show.
    assert _results_kept(lambda: Claim.objects.filter(pk=stated[0].pk).update(text="Reworded."))
    # Another entry's status, and a concept's text.
    pending = world.pending[next(iter(world.pending))]
    assert _results_kept(
        lambda: entry_transition(
            entry=pending, to=EntryStatus.PUBLISHED, by=editor, version=pending.version
        )
    )
    concept = world.concept
    concept.refresh_from_db()
    assert _results_kept(
        lambda: concept_edit(
            concept=concept,
            author=editor,
            title=concept.title,
            summary=concept.summary,
            body="Edited.",
            edit_summary="",
            base_revision=concept.current_revision,
        )
    )
    assert _results_kept(lambda: make_concept("Process Supervision"))
    # A claim whose result is only proposed: the mark copied onto it (results/claim_copy.py)
    # is not shown.
    Result.objects.create(claim=plain, value=1.0)
    assert _results_kept(
        lambda: claim_mark(claim=plain, by=editor, evidence=Evidence.SECONDARY, caveats=[])
    )
    assert Result.objects.get(claim=plain).evidence == Evidence.SECONDARY


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(
            lambda w, c, e: claim_mark(claim=c[0], by=e, evidence=Evidence.EDITORIAL, caveats=[]),
            id="mark",
        ),
        pytest.param(
            lambda w, c, e: c[0].caveats.add(Caveat.objects.order_by("pk").first()),
            id="caveat-added",
        ),
        pytest.param(
            lambda w, c, e: Claim.objects.update(evidence=Evidence.SECONDARY), id="bulk-marks"
        ),
        pytest.param(
            lambda w, c, e: _raw(
                "UPDATE entries_entry SET status = 'draft' WHERE id = %s", [w.published.pk]
            ),
            id="entry-unpublished",
        ),
        pytest.param(lambda w, c, e: w.published.topics.clear(), id="entry-topics"),
        pytest.param(lambda w, c, e: w.published.topics.add(make_concept("Other")), id="topic"),
        pytest.param(lambda w, c, e: Result.objects.update(value=99.0), id="result-edited"),
        pytest.param(
            lambda w, c, e: Benchmark.objects.update(name="MMLU-Pro"), id="benchmark-renamed"
        ),
        pytest.param(
            lambda w, c, e: Caveat.objects.filter(pk=Caveat.objects.order_by("pk")[0].pk).update(
                name="renamed caveat"
            ),
            id="caveat-renamed",
        ),
        pytest.param(lambda w, c, e: w.paper.delete(), id="paper-deleted"),
        pytest.param(
            lambda w, c, e: _raw(
                "/* a fix */ UPDATE papers_paper SET arxiv_id = '2601.00001' WHERE id = %s",
                [w.paper.pk],
            ),
            id="paper-renumbered",
        ),
    ],
)
def test_writes_to_what_the_results_pages_show_replace_the_results_version(
    world, stated, editor, write
):
    assert not _results_kept(lambda: write(world, stated, editor))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no TRUNCATE")
def test_a_truncated_caveat_link_table_replaces_the_results_version(world, stated):
    assert not _results_kept(lambda: _raw("TRUNCATE entries_claim_caveats"))
