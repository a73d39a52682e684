from __future__ import annotations

from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core.write_tracking import install_write_tracking  # imported here: once apps load

        # Every connection reports content writes to the page cache (core/write_tracking.py).
        connection_created.connect(install_write_tracking, dispatch_uid="page-cache-writes")
