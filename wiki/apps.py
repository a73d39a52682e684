from __future__ import annotations

from django.apps import AppConfig


class WikiConfig(AppConfig):
    name = "wiki"
    verbose_name = "Concepts"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from config.cache import install_write_tracking

        # Every connection reports content writes to the page cache (config/cache.py).
        connection_created.connect(install_write_tracking, dispatch_uid="page-cache-writes")
