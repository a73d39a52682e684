from __future__ import annotations

from django.apps import AppConfig


class EntriesConfig(AppConfig):
    name = "entries"
    verbose_name = "Entries and review"
