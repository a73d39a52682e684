"""Benchmarks and the results claims state on them.

A result belongs to a claim and takes its evidence level and caveats from it (the level,
and whether the claim's entry is published, copied onto the result by the database's
triggers for ranking: results/claim_copy.py); it is proposed from the claim's words and
decided by an editor in review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import get_script_prefix, reverse

from entries.models import Entry, Evidence


def value_stated(value: float, *texts: str) -> bool:
    """Whether ``value`` is written in any of ``texts`` (58.2 as 58.20, 1,200 as 1200 …)."""
    for text in texts:
        for number in re.findall(r"\d[\d,]*(?:\.\d+)?|\.\d+", text or ""):
            try:
                if abs(float(number.replace(",", "")) - value) < 1e-9:
                    return True
            except ValueError:
                continue
    return False


def value_display(value: float, unit: str) -> str:
    """A value as a reader sees it: 58.2%, 3.1 pp, 12."""
    return f"{value:g}{unit}" if unit == "%" else f"{value:g} {unit}".strip()


class Direction(models.TextChoices):
    HIGHER = "higher", "higher is better"
    LOWER = "lower", "lower is better"


class Benchmark(models.Model):
    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True)
    description = models.TextField(blank=True)
    direction = models.CharField(max_length=6, choices=Direction.choices, default=Direction.HIGHER)
    unit = models.CharField(max_length=40, blank=True, help_text="The default unit, e.g. %.")
    topics = models.ManyToManyField("wiki.Concept", blank=True, related_name="benchmarks")

    class Meta:
        ordering = [Lower("name")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("results:benchmark", kwargs={"slug": self.slug})


class BenchmarkAlias(models.Model):
    """Another name of a benchmark: its slug redirects, its name resolves proposals."""

    benchmark = models.ForeignKey(Benchmark, on_delete=models.CASCADE, related_name="aliases")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200, unique=True)

    class Meta:
        ordering = [Lower("name")]
        verbose_name_plural = "benchmark aliases"
        constraints = [
            models.UniqueConstraint(Lower("name"), name="benchmark_alias_name_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class ResultStatus(models.TextChoices):
    PROPOSED = "proposed", "proposed"
    CONFIRMED = "confirmed", "confirmed"
    DISCARDED = "discarded", "discarded"


# Units of a change, never of a level: percentage points and folds.
CHANGE_UNITS = frozenset({"pp", "x"})
# Measures that are differences from something else: "margin", "relative gain".
CHANGE_MEASURE = r"(^|\s)(margin|gain|improvement|uplift|lead)s?$"


def is_change(result: Result) -> bool:
    """Does the result state a change ("+8.8 points over GRPO", "3-fold", "a margin of 2.0")
    rather than a level ("72.9%")? A change is never compared with levels for the best, nor
    drawn as progress."""
    written = (result.words or {}).get("value", "").lstrip()
    return (
        result.unit in CHANGE_UNITS
        or written.startswith("+")
        or re.search(CHANGE_MEASURE, result.metric, re.IGNORECASE) is not None
    )


def best_of(results: list[Result], direction: str) -> Result | None:
    """The best level of ``results`` in ``direction`` (the first of equals), among those in
    the unit most of them are stated in: changes and other units are not comparable."""
    levels = [r for r in results if not is_change(r)]
    if not levels:
        return None
    units = [r.unit for r in levels]
    unit = max(dict.fromkeys(units), key=units.count)
    best = None
    for result in (r for r in levels if r.unit == unit):
        if best is None or (
            result.value < best.value if direction == Direction.LOWER else result.value > best.value
        ):
            best = result
    return best


@dataclass(frozen=True)
class _Level:
    """What ``best_of`` reads of a result, without a model instance."""

    pk: int
    direction: str
    unit: str
    value: float
    words: dict
    metric: str


class ResultQuerySet(models.QuerySet):
    def confirmed(self) -> ResultQuerySet:
        return self.filter(status=ResultStatus.CONFIRMED)

    def published(self) -> ResultQuerySet:
        """Confirmed results of published claims: what readers see."""
        return self.confirmed().filter(entry_published=True, benchmark__isnull=False)

    def contested(self, limit: int = 50) -> list[dict]:
        """Each (paper, benchmark, protocol, metric) that published results state with
        more than one value: the review queue lists them (two queries: the groups, then
        the titles of their papers, so that no title is sorted with every group). Only
        the papers with two values under one key among all confirmed results are joined to
        their claims and entries to keep the published ones: few, whatever the library."""
        disputed = (
            self.confirmed()
            .exclude(paper=None)
            .values("paper_id", "benchmark_id", "protocol_key", "metric")
            .annotate(low=models.Min("value"), high=models.Max("value"))
            .filter(low__lt=models.F("high"))
            .values("paper_id")
        )
        groups = list(
            self.published()
            .filter(paper_id__in=disputed)
            .values("paper_id", "benchmark__name", "benchmark__slug", "protocol_key", "metric")
            .annotate(
                values=models.Count("value", distinct=True),
                low=models.Min("value"),
                high=models.Max("value"),
            )
            .filter(values__gt=1)
            .order_by("benchmark__name", "paper_id")[:limit]
        )
        if groups:
            papers = self.model._meta.get_field("paper").related_model.objects
            ids = {g["paper_id"] for g in groups}
            titles = dict(papers.filter(pk__in=ids).values_list("pk", "title"))
            for group in groups:
                group["paper__title"] = titles.get(group["paper_id"], "")
        return groups

    def best_per_benchmark(self, concept) -> list[tuple[Benchmark, Result]]:
        """The best published result per benchmark on ``concept``'s claims, for the concept
        page's summary: the levels are read as tuples, then only the bests as models with
        their claims (for the badge), in two queries whatever the number of results."""
        levels = (
            self.published()
            .filter(entry_id__in=Result.on_concept(concept))
            .order_by("benchmark__name", "id")
            .distinct()
            .values_list(
                "pk", "benchmark_id", "benchmark__direction", "unit", "value", "words", "metric"
            )
        )
        grouped: dict[int, list[_Level]] = {}
        for pk, benchmark_id, direction, unit, value, words, metric in levels:
            grouped.setdefault(benchmark_id, []).append(
                _Level(pk, direction, unit, value, words or {}, metric)
            )
        bests = [best_of(members, members[0].direction) for members in grouped.values()]
        loaded = (
            self.model.objects.filter(pk__in=[b.pk for b in bests if b is not None])
            .select_related("benchmark", "claim")
            .in_bulk()
        )
        return [(loaded[best.pk].benchmark, loaded[best.pk]) for best in bests if best is not None]


def claim_path(result) -> str:
    """The address of ``result``'s claim (a ``Result`` with its claim, or a row with
    ``entry_id`` and ``claim_id``)."""
    entry_id = result.claim.entry_id if isinstance(result, Result) else result.entry_id
    return _entry_path(get_script_prefix()).format(entry_id) + f"#claim-{result.claim_id}"


@lru_cache(maxsize=8)
def _entry_path(prefix: str) -> str:
    """An entry's address with a slot for its number, made once per script prefix: a page
    links to thousands of claims."""
    head, _, tail = reverse("entries:detail", kwargs={"pk": 0}).rpartition("0")
    return head.replace("{", "{{").replace("}", "}}") + "{}" + tail


class Result(models.Model):
    claim = models.ForeignKey("entries.Claim", on_delete=models.CASCADE, related_name="results")
    position = models.PositiveIntegerField(default=0)
    benchmark = models.ForeignKey(
        Benchmark, on_delete=models.PROTECT, null=True, blank=True, related_name="results"
    )
    benchmark_name = models.CharField(
        max_length=200, blank=True, help_text="The benchmark as the claim names it."
    )
    metric = models.CharField(max_length=100, blank=True)
    value = models.FloatField()
    unit = models.CharField(max_length=40, blank=True)
    protocol = models.CharField(max_length=200, blank=True)
    protocol_key = models.CharField(max_length=200, blank=True, editable=False)
    model = models.CharField(max_length=200, blank=True)
    baseline_value = models.FloatField(null=True, blank=True)
    baseline_name = models.CharField(max_length=200, blank=True)
    paper = models.ForeignKey(
        "papers.Paper", on_delete=models.SET_NULL, null=True, blank=True, related_name="results"
    )
    date = models.DateField(null=True, blank=True, help_text="The entry's date.")
    status = models.CharField(
        max_length=10, choices=ResultStatus.choices, default=ResultStatus.PROPOSED
    )
    words = models.JSONField(default=dict, blank=True, help_text="Field → the words it came from.")
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    author_edited = models.BooleanField(
        default=False, help_text="The author corrected the proposal: re-proposing keeps it."
    )
    # Copies of the claim's level and entry, kept by the database's triggers whoever writes
    # (results/claim_copy.py): a page ranks thousands of results without joining them to
    # their claims and entries. Whatever a save writes here is replaced.
    evidence = models.CharField(
        max_length=16, choices=Evidence.choices, default=Evidence.UNMARKED, editable=False
    )
    entry = models.ForeignKey(
        "entries.Entry",
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        editable=False,
        related_name="+",
    )
    entry_published = models.BooleanField(default=False, editable=False)

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["claim", "position", "id"]
        indexes = [
            models.Index(fields=["benchmark", "protocol_key", "status"], name="result_group_idx"),
            models.Index(fields=["status"], name="result_status_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.benchmark_name or self.benchmark} {self.value:g}{self.unit}"

    @staticmethod
    def on_concept(concept) -> models.QuerySet:
        """The entries tagged with ``concept``, for ``entry_id__in``: read from the tags
        alone, without the entries' table."""
        return Entry.topics.through.objects.filter(concept=concept).values("entry_id")

    @property
    def claim_url(self) -> str:
        return claim_path(self)

    @property
    def direction(self) -> str:
        return self.benchmark.direction if self.benchmark_id else Direction.HIGHER

    @property
    def direction_guess(self) -> str:
        """Which way is better on a benchmark this result would add, read from its measure."""
        from evidence import metric_direction

        return metric_direction(self.metric or self.benchmark_name, self.unit) or Direction.HIGHER

    @property
    def figure_found(self) -> bool:
        """Whether the value is written in the claim's text or quote, or in the cited
        paper's stored abstract (claim and paper loaded)."""
        paper = self.paper
        return value_stated(
            self.value, self.claim.text, self.claim.quote, paper.abstract if paper else ""
        )

    @property
    def value_display(self) -> str:
        return value_display(self.value, self.unit)
