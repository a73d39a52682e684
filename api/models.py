from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiTokenQuerySet(models.QuerySet):
    def active(self) -> ApiTokenQuerySet:
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A personal API token. Only a SHA-256 digest of the secret is stored: the secret is
    shown once, when the token is made, and cannot be recovered from the database."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(
        max_length=100, help_text="What the token is for, e.g. “notes pipeline”."
    )
    key_prefix = models.CharField(
        max_length=16, help_text="The token's first characters, to tell tokens apart."
    )
    secret_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256, hex.")
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.key_prefix}…)"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None
