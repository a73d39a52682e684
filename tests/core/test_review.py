"""The one review mechanism every reviewed thing declares its states on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from core.review import AUTHOR, EDITOR, Transition, Workflow, four_eyes_forbids, seen_is_stale
from entries.models import EntryStatus
from entries.review.workflow import TRANSITIONS as ENTRY_MOVES
from results.models import ResultStatus
from results.services import DECISIONS as RESULT_MOVES
from wiki.models import RevisionStatus
from wiki.workflow import TRANSITIONS as REVISION_MOVES


def test_a_workflow_finds_only_the_moves_its_table_names():
    table = Workflow(
        Transition("draft", "pending", AUTHOR, "submitted", "Submit"),
        Transition("pending", "published", EDITOR, "approved", "Approve"),
    )
    assert table.move("draft", "pending").action == "submitted"
    assert table.move("draft", "published") is None
    assert table.decisions == {"published"}
    assert [t.target for t in table.from_state("pending")] == ["published"]


@pytest.mark.parametrize("rule, forbids", [(True, True), (False, False)])
def test_the_four_eyes_rule_keeps_a_writer_from_deciding_while_it_is_on(settings, rule, forbids):
    settings.WIKI_FOUR_EYES = rule
    writer, other = SimpleNamespace(pk=1), SimpleNamespace(pk=2)
    assert four_eyes_forbids(writer, {1, 3}) is forbids
    assert four_eyes_forbids(other, {1, 3}) is False


def test_a_version_is_stale_only_when_one_was_named_and_it_moved_on():
    assert seen_is_stale(3, 4) is True
    assert seen_is_stale(4, 4) is False
    assert seen_is_stale(None, 4) is False


def test_revisions_entries_and_results_declare_their_states_on_it():
    assert REVISION_MOVES.move(RevisionStatus.PENDING, RevisionStatus.PUBLISHED).permission == (
        "wiki.review_revision"
    )
    assert REVISION_MOVES.move(RevisionStatus.PUBLISHED, RevisionStatus.REJECTED) is None
    assert ENTRY_MOVES.move(EntryStatus.PENDING, EntryStatus.PUBLISHED).role == EDITOR
    assert ENTRY_MOVES.move(EntryStatus.DRAFT, EntryStatus.PUBLISHED) is None
    confirm = RESULT_MOVES.move(ResultStatus.PROPOSED, ResultStatus.CONFIRMED)
    assert (confirm.role, confirm.action) == (EDITOR, "confirmed a result")
    assert RESULT_MOVES.move(ResultStatus.CONFIRMED, ResultStatus.PROPOSED) is None
