from __future__ import annotations

from django.urls import path

from wiki import views

app_name = "wiki"

urlpatterns = [
    path("", views.concept_index, name="index"),
    path("new/", views.concept_new, name="new"),
    path("<slug:slug>/", views.concept_detail, name="concept"),
    path("<slug:slug>/edit/", views.concept_edit, name="edit"),
    path("<slug:slug>/history/", views.concept_history, name="history"),
]
