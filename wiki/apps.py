from __future__ import annotations

from django.apps import AppConfig


class WikiConfig(AppConfig):
    name = "wiki"
    verbose_name = "Concepts"
