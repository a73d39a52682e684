"""The pages' routes. They keep the addresses and names of the domain they show: the
concept page is /wiki/<slug>/, named "wiki:concept" (config/urls.py puts it in the wiki's
namespace, after the wiki's own routes)."""

from __future__ import annotations

from django.urls import path

from pages import views

wiki_urlpatterns = [
    path("<slug:slug>/", views.concept_detail, name="concept"),
]
