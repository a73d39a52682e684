"""Writes to results: an editor's decision in review, an author's correction, benchmarks."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from core.review import EDITOR, Transition, Workflow, four_eyes_forbids
from entries.models import Entry, EntryEvent, EntryStatus
from entries.review.services import StaleMark
from entries.review.workflow import entry_writers
from entries.writing.services import EditNotAllowed, EntryError, check_version, entry_version_bump
from evidence import metric_direction, normalise_protocol
from results.models import Benchmark, Direction, Result, ResultStatus
from results.proposals import benchmark_resolve

CONFIRM = "confirm"
DISCARD = "discard"


@dataclass
class ResultFields:
    """What a person may set on a result: the benchmark by name, and the figures."""

    benchmark: str
    value: float
    metric: str = ""
    unit: str = ""
    protocol: str = ""
    model: str = ""
    baseline_value: float | None = None
    baseline_name: str = ""


def _lock(result: Result) -> tuple[Result, Entry]:
    entry_id = Result.objects.values_list("claim__entry_id", flat=True).get(pk=result.pk)
    entry = Entry.objects.select_for_update().get(pk=entry_id)  # the entry first, as edits do
    locked = (
        Result.objects.select_for_update(of=("self",))
        .select_related("claim", "benchmark")
        .get(pk=result.pk)
    )
    return locked, entry


def _apply_fields(result: Result, fields: ResultFields) -> None:
    name = fields.benchmark.strip()
    result.benchmark = benchmark_resolve(name)
    result.benchmark_name = result.benchmark.name if result.benchmark else name
    result.value = fields.value
    result.metric = fields.metric.strip()
    result.unit = fields.unit.strip()
    result.protocol = fields.protocol.strip()
    result.protocol_key = normalise_protocol(result.protocol)
    result.model = fields.model.strip()
    result.baseline_value = fields.baseline_value
    result.baseline_name = fields.baseline_name.strip()


# A result's states, declared on the one review mechanism (core.review): an editor confirms
# or discards a proposed result, and may change their mind while the entry is open.
DECISIONS = Workflow(
    *(
        Transition(source, target, EDITOR, action, label, permission="entries.review_entry")
        for source in ResultStatus.values
        for target, action, label in (
            (ResultStatus.CONFIRMED, "confirmed a result", "Confirm"),
            (ResultStatus.DISCARDED, "discarded a result", "Discard"),
        )
    )
)


def may_decide(user: AbstractBaseUser | AnonymousUser, entry: Entry) -> bool:
    """An editor who wrote none of the entry's text (while the four-eyes rule is on)."""
    if not (user.is_authenticated and user.has_perm("entries.review_entry")):
        return False
    return not four_eyes_forbids(user, lambda: entry_writers(entry))


