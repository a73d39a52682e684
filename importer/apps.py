from __future__ import annotations

from django.apps import AppConfig


class ImporterConfig(AppConfig):
    name = "importer"
