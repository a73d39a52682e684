from __future__ import annotations

from django.urls import path

from front import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon),
    path("changes/", views.recent_changes, name="changes"),
]
