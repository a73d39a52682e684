from __future__ import annotations

from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "pages"
    verbose_name = "Pages across the domain"
