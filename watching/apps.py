from __future__ import annotations

from django.apps import AppConfig


class WatchingConfig(AppConfig):
    name = "watching"
    verbose_name = "Watching"
