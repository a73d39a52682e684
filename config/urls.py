from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from entries.views import entries_feed
from papers.views import papers_feed

# A 400 raised before any view (a Host header not allowed): JSON under /api/.
handler400 = "core.http.bad_request"

urlpatterns = [
    path("", include("front.urls")),
    path("", include("search.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
    path("", include("results.urls")),
    path("wiki/", include("wiki.urls")),
    path("papers/", include("papers.urls")),
    path("import/", include("importer.urls")),
    path("jobs/", include("jobs.urls")),
    path("watching/", include("watching.urls")),
    path("api/", include("api.urls")),
    # Site-wide Atom feeds; each topic's feed lives beside its page (/topics/<slug>/feed/).
    path("feeds/entries/", entries_feed, name="entries_feed"),
    path("feeds/papers/", papers_feed, name="papers_feed"),
    path("", include("entries.urls")),
]
