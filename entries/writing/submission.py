"""Whole-text submissions of an entry: the one write path of the API and the notes importer.

A submission carries an entry's whole text every time. :func:`entry_submit` creates the
entry, or brings an existing one up to date:

* a draft, an entry sent back, or a pending entry is rewritten in place (a pending one
  says so in its history and goes back to the end of the review queue);
* a **published** entry is never rewritten: the change becomes a revision of it that
  waits for review (or updates the revision already waiting), while readers keep seeing
  the published text;
* a rejected entry is not changed; the submission is refused.

Claims repeated word for word keep the evidence marks already set on them (by an editor,
or from the note's words with their reasons); new claims may carry marks read from the
note's words (``ClaimData.from_text``), which keep those words and no editor's name.
Replaying the same submission changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.roles import can_contribute, is_editor
from entries.models import Entry, EntryEvent, EntryStatus
from entries.review.workflow import entry_transition
from entries.writing.fulltext import entry_vector_refresh
from entries.writing.services import (
    ClaimData,
    EditNotAllowed,
    EntryError,
    claims_write,
    entry_create,
    entry_text_set,
    entry_version_bump,
    open_revision,
    revision_start,
)
from wiki.models import Concept

User = AbstractBaseUser | AnonymousUser


class SubmissionConflict(EntryError):
    status_code = 409


@dataclass(frozen=True)
class Submission:
    """An entry as a pipeline or a notes file states it: the whole text, every time."""

    date: dt.date
    headline: str
    lead: str
    topics: Sequence[Concept]
    claims: Sequence[ClaimData]
    status: str = EntryStatus.DRAFT  # DRAFT, PENDING (or PUBLISHED for a first import)
    external_id: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What a submission did: ``entry`` is the row that now holds the text (the revision,
    when a published entry was changed)."""

    entry: Entry
    state: str  # "created", "updated", "revision" or "unchanged"

    @property
    def created(self) -> bool:
        return self.state == "created"


def entry_submit(
    *,
    by: User | None,
    submission: Submission,
    existing: Entry | None = None,
    created_action: str = "created",
) -> Outcome:
    """Create the entry, or bring ``existing`` (default: the entry with the submission's
    ``external_id``) up to date. ``by`` None is the system itself (an operator's import).
    """
    if by is not None and not can_contribute(by):
        raise EditNotAllowed("Only contributors and editors may submit entries.")
    external_id = submission.external_id or None
    if existing is None and external_id is not None:
        existing = Entry.objects.filter(external_id=external_id).first()
    if existing is not None:
        return _resubmit(existing, by=by, submission=submission)
    try:
        with transaction.atomic():
            first_status = submission.status
            if by is not None and submission.status == EntryStatus.PENDING:
                first_status = EntryStatus.DRAFT  # the author submits it: logged as such
            entry = entry_create(
                author=by,
                date=submission.date,
                headline=submission.headline,
                lead=submission.lead,
                topics=submission.topics,
                claims=submission.claims,
                status=first_status,
                external_id=external_id,
                action=created_action,
            )
            if first_status != submission.status:
                entry = entry_transition(entry=entry, to=submission.status, by=by)
    except IntegrityError:
        # The same submission arrived twice at once: the other request created it.
        existing = Entry.objects.filter(external_id=external_id).first() if external_id else None
        if existing is None:
            raise
        return _resubmit(existing, by=by, submission=submission)
    return Outcome(entry, "created")


def _may_rewrite(by: User | None, entry: Entry) -> bool:
    return by is None or entry.author_id == by.pk or is_editor(by)


@transaction.atomic
def _resubmit(entry: Entry, *, by: User | None, submission: Submission) -> Outcome:
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    label = f"Entry {locked.pk}" + (
        f" (external id “{submission.external_id}”)" if submission.external_id else ""
    )
    if not _may_rewrite(by, locked):
        raise SubmissionConflict(
            f"The external id “{submission.external_id}” already belongs to another "
            "author's entry: choose another external id."
        )
    if locked.status == EntryStatus.REJECTED:
        raise SubmissionConflict(
            f"{label} was rejected, so a submission can no longer replace it. "
            "Submit it under a new external id if it should be reviewed again."
        )
    if locked.status == EntryStatus.PUBLISHED:
        return _revise_published(locked, by=by, submission=submission)
    if same_content(locked, submission):
        outcome = Outcome(locked, "unchanged")
    else:
        _rewrite(locked, by=by, submission=submission)
        outcome = Outcome(locked, "updated")
    return Outcome(_submit_if_asked(outcome.entry, by=by, submission=submission), outcome.state)


