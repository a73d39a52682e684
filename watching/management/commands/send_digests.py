"""``manage.py send_digests``: queue the daily and weekly digests that are due.

Safe to run as often as you like: a person gets one digest a period. The jobs worker runs
it every ``DIGESTS_EVERY_SECONDS`` (``JOBS_PERIODIC_COMMANDS``); cron can run it too.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from watching.digests import digests_enqueue_due


class Command(BaseCommand):
    help = "Queue the watching digests due this period (one per person and period)"

    def handle(self, *args, **options) -> None:
        queued = digests_enqueue_due()
        if options["verbosity"]:
            self.stdout.write(f"Queued {queued} digest{'s' if queued != 1 else ''}.")
