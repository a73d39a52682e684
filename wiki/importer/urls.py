from __future__ import annotations

app_name = "importer"

urlpatterns: list = []
