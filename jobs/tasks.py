"""The one task on the queue: run a job by its id (its kind says what to do)."""

from __future__ import annotations

from django_tasks import TaskContext, task

from jobs.services import job_execute


@task(takes_context=True)
def job_run(context: TaskContext, job_id: int) -> None:
    worker_ids = context.task_result.worker_ids
    job_execute(job_id=job_id, worker_id=worker_ids[-1] if worker_ids else "")
