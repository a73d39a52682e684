from __future__ import annotations

from django.apps import AppConfig


class FrontConfig(AppConfig):
    name = "front"
