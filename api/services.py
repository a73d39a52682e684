"""Writes behind the API: personal tokens, and the pipeline's idempotent entry submission."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from api.models import ApiToken
from entries.models import Entry, EntryEvent, EntryStatus
from entries.services import (
    ClaimData,
    EditNotAllowed,
    EntryError,
    can_edit_entry,
    claims_replace,
    entry_create,
    entry_update,
)
from entries.workflow import entry_transition
from wiki.markdown import render_markdown
from wiki.models import Concept
from wiki.roles import can_contribute

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


class SubmissionConflict(EntryError):
    status_code = 409


@dataclass(frozen=True)
class Submission:
    """An entry as the pipeline sends it: the whole text, every time."""

    date: dt.date
    headline: str
    lead: str
    topics: Sequence[Concept]
    claims: Sequence[ClaimData]
    status: str = EntryStatus.DRAFT  # DRAFT or PENDING
    external_id: str | None = None


def entry_submit(
    *, by: AbstractBaseUser | AnonymousUser, submission: Submission
) -> tuple[Entry, bool]:
    """Create the entry, or bring the one with the same ``external_id`` up to date.

    Returns ``(entry, created)``. Replaying a submission changes nothing the second time;
    a changed one updates the entry while it is a draft, pending or sent back, and is
    refused with SubmissionConflict once the entry is published or rejected.
    """
    if not can_contribute(by):
        raise EditNotAllowed("Only contributors and editors may submit entries.")
    external_id = submission.external_id or None
    if external_id is not None:
        existing = Entry.objects.filter(external_id=external_id).first()
        if existing is not None:
            return _resubmit(existing, by=by, submission=submission), False
    try:
        with transaction.atomic():
            entry = entry_create(
                author=by,
                date=submission.date,
                headline=submission.headline,
                lead=submission.lead,
                topics=submission.topics,
                claims=submission.claims,
                status=EntryStatus.DRAFT,
                external_id=external_id,
            )
            if submission.status == EntryStatus.PENDING:
                entry = entry_transition(entry=entry, to=EntryStatus.PENDING, by=by)
    except IntegrityError:
        # The same submission arrived twice at once: the other request created it.
        existing = Entry.objects.filter(external_id=external_id).first() if external_id else None
        if existing is None:
            raise
        return _resubmit(existing, by=by, submission=submission), False
    return entry, True


@transaction.atomic
def _resubmit(entry: Entry, *, by: AbstractBaseUser, submission: Submission) -> Entry:
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    label = f"Entry {locked.pk} (external id “{submission.external_id}”)"
    if locked.author_id != by.pk:
        raise SubmissionConflict(
            f"The external id “{submission.external_id}” already belongs to another "
            "author's entry: choose another external id."
        )
    if locked.status == EntryStatus.PUBLISHED:
        raise SubmissionConflict(
            f"{label} is already published, so a submission can no longer replace it. "
            "Edit the published entry instead (that starts a revision for review)."
        )
    if locked.status == EntryStatus.REJECTED:
        raise SubmissionConflict(
            f"{label} was rejected, so a submission can no longer replace it. "
            "Submit it under a new external id if it should be reviewed again."
        )
    if not _same_content(locked, submission):
        claims = _match_claims(locked, submission.claims)
        if can_edit_entry(by, locked):
            locked = entry_update(
                entry=locked,
                by=by,
                date=submission.date,
                headline=submission.headline,
                lead=submission.lead,
                topics=submission.topics,
                claims=claims,
            )
        else:
            _replace_pending(locked, by=by, submission=submission, claims=claims)
    if submission.status == EntryStatus.PENDING and locked.status in (
        EntryStatus.DRAFT,
        EntryStatus.CHANGES_REQUESTED,
    ):
        locked = entry_transition(entry=locked, to=EntryStatus.PENDING, by=by)
    return locked


def _claim_key(text: str, paper_id: int | None, quote: str) -> tuple[str, int | None, str]:
    return (text.strip(), paper_id, quote.strip())


def _same_content(entry: Entry, submission: Submission) -> bool:
    stored = [_claim_key(c.text, c.paper_id, c.quote) for c in entry.claims.order_by("position")]
    sent = [_claim_key(c.text, c.paper.pk if c.paper else None, c.quote) for c in submission.claims]
    return (
        entry.date == submission.date
        and entry.headline == submission.headline.strip()
        and entry.lead == submission.lead
        and set(entry.topics.values_list("pk", flat=True)) == {t.pk for t in submission.topics}
        and stored == sent
    )


def _match_claims(entry: Entry, claims: Sequence[ClaimData]) -> list[ClaimData]:
    """Name, for every sent claim identical to a stored one, the stored claim it repeats,
    so the evidence marks an editor already set on it are kept."""
    stored: dict[tuple, list] = {}
    for claim in entry.claims.prefetch_related("caveats").order_by("position", "id"):
        stored.setdefault(_claim_key(claim.text, claim.paper_id, claim.quote), []).append(claim)
    matched = []
    for data in claims:
        key = _claim_key(data.text, data.paper.pk if data.paper else None, data.quote)
        same = stored.get(key)
        source = same.pop(0) if same else None
        matched.append(
            ClaimData(
                text=data.text,
                paper=data.paper,
                quote=data.quote,
                evidence=source.evidence if source else None,
                caveats=[c.name for c in source.caveats.all()] if source else None,
                pk=source.pk if source else None,
            )
        )
    return matched


def _replace_pending(
    entry: Entry, *, by: AbstractBaseUser, submission: Submission, claims: Sequence[ClaimData]
) -> None:
    """Rewrite a pending entry for its own author's pipeline.

    ``entry_update`` lets only editors change a pending entry (the web editor must not move
    the text under a reviewer); the ingestion issue asks that a resubmission update the
    entry while it waits. Claims repeated verbatim keep their evidence level and caveats,
    and the log says that the text changed during review.
    """
    entry.date = submission.date
    entry.headline = submission.headline.strip()
    if entry.lead != submission.lead:
        entry.lead = submission.lead
        entry.lead_html = render_markdown(submission.lead).html
    entry.save(update_fields=["date", "headline", "lead", "lead_html", "updated"])
    entry.topics.set(list(submission.topics))
    claims_replace(entry=entry, claims=claims)
    EntryEvent.objects.create(entry=entry, actor=by, action="updated by resubmission")
