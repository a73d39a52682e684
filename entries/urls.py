from __future__ import annotations

from django.urls import path

from entries.reading import views as reading
from entries.review.views import audit, queue, rereview
from entries.writing import views as writing

app_name = "entries"

urlpatterns = [
    path("entries/new/", writing.entry_new, name="new"),
    path("entries/mine/", reading.my_entries, name="mine"),
    path("entries/papers/", writing.paper_options, name="paper_options"),
    path("entries/<int:pk>/", reading.entry_detail, name="detail"),
    path("entries/<int:pk>/edit/", writing.entry_edit, name="edit"),
    path("entries/<int:pk>/transition/", queue.entry_transition_view, name="transition"),
    path(
        "entries/<int:pk>/apply-suggestions/",
        queue.entry_apply_suggestions_view,
        name="apply_suggestions",
    ),
    path("entries/<int:pk>/marks/", queue.entry_marks_view, name="marks"),
    path("entries/<int:pk>/review-by/", rereview.entry_review_by_view, name="review_by"),
    path("claims/<int:pk>/mark/", queue.claim_mark_view, name="claim_mark"),
    path("claims/<int:pk>/apply/", queue.claim_apply_suggestion_view, name="claim_apply"),
    path("review/", queue.review_queue, name="review"),
    path("review/audit/", audit.evidence_audit, name="audit"),
    path("review/audit/run/", audit.evidence_reaudit, name="reaudit"),
    path("review/<int:pk>/", queue.review_item, name="review_item"),
    path("topics/", reading.topic_index, name="topics"),
    path("help/evidence/", reading.evidence_help, name="help_evidence"),
    path("topics/<slug:slug>/", reading.topic_detail, name="topic"),
    path("topics/<slug:slug>/feed/", reading.topic_feed, name="topic_feed"),
]
