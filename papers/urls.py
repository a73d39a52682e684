from __future__ import annotations

from django.urls import path

from papers import views

app_name = "papers"

urlpatterns = [
    path("", views.paper_list, name="list"),
    path("new/", views.paper_new, name="new"),
    # An arXiv id (2608.17528, hep-th/9901001) or the numeric primary key.
    path("<path:key>/", views.paper_detail, name="detail"),
]
