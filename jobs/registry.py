"""The kinds of job: each app declares its own in its ``tasks`` module with ``job_kind``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class Progress(Protocol):
    def __call__(self, *, done: int, total: int, errors: int = 0) -> None: ...


# run(params=…, by=…, progress=…) → the report (JSON data) shown when the job is done.
Runner = Callable[..., dict[str, Any]]


@dataclass(frozen=True)
class JobKind:
    name: str
    label: str  # "Reference import"
    run: Runner
    report_template: str  # renders the finished job's ``report`` (its result)


KINDS: dict[str, JobKind] = {}


class JobError(Exception):
    """A failure whose message is written for the person who started the job."""


def job_kind(name: str, *, label: str, report_template: str) -> Callable[[Runner], Runner]:
    def register(run: Runner) -> Runner:
        KINDS[name] = JobKind(name=name, label=label, run=run, report_template=report_template)
        return run

    return register


def kind_of(name: str) -> JobKind | None:
    return KINDS.get(name)


__all__ = ["KINDS", "JobError", "JobKind", "Progress", "job_kind", "kind_of"]
