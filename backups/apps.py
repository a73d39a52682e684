from __future__ import annotations

from django.apps import AppConfig


class BackupsConfig(AppConfig):
    name = "backups"
