"""Writes behind the API that belong to the API: personal tokens. Entries are written
through entries.writing.submission, like every other path."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from accounts.roles import can_contribute
from api.models import ApiToken

TOKEN_PREFIX = "rw_"
# Shown on the token page and in the admin so a person can tell their tokens apart.
DISPLAY_PREFIX_LENGTH = len(TOKEN_PREFIX) + 8
MAX_ACTIVE_TOKENS = 20
# last_used is a hint for the owner, not an audit log: one write a minute per token at most.
LAST_USED_RESOLUTION = dt.timedelta(minutes=1)


class TokenError(Exception):
    """A token that cannot be made or revoked; ``str()`` is a message for the person."""


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


@transaction.atomic
def token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user`` and its secret, which is not stored anywhere."""
    if not can_contribute(user):
        raise TokenError("Only contributors and editors may have API tokens.")
    name = name.strip()
    if not name:
        raise TokenError("Give the token a name, such as “notes pipeline”.")
    if ApiToken.objects.filter(user=user).active().count() >= MAX_ACTIVE_TOKENS:
        raise TokenError(
            f"You already have {MAX_ACTIVE_TOKENS} tokens: revoke one you no longer use first."
        )
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name[:100],
        key_prefix=raw[:DISPLAY_PREFIX_LENGTH],
        secret_hash=token_digest(raw),
    )
    return token, raw


@transaction.atomic
def token_revoke(*, token: ApiToken, by: AbstractBaseUser) -> ApiToken:
    """Revoke ``token`` for good; revoking a revoked token changes nothing."""
    if token.user_id != by.pk and not by.is_superuser:
        raise TokenError("You may revoke only your own tokens.")
    locked = ApiToken.objects.select_for_update().get(pk=token.pk)
    if locked.revoked_at is None:
        locked.revoked_at = timezone.now()
        locked.save(update_fields=["revoked_at"])
    return locked


def token_authenticate(raw: str) -> AbstractBaseUser | None:
    """The active user a token belongs to, or None for an unknown or revoked token."""
    if not raw.startswith(TOKEN_PREFIX) or len(raw) > 200:
        return None
    token = ApiToken.objects.select_related("user").filter(secret_hash=token_digest(raw)).first()
    if token is None or token.revoked_at is not None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    return token.user
