from __future__ import annotations

from django.urls import path

from papers import views

app_name = "papers"

urlpatterns = [
    path("", views.paper_list, name="list"),
    path("new/", views.paper_new, name="new"),
    path("import/", views.paper_import, name="import"),
    # A key is an arXiv id (2608.17528, hep-th/9901001) or the numeric primary key; the
    # longer routes come first because <path:> would swallow their suffix. The paper page
    # and its topics (pages.urls) follow these in the same namespace (config/urls.py).
    path("<path:key>/edit/", views.paper_edit, name="edit"),
    path(
        "<path:key>/changes/<int:change_id>/revert/",
        views.paper_change_revert_view,
        name="change_revert",
    ),
]
