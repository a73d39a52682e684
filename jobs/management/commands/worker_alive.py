"""``manage.py worker_alive``: exit 0 when a jobs worker's heartbeat is recent (a container
health check), 1 otherwise."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from jobs.health import worker_check


class Command(BaseCommand):
    help = "Exit 0 when a jobs worker was heard from recently, 1 otherwise"

    def handle(self, *args, **options) -> None:
        check = worker_check()
        if not check["ok"]:
            raise CommandError(f"No live worker: {check['detail']}")
        self.stdout.write(f"Worker alive: {check['detail']}")
