"""Each claim's results kept in step with its words, whoever writes the claims (entries
services, the importer, the API, all through ``entries.writing.services``).

``entries`` sits below ``results`` and calls none of it: it sends
``entries.signals.claims_written``, which ``results.apps`` connects to
``claims_written_receiver`` here, in the same transaction as the claims.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from entries.models import Entry
from evidence import counts_out_of, metric_direction, normalise_protocol, results_in
from results.models import (
    Benchmark,
    BenchmarkAlias,
    Direction,
    Result,
    ResultStatus,
    value_stated,
)


def benchmark_resolve(name: str) -> Benchmark | None:
    """A benchmark by its name or one of its aliases, case folded (a sentence's closing
    punctuation is no part of a name)."""
    name = name.strip().rstrip(".,;:")
    if not name:
        return None
    found = Benchmark.objects.filter(name__iexact=name).first()
    if found is not None:
        return found
    alias = BenchmarkAlias.objects.select_related("benchmark").filter(name__iexact=name).first()
    return alias.benchmark if alias else None


def claims_written_receiver(sender, *, claims: Iterable, confirm: bool, **kwargs) -> None:
    """``entries.signals.claims_written``: propose the written claims' results."""
    results_propose(claims=claims, confirm=confirm)


@transaction.atomic
def results_propose(*, claims: Iterable, confirm: bool = False, by=None) -> list[Result]:
    """Propose each claim's figures as results, idempotently.

    Undecided proposals are replaced; a decided result (confirmed or discarded, or edited
    by its author) stays while its claim's text still states its value. A claim rewriting
    another (a revision's claim, ``origin``) starts from the decisions taken on that one.
    ``confirm`` publishes the proposals with the claim (a trusted import), adding the
    benchmarks they name that the wiki does not know yet.
    """
    claims = list(claims)
    if not claims:
        return []
    ids = [c.pk for c in claims]
    origins = [c.origin_id for c in claims if getattr(c, "origin_id", None)]
    existing: dict[int, list[Result]] = {}
    for result in Result.objects.filter(Q(claim_id__in=ids) | Q(claim_id__in=origins)):
        existing.setdefault(result.claim_id, []).append(result)
    Result.objects.filter(
        claim_id__in=ids, status=ResultStatus.PROPOSED, author_edited=False
    ).delete()
    now = timezone.now()
    dates = dict(
        Entry.objects.filter(pk__in={c.entry_id for c in claims}).values_list("pk", "date")
    )
    # Each entry's words, read once: what its claims' abbreviations stand for.
    words: dict[int, list[str]] = {}
    for claim in claims:
        words.setdefault(claim.entry_id, []).append(claim.text)
    entry_words = {entry_id: " ".join(texts) for entry_id, texts in words.items()}
    created: list[Result] = []
    for claim in claims:
        own = [r for r in existing.get(claim.pk, []) if _decided(r)]
        if not existing.get(claim.pk) and getattr(claim, "origin_id", None):
            own = [_copy(r, claim) for r in existing.get(claim.origin_id, []) if _decided(r)]
        kept = []
        for result in own:
            if value_stated(result.value, claim.text):
                kept.append(result)
            elif result.pk is not None:
                result.delete()
        for result in kept:
            if result.pk is None:
                result.save()
        taken = {r.value for r in kept}
        drafts = results_in(claim.text, context=entry_words[claim.entry_id])
        for position, draft in enumerate(drafts, start=len(kept)):
            if draft.value in taken:
                continue
            taken.add(draft.value)
            benchmark = benchmark_resolve(draft.benchmark)
            if benchmark is None and confirm and draft.benchmark.strip().rstrip(".,;:"):
                benchmark = _benchmark_add(draft)
            status = ResultStatus.CONFIRMED if confirm and benchmark else ResultStatus.PROPOSED
            created.append(
                Result(
                    claim=claim,
                    position=position,
                    benchmark=benchmark,
                    benchmark_name=draft.benchmark.strip().rstrip(".,;:"),
                    metric=draft.metric,
                    value=draft.value,
                    unit=draft.unit or _default_unit(benchmark, draft),
                    protocol=draft.protocol,
                    protocol_key=normalise_protocol(draft.protocol),
                    model=draft.model,
                    baseline_value=draft.baseline_value,
                    baseline_name=draft.baseline_name,
                    paper_id=claim.paper_id,
                    date=dates[claim.entry_id],
                    status=status,
                    words={k: v for k, v in draft.words.items() if v},
                    decided_by=by if status == ResultStatus.CONFIRMED else None,
                    decided_at=now if status == ResultStatus.CONFIRMED else None,
                )
            )
    Result.objects.bulk_create(created)
    for entry_id, date in dates.items():  # a result's date is its entry's
        Result.objects.filter(claim__entry_id=entry_id).exclude(date=date).update(date=date)
    return created


def _default_unit(benchmark: Benchmark | None, draft) -> str:
    """The unit of a figure written without one: its benchmark's; a signed change of a
    percentage ("+8.80 over GRPO" on a benchmark in %) is in percentage points; a count out
    of a total ("28 of 36") has none."""
    unit = benchmark.unit if benchmark else ""
    written = draft.words.get("value", "")
    if counts_out_of(written):
        return ""
    if unit == "%" and written.lstrip().startswith("+"):
        return "pp"
    return unit


def _benchmark_add(draft) -> Benchmark:
    """A benchmark a trusted import names first: its direction guessed from the metric."""
    name = draft.benchmark.strip().rstrip(".,;:")[:200]
    slug = slugify(name)[:200] or "benchmark"
    if (
        Benchmark.objects.filter(slug=slug).exists()
        or BenchmarkAlias.objects.filter(slug=slug).exists()
    ):
        slug = f"{slug[:190]}-{Benchmark.objects.count() + 1}"
    direction = draft.direction or metric_direction(draft.metric or name, draft.unit)
    return Benchmark.objects.create(
        name=name, slug=slug, direction=direction or Direction.HIGHER, unit=draft.unit
    )


def _decided(result: Result) -> bool:
    return result.status != ResultStatus.PROPOSED or result.author_edited


def _copy(result: Result, claim) -> Result:
    result.pk = None
    result.claim = claim
    return result
