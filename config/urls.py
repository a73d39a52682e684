from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("search/", views.search, name="search"),
    path("favicon.ico", views.favicon),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("wiki/", include("wiki.urls")),
    path("papers/", include("papers.urls")),
    path("import/", include("wiki.importer.urls")),
    path("api/", include("api.urls")),
    path("", include("entries.urls")),
]
