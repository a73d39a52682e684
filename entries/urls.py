from __future__ import annotations

from django.urls import path

from entries import views
from wiki import views as wiki_views

app_name = "entries"

urlpatterns = [
    path("entries/new/", views.entry_new, name="new"),
    path("entries/<int:pk>/", views.entry_detail, name="detail"),
    path("entries/<int:pk>/edit/", views.entry_edit, name="edit"),
    path("review/", views.review_queue, name="review"),
    path("topics/", views.topic_index, name="topics"),
    path("topics/<slug:slug>/", views.topic_detail, name="topic"),
    path("topics/<slug:slug>/feed/", views.topic_feed, name="topic_feed"),
    path("changes/", wiki_views.recent_changes, name="changes"),
]
