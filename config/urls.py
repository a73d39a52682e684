from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("front.urls")),
    path("", include("search.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
    path("wiki/", include("wiki.urls")),
    path("papers/", include("papers.urls")),
    path("import/", include("importer.urls")),
    path("api/", include("api.urls")),
    path("", include("entries.urls")),
]
