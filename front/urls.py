from __future__ import annotations

from django.urls import path

from front import ops, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon),
    path("changes/", views.recent_changes, name="changes"),
    path("ops/", ops.ops_page, name="ops"),
    path("metrics", ops.metrics_text, name="metrics"),
]
