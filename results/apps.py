from __future__ import annotations

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


def _install_claim_copy(sender, using: str, **kwargs) -> None:
    from results.claim_copy import install  # imported here: once apps load

    install(connections[using])


class ResultsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "results"
    verbose_name = "Benchmarks and results"

    def ready(self) -> None:
        from entries.signals import claims_written
        from results.proposals import claims_written_receiver

        # Claims written by entries are followed by their results, in the same transaction.
        claims_written.connect(claims_written_receiver, dispatch_uid="results.claims_written")
        # After every migrate, the triggers that copy a claim's level and entry onto its
        # results (results/claim_copy.py).
        post_migrate.connect(_install_claim_copy, sender=self, dispatch_uid="results-claim-copy")
