from __future__ import annotations

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


def _install_month_counts(sender, using: str, **kwargs) -> None:
    from papers.month_counts import install  # imported here: once apps load

    install(connections[using])


class PapersConfig(AppConfig):
    name = "papers"
    verbose_name = "Papers"

    def ready(self) -> None:
        # After every migrate, the triggers that keep the papers per month
        # (papers/month_counts.py), and every paper counted again.
        post_migrate.connect(_install_month_counts, sender=self, dispatch_uid="papers-month-counts")
