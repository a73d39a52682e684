from __future__ import annotations

from django.apps import AppConfig


class ResultsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "results"
    verbose_name = "Benchmarks and results"

    def ready(self) -> None:
        from entries.signals import claims_written
        from results.proposals import claims_written_receiver

        # Claims written by entries are followed by their results, in the same transaction.
        claims_written.connect(claims_written_receiver, dispatch_uid="results.claims_written")
