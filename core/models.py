from __future__ import annotations

from django.db import models


class CacheVersion(models.Model):
    """One slot of a cache version (core/cache.py): a token that the database's own
    triggers (core/cache_triggers.py) replace on every write to what the version covers.

    A version is its slots' tokens together. Several slots per version let concurrent
    writing transactions each replace a free one (PostgreSQL, ``SKIP LOCKED``) instead of
    queueing on one row until commit, where two of them could deadlock.
    """

    kind = models.CharField(max_length=16)
    slot = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=36)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "slot"], name="core_cache_slot")]

    def __str__(self) -> str:
        return f"{self.kind}[{self.slot}]"
