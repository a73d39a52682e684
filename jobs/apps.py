from __future__ import annotations

from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = "Background jobs"

    def ready(self) -> None:
        # Each app declares its kinds of job in its own ``tasks`` module (papers.tasks, …):
        # the web process needs them to show a job, the worker to run one.
        autodiscover_modules("tasks")
