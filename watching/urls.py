from __future__ import annotations

from django.urls import path

from watching import views

app_name = "watching"

urlpatterns = [
    path("", views.watching_page, name="page"),
    path("digest/", views.digest_update, name="digest"),
    path("feed/revoke/", views.feed_revoke, name="feed_revoke"),
    path("feed/<str:token>/", views.watching_feed, name="feed"),
    path("<str:kind>/<int:pk>/", views.watch_toggle, name="toggle"),
]
