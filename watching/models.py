"""What a person watches (concepts, benchmarks, papers) and how they want to hear of it."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


class Kind(models.TextChoices):
    CONCEPT = "concept", "concept"
    BENCHMARK = "benchmark", "benchmark"
    PAPER = "paper", "paper"


KINDS = tuple(Kind.values)


class Watch(models.Model):
    """One person watching one thing: exactly one of the three targets is set."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watches"
    )
    concept = models.ForeignKey(
        "wiki.Concept", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    benchmark = models.ForeignKey(
        "results.Benchmark", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    paper = models.ForeignKey(
        "papers.Paper", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(concept__isnull=False, benchmark__isnull=True, paper__isnull=True)
                    | Q(concept__isnull=True, benchmark__isnull=False, paper__isnull=True)
                    | Q(concept__isnull=True, benchmark__isnull=True, paper__isnull=False)
                ),
                name="watch_one_target",
            ),
            *(
                models.UniqueConstraint(
                    fields=["user", kind],
                    condition=Q(**{f"{kind}__isnull": False}),
                    name=f"watch_unique_{kind}",
                )
                for kind in KINDS
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} watches {self.kind} {self.target_id}"

    @property
    def kind(self) -> str:
        return next(kind for kind in KINDS if getattr(self, f"{kind}_id") is not None)

    @property
    def target_id(self) -> int:
        return getattr(self, f"{self.kind}_id")

    @property
    def target(self):
        return getattr(self, self.kind)


class Digest(models.TextChoices):
    OFF = "off", "Never"
    DAILY = "daily", "Daily"
    WEEKLY = "weekly", "Weekly"


def new_feed_token() -> str:
    return secrets.token_urlsafe(24)


class WatchingProfile(models.Model):
    """A person's settings and bookmarks for watching: the secret of their feed, how often
    the digest comes, when they last read /watching/ and what the last digest covered."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watching"
    )
    feed_token = models.CharField(max_length=64, unique=True, default=new_feed_token)
    digest = models.CharField(max_length=8, choices=Digest.choices, default=Digest.WEEKLY)
    last_visit = models.DateTimeField(null=True, blank=True)
    last_digest = models.DateTimeField(
        null=True, blank=True, help_text="The end of the period the last digest sent covered."
    )
    digest_period = models.CharField(
        max_length=16,
        blank=True,
        help_text="The last period (2026-12-04, 2026-W49) a digest was queued for: one a period.",
    )
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"watching settings of {self.user_id}"
