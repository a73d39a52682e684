from __future__ import annotations

from django.urls import path

from entries import views

app_name = "entries"

urlpatterns = [
    path("entries/new/", views.entry_new, name="new"),
    path("entries/mine/", views.my_entries, name="mine"),
    path("entries/papers/", views.paper_options, name="paper_options"),
    path("entries/<int:pk>/", views.entry_detail, name="detail"),
    path("entries/<int:pk>/edit/", views.entry_edit, name="edit"),
    path("entries/<int:pk>/transition/", views.entry_transition_view, name="transition"),
    path(
        "entries/<int:pk>/apply-suggestions/",
        views.entry_apply_suggestions_view,
        name="apply_suggestions",
    ),
    path("entries/<int:pk>/marks/", views.entry_marks_view, name="marks"),
    path("entries/<int:pk>/review-by/", views.entry_review_by_view, name="review_by"),
    path("claims/<int:pk>/mark/", views.claim_mark_view, name="claim_mark"),
    path("claims/<int:pk>/apply/", views.claim_apply_suggestion_view, name="claim_apply"),
    path("review/", views.review_queue, name="review"),
    path("review/audit/", views.evidence_audit, name="audit"),
    path("review/audit/run/", views.evidence_reaudit, name="reaudit"),
    path("review/<int:pk>/", views.review_item, name="review_item"),
    path("topics/", views.topic_index, name="topics"),
    path("help/evidence/", views.evidence_help, name="help_evidence"),
    path("topics/<slug:slug>/", views.topic_detail, name="topic"),
    path("topics/<slug:slug>/feed/", views.topic_feed, name="topic_feed"),
]