def _rewrite(entry: Entry, *, by: User | None, submission: Submission) -> None:
    """Rewrite a draft, sent-back or pending entry in place, keeping verbatim claims' marks."""
    was_pending = entry.status == EntryStatus.PENDING
    entry_text_set(entry, date=submission.date, headline=submission.headline, lead=submission.lead)
    fields = ["date", "headline", "lead", "lead_html", "updated"]
    if was_pending:
        # Back to the end of the queue: the reviewer must see the new text as new work.
        entry.submitted_at = timezone.now()
        fields.append("submitted_at")
    entry.save(update_fields=fields)
    entry.topics.set(list(submission.topics))
    sources = entry.claims.prefetch_related("caveats").in_bulk()
    claims_write(
        entry=entry,
        claims=claims_matched(sources.values(), submission.claims),
        by=None,
        sources=sources,
        reuse=True,
    )
    entry_version_bump(entry)  # an approval of the text before this one is refused
    EntryEvent.objects.create(
        entry=entry,
        actor=by,
        action="updated by resubmission" if was_pending else "edited",
        comment="The text changed while it waited for review: back at the end of the queue."
        if was_pending
        else "",
    )
    entry_vector_refresh([entry.pk])


def _revise_published(original: Entry, *, by: User | None, submission: Submission) -> Outcome:
    """A published entry changes only through a revision that waits for review."""
    revision = open_revision(original)
    if revision is None:
        if same_content(original, submission):
            return Outcome(original, "unchanged")
        sources = original.claims.prefetch_related("caveats").in_bulk()
        revision = revision_start(
            original=original,
            by=by,
            date=submission.date,
            headline=submission.headline,
            lead=submission.lead,
            topics=submission.topics,
            claims=claims_matched(sources.values(), submission.claims),
            comment="The text changed at its source; readers keep the published text "
            "until an editor approves this revision.",
        )
        state = "revision"
    else:
        if revision.author_id != (by.pk if by is not None else None) and by is not None:
            raise SubmissionConflict(
                f"Entry {original.pk} already has a revision in progress by "
                f"{revision.author}: edit or review that one instead."
            )
        locked = Entry.objects.select_for_update().get(pk=revision.pk)
        if same_content(locked, submission):
            return Outcome(locked, "unchanged")
        _rewrite(locked, by=by, submission=submission)
        revision, state = locked, "revision"
    return Outcome(_submit_if_asked(revision, by=by, submission=submission), state)


def _submit_if_asked(entry: Entry, *, by: User | None, submission: Submission) -> Entry:
    """Send a draft (or an entry sent back) for review when the submission asks for it."""
    wants_review = submission.status in (EntryStatus.PENDING, EntryStatus.PUBLISHED)
    if not wants_review or entry.status not in (EntryStatus.DRAFT, EntryStatus.CHANGES_REQUESTED):
        return entry
    if by is not None and entry.author_id == by.pk:
        return entry_transition(entry=entry, to=EntryStatus.PENDING, by=by)
    # The system (or an editor importing someone's notes) puts it in the queue itself.
    before = entry.status
    entry.status = EntryStatus.PENDING
    entry.submitted_at = timezone.now()
    entry.save(update_fields=["status", "submitted_at", "updated"])
    EntryEvent.objects.create(
        entry=entry, actor=by, action="submitted", from_status=before, to_status=entry.status
    )
    return entry


def _claim_key(text: str, paper_id: int | None, quote: str) -> tuple[str, int | None, str]:
    return (text.strip(), paper_id, quote.strip())


def same_content(entry: Entry, submission: Submission) -> bool:
    """Whether ``entry`` already holds exactly the submitted text, topics and claims."""
    stored = [_claim_key(c.text, c.paper_id, c.quote) for c in entry.claims.order_by("position")]
    sent = [_claim_key(c.text, c.paper.pk if c.paper else None, c.quote) for c in submission.claims]
    return (
        entry.date == submission.date
        and entry.headline == submission.headline.strip()
        and entry.lead == submission.lead
        and set(entry.topics.values_list("pk", flat=True)) == {t.pk for t in submission.topics}
        and stored == sent
    )


def claims_matched(stored_claims, claims: Sequence[ClaimData]) -> list[ClaimData]:
    """Name, for every sent claim identical to a stored one, the stored claim it repeats,
    so the evidence marks an editor already set on it are kept; the rest are new."""
    stored: dict[tuple, list] = {}
    for claim in sorted(stored_claims, key=lambda c: (c.position, c.pk)):
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
                evidence=data.evidence if source is None else None,
                caveats=data.caveats if source is None else None,
                pk=source.pk if source else None,
                from_text=data.from_text and source is None,
                evidence_reason=data.evidence_reason,
                evidence_level=data.evidence_level,
                caveat_reasons=data.caveat_reasons,
            )
        )
    return matched


__all__ = ["Outcome", "Submission", "SubmissionConflict", "entry_submit"]
