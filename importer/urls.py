from __future__ import annotations

from django.urls import path

from importer import views

app_name = "importer"

urlpatterns = [
    path("", views.upload, name="upload"),
]
