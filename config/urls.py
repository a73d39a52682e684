from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from entries.reading.views import entries_feed
from pages.urls import papers_urlpatterns as paper_page_urlpatterns
from pages.urls import wiki_urlpatterns as concept_page_urlpatterns
from papers.urls import urlpatterns as papers_urlpatterns
from papers.views import papers_feed
from wiki.urls import urlpatterns as wiki_urlpatterns

# A 400 raised before any view (a Host header not allowed): JSON under /api/.
handler400 = "core.http.bad_request"

urlpatterns = [
    path("", include("front.urls")),
    path("", include("search.urls")),
    path("", include("accounts.urls")),
    path("admin/", admin.site.urls),
    path("", include("results.urls")),
    # The wiki's namespace: its own routes first (new/, preview/ before <slug>/), then the
    # concept page, which gathers entries and results and so lives in pages/.
    path("wiki/", include((wiki_urlpatterns + concept_page_urlpatterns, "wiki"))),
    # The library's namespace: its own routes, then the paper page, which gathers the claims
    # that cite a paper and so lives in pages/.
    path("papers/", include((papers_urlpatterns + paper_page_urlpatterns, "papers"))),
    path("import/", include("importer.urls")),
    path("jobs/", include("jobs.urls")),
    path("watching/", include("watching.urls")),
    path("api/", include("api.urls")),
    # Site-wide Atom feeds; each topic's feed lives beside its page (/topics/<slug>/feed/).
    path("feeds/entries/", entries_feed, name="entries_feed"),
    path("feeds/papers/", papers_feed, name="papers_feed"),
    path("", include("entries.urls")),
]
