"""The pages' routes. They keep the addresses and names of the domain they show: the
concept page is /wiki/<slug>/, named "wiki:concept", and the paper page /papers/<key>/,
named "papers:detail" (config/urls.py puts each in its domain's namespace, after the
domain's own routes: a <path:key> would swallow their suffixes)."""

from __future__ import annotations

from django.urls import path

from pages import views

wiki_urlpatterns = [
    path("<slug:slug>/", views.concept_detail, name="concept"),
]

papers_urlpatterns = [
    path("<path:key>/topics/", views.paper_topics, name="topics"),
    path("<path:key>/", views.paper_detail, name="detail"),
]
