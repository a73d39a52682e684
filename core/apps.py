from __future__ import annotations

from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core.cache import install_write_tracking

        # Every connection reports content writes to the page cache (core/cache.py).
        connection_created.connect(install_write_tracking, dispatch_uid="page-cache-writes")