@transaction.atomic
def result_decide(
    *,
    result: Result,
    by: AbstractBaseUser | AnonymousUser,
    decision: str,
    fields: ResultFields | None = None,
    seen_version: int | None = None,
    new_benchmark: str = "",
) -> Result:
    """Confirm (with the editor's corrections, if any) or discard a result, under the
    claim's rules: an editor, never one who wrote the entry's text while the four-eyes
    rule holds, on the version of the entry they saw. Moves the entry's version on.

    ``new_benchmark`` (a direction, "higher" or "lower") adds the benchmark the result
    names when none is known by that name, so an editor confirms it in one step."""
    if decision not in (CONFIRM, DISCARD):
        raise EntryError("Choose to confirm or to discard the result.")
    if not (by.is_authenticated and by.has_perm("entries.review_entry")):
        raise EditNotAllowed("Only an editor may confirm or discard results.")
    locked, entry = _lock(result)
    if not may_decide(by, entry):
        raise EditNotAllowed(
            "You wrote this entry's text: another editor must decide its results "
            "(the four-eyes rule)."
        )
    if entry.status == EntryStatus.REJECTED:
        raise EntryError("This entry was rejected: its results are no longer decided.")
    check_version(entry, seen_version, what="reload it to see what changed.", error=StaleMark)
    if fields is not None:
        _apply_fields(locked, fields)
    if decision == CONFIRM and locked.benchmark is None and new_benchmark:
        locked.benchmark = _benchmark_added(locked, new_benchmark)
        locked.benchmark_name = locked.benchmark.name
    if decision == CONFIRM and locked.benchmark is None:
        raise EntryError(
            f"“{locked.benchmark_name or 'No benchmark'}” is not a known benchmark: "
            "name one from the benchmark list, or add it as a new benchmark with the way "
            "that is better, before confirming."
        )
    target = ResultStatus.CONFIRMED if decision == CONFIRM else ResultStatus.DISCARDED
    transition = DECISIONS.move(locked.status, target)
    if transition is None:
        raise EntryError(f"A {locked.status} result cannot become {target}.")
    locked.status = transition.target
    locked.decided_by, locked.decided_at = by, timezone.now()
    locked.save()
    entry_version_bump(entry)
    if entry.status == EntryStatus.PUBLISHED and not entry.is_revision:
        EntryEvent.objects.create(
            entry=entry,
            actor=by,
            action=transition.action,
            detail={"result": locked.pk, "value": locked.value, "status": locked.status},
        )
    return locked


@transaction.atomic
def result_edit(
    *,
    result: Result,
    by: AbstractBaseUser | AnonymousUser,
    fields: ResultFields | None,
    remove: bool = False,
) -> Result:
    """The author's correction (or removal) of a proposal before review decides it."""
    locked, entry = _lock(result)
    if not (by.is_authenticated and entry.author_id == by.pk):
        raise EditNotAllowed("Only the entry's author may edit its proposed results.")
    if entry.status == EntryStatus.PUBLISHED or locked.status != ResultStatus.PROPOSED:
        raise EntryError("This result has been decided: ask an editor to change it.")
    if remove:
        locked.status = ResultStatus.DISCARDED
        locked.decided_by, locked.decided_at = by, timezone.now()
    elif fields is not None:
        _apply_fields(locked, fields)
    locked.author_edited = True
    locked.save()
    entry_version_bump(entry)
    return locked


def _benchmark_added(result: Result, direction: str) -> Benchmark:
    """The benchmark a result names, added with the editor's direction (or the one already
    there under the same slug: "MMLU Pro" is "MMLU-Pro")."""
    name = result.benchmark_name.strip().rstrip(".,;:")
    if not name or not slugify(name):
        raise EntryError("Name the benchmark before adding it.")
    if direction not in Direction.values:
        raise EntryError("Say whether higher or lower is better on the new benchmark.")
    existing = Benchmark.objects.filter(slug=slugify(name)[:200]).first()
    if existing is not None:
        return existing
    return benchmark_create(name=name, direction=direction, unit=result.unit)


@transaction.atomic
def benchmark_create(
    *,
    name: str,
    direction: str = "",
    unit: str = "",
    description: str = "",
    metric: str = "",
    aliases: tuple[str, ...] = (),
) -> Benchmark:
    """A benchmark; its direction is guessed from its metric when not given."""
    direction = direction or metric_direction(metric or name, unit) or Direction.HIGHER
    benchmark = Benchmark.objects.create(
        name=name.strip(),
        slug=slugify(name)[:200],
        direction=direction,
        unit=unit,
        description=description,
    )
    for alias in aliases:
        benchmark.aliases.create(name=alias, slug=slugify(alias)[:200])
    # Proposals that named it before it existed now point at it.
    Result.objects.filter(benchmark=None, benchmark_name__iexact=benchmark.name).update(
        benchmark=benchmark
    )
    for alias in aliases:
        Result.objects.filter(benchmark=None, benchmark_name__iexact=alias).update(
            benchmark=benchmark
        )
    return benchmark
