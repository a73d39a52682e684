"""A job: long work somebody started (an import), run by a worker, watched on its page."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class JobStatus(models.TextChoices):
    QUEUED = "queued", "waiting for a worker"
    RUNNING = "running", "running"
    SUCCEEDED = "succeeded", "finished"
    FAILED = "failed", "failed"


FINISHED = (JobStatus.SUCCEEDED, JobStatus.FAILED)


class Job(models.Model):
    kind = models.CharField(max_length=50)  # a name in jobs.registry.KINDS
    title = models.CharField(max_length=200)  # "Import of refs.bib"
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # The one-time token of the form that started it: a form sent twice starts one job.
    submission = models.CharField(max_length=32, blank=True, default="")
    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    params = models.JSONField(default=dict)  # what the job works on (an import's text)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(null=True, blank=True)  # unknown until read
    errors = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, default="")  # why it failed, for the person
    result = models.JSONField(null=True, blank=True)  # the report, once finished
    task_id = models.CharField(max_length=64, blank=True, default="")
    worker_id = models.CharField(max_length=64, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Last sign of life: each progress step, and the worker's heartbeat while it runs.
    beat = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["started_by", "submission"],
                condition=~Q(submission=""),
                name="job_one_per_submission",
            )
        ]
        indexes = [
            models.Index(fields=["started_by", "-created"], name="job_owner_idx"),
            models.Index(fields=["status", "beat"], name="job_status_beat_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.status})"

    def get_absolute_url(self) -> str:
        return f"/jobs/{self.pk}/"

    @property
    def is_finished(self) -> bool:
        return self.status in FINISHED

    @property
    def duration(self) -> str:
        """How long it ran, as a person says it: "12 s", "3 min 5 s"."""
        if not (self.started and self.finished):
            return ""
        seconds = max(0, round((self.finished - self.started).total_seconds()))
        minutes, seconds = divmod(seconds, 60)
        return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"

    @property
    def percent(self) -> int:
        if self.status == JobStatus.SUCCEEDED:
            return 100
        if not self.total:
            return 0
        return min(100, self.done * 100 // self.total)


class WorkerBeat(models.Model):
    """A worker process's last heartbeat: /readyz says whether one was seen recently."""

    worker_id = models.CharField(max_length=64, unique=True)
    seen = models.DateTimeField()
    started = models.DateTimeField()
    host = models.CharField(max_length=200, blank=True, default="")
    pid = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.worker_id} seen {self.seen:%Y-%m-%d %H:%M:%S}"
