from __future__ import annotations

from django.apps import AppConfig
from django.db import connections
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate


def _install_cache_triggers(sender, using: str, **kwargs) -> None:
    from core.cache_triggers import install  # imported here: once apps load

    install(connections[using])


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # After every migrate, every table has the triggers that replace the cache versions
        # (core/cache_triggers.py): sent once, after all apps' migrations.
        from core import (
            cache_listener,  # noqa: F401  (its own writes heard from the first)
            request_log,  # noqa: F401  (shapes each request's log line)
        )

        post_migrate.connect(_install_cache_triggers, sender=self, dispatch_uid="cache-triggers")
        # SQLite gets the unaccent() function PostgreSQL's extension provides (core/accents.py).
        from core.accents import register_unaccent

        connection_created.connect(register_unaccent, dispatch_uid="sqlite-unaccent")
