from __future__ import annotations

from django.urls import path

from wiki import views

app_name = "wiki"

urlpatterns = [
    path("", views.concept_index, name="index"),
    path("new/", views.concept_new, name="new"),
    path("preview/", views.concept_preview, name="preview"),
    path("<slug:slug>/edit/", views.concept_edit, name="edit"),
    path("<slug:slug>/history/", views.concept_history, name="history"),
    path("<slug:slug>/diff/", views.concept_diff, name="diff"),
    path("<slug:slug>/revisions/<int:number>/", views.revision_detail, name="revision"),
    path(
        "<slug:slug>/revisions/<int:number>/revert/", views.revision_revert, name="revision_revert"
    ),
    path(
        "<slug:slug>/revisions/<int:number>/approve/",
        views.revision_approve,
        name="revision_approve",
    ),
    path(
        "<slug:slug>/revisions/<int:number>/reject/", views.revision_reject, name="revision_reject"
    ),
]
