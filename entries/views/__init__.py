"""Entry pages: editing, reading, the review queue. Each view validates, calls a service
in ``entries.writing.services`` / ``entries.review.workflow``, and renders or redirects."""

from entries.views.audit import evidence_audit, evidence_reaudit
from entries.views.editing import entry_edit, entry_new, paper_options
from entries.views.feeds import entries_feed, topic_feed
from entries.views.reading import (
    entry_detail,
    evidence_help,
    my_entries,
    topic_detail,
    topic_index,
)
from entries.views.rereview import entry_review_by_view
from entries.views.review import (
    claim_apply_suggestion_view,
    claim_mark_view,
    entry_apply_suggestions_view,
    entry_marks_view,
    entry_transition_view,
    review_item,
    review_queue,
)

__all__ = [
    "claim_apply_suggestion_view",
    "claim_mark_view",
    "entries_feed",
    "entry_apply_suggestions_view",
    "entry_detail",
    "entry_edit",
    "entry_marks_view",
    "entry_new",
    "entry_review_by_view",
    "entry_transition_view",
    "evidence_audit",
    "evidence_help",
    "evidence_reaudit",
    "my_entries",
    "paper_options",
    "review_item",
    "review_queue",
    "topic_detail",
    "topic_feed",
    "topic_index",
]
