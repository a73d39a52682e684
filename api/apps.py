from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "API"

    def ready(self) -> None:
        from django.core import checks  # imported here: needs the app registry

        from api.throttling import check_rates  # imported here: needs the app registry

        checks.register(check_rates)
