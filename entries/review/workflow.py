"""The review workflow: one function, ``entry_transition``, over a table of allowed moves
declared on the one review mechanism (``core.review``), as concept revisions and results are.

draft → pending (author) · changes requested → pending (author) · pending → published,
changes requested or rejected (an editor; while the four-eyes rule is on, not one who wrote
any of the text: its author, or anyone who edited it). An approval names the version the
editor saw, and is refused once the entry has changed since.

A pending *revision* of a published entry is an Entry row with ``revision_of`` set;
approving it copies its text and claims onto the published entry, which readers kept seeing
until then.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone

from core.review import AUTHOR, EDITOR, Transition, Workflow, four_eyes_forbids, seen_is_stale
from entries.models import Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.tasks import decision_email_send
from entries.writing.fulltext import entry_vector_refresh
from entries.writing.services import STALE_MESSAGE, entry_version_bump, entry_writers
from results.models import Result, ResultStatus

# An entry's states, declared on the one review mechanism (core.review).
TRANSITIONS = Workflow(
    Transition(EntryStatus.DRAFT, EntryStatus.PENDING, AUTHOR, "submitted", "Submit for review"),
    Transition(
        EntryStatus.CHANGES_REQUESTED,
        EntryStatus.PENDING,
        AUTHOR,
        "resubmitted",
        "Submit for review",
    ),
    Transition(EntryStatus.PENDING, EntryStatus.PUBLISHED, EDITOR, "approved", "Approve"),
    Transition(
        EntryStatus.PENDING,
        EntryStatus.CHANGES_REQUESTED,
        EDITOR,
        "requested changes",
        "Request changes",
        needs_comment=True,
    ),
    Transition(
        EntryStatus.PENDING, EntryStatus.REJECTED, EDITOR, "rejected", "Reject", needs_comment=True
    ),
)
DECISIONS = TRANSITIONS.decisions

RACE_MESSAGE = "Somebody else was faster: this entry is now {status}. Nothing was changed."


class TransitionError(Exception):
    """A transition that did not happen; ``str()`` is a message for the person who tried."""

    status_code = 400


class TransitionNotAllowed(TransitionError):
    """This person may not make this move (wrong role, not the author, four-eyes, no such move)."""

    status_code = 403


class TransitionRefused(TransitionError):
    """The move is theirs to make but the entry or the form is not ready (unmarked claims,
    a missing comment): a form error."""

    status_code = 400


class TransitionConflict(TransitionError):
    """Somebody else moved the entry first."""

    status_code = 409


class StaleApproval(TransitionConflict):
    """The entry changed after the editor opened it: they would approve text never seen."""


def _is_author(user: AbstractBaseUser | AnonymousUser, entry: Entry) -> bool:
    return (
        user.is_authenticated and entry.author_id == user.pk and user.has_perm("entries.add_entry")
    )


def _check_role(transition: Transition, entry: Entry, by: AbstractBaseUser | AnonymousUser):
    if not by.is_authenticated:
        raise TransitionNotAllowed("Log in to do that.")
    if transition.role == AUTHOR:
        if not _is_author(by, entry):
            raise TransitionNotAllowed(f"Only the entry's author may {transition.label.lower()}.")
        return
    if not by.has_perm("entries.review_entry"):
        raise TransitionNotAllowed("Only an editor may review entries.")
    if four_eyes_forbids(by, [entry.author_id]):
        raise TransitionNotAllowed(
            "You wrote this entry: another editor must review it (the four-eyes rule)."
        )
    if four_eyes_forbids(by, lambda: entry_writers(entry)):
        raise TransitionNotAllowed(
            "You edited this entry's text: another editor must review it (the four-eyes rule)."
        )


def transitions_for(entry: Entry, user: AbstractBaseUser | AnonymousUser) -> list[Transition]:
    """The moves ``user`` may try on ``entry`` as it is now (for showing buttons)."""
    allowed = []
    for transition in TRANSITIONS.from_state(entry.status):
        try:
            _check_role(transition, entry, user)
        except TransitionNotAllowed:
            continue
        allowed.append(transition)
    return allowed


@transaction.atomic
def entry_transition(
    *,
    entry: Entry,
    to: str,
    by: AbstractBaseUser | AnonymousUser,
    comment: str = "",
    expected: str | None = None,
    version: int | None = None,
) -> Entry:
    """Move ``entry`` to state ``to`` on behalf of ``by``, log it, and return the entry
    readers now see (for an approved revision: the published entry it was merged into).

    ``expected`` is the state the person saw (default: ``entry.status`` as loaded); if the
    row has moved on since, nothing changes and TransitionConflict says so. ``version`` is
    the version of the entry the editor read: an approval must name it, and is refused
    (StaleApproval) when the text, claims or marks changed since.
    """
    seen = expected or entry.status
    comment = (comment or "").strip()
    try:
        locked = Entry.objects.select_for_update().get(pk=entry.pk)
    except Entry.DoesNotExist:
        raise TransitionConflict(RACE_MESSAGE.format(status="gone")) from None
    if locked.status != seen:
        raise TransitionConflict(RACE_MESSAGE.format(status=locked.get_status_display()))
    transition = TRANSITIONS.move(locked.status, to)
    if transition is None:
        raise TransitionNotAllowed(
            f"An entry that is {locked.get_status_display()} cannot move to "
            f"{EntryStatus(to).label if to in EntryStatus.values else repr(to)}."
        )
    _check_role(transition, locked, by)
    if transition.needs_comment and not comment:
        raise TransitionRefused(f"Say why: a comment is required to {transition.label.lower()}.")
    if to == EntryStatus.PUBLISHED:
        if version is None:
            raise TransitionRefused(
                "Say which version of the entry you approve: reload it and approve again."
            )
        if seen_is_stale(version, locked.version):
            raise StaleApproval(
                STALE_MESSAGE.format(
                    seen=version,
                    now=locked.version,
                    what="read it again before you approve it.",
                )
            )
        unmarked = locked.claims.filter(evidence=Evidence.UNMARKED).count()
        if unmarked:
            raise TransitionRefused(
                f"{unmarked} claim{'s are' if unmarked != 1 else ' is'} still unmarked: "
                "set the evidence of every claim before approving."
            )
        undecided = Result.objects.filter(claim__entry=locked, status=ResultStatus.PROPOSED).count()
        if undecided:
            raise TransitionRefused(
                f"{undecided} proposed result{'s are' if undecided != 1 else ' is'} still "
                "undecided: confirm, correct or discard every result before approving."
            )

    action = f"revision {transition.action}" if locked.is_revision else transition.action
    event = EntryEvent.objects.create(
        entry=locked,
        actor=by,
        action=action,
        from_status=locked.status,
        to_status=to,
        comment=comment,
    )
    result = locked
    if to == EntryStatus.PUBLISHED and locked.is_revision:
        result = _merge_revision(locked)
        event.refresh_from_db()
    else:
        locked.status = to
        fields = ["status", "updated"]
        if to == EntryStatus.PENDING:
            locked.submitted_at = timezone.now()  # its place in the review queue
            fields.append("submitted_at")
        if to == EntryStatus.PUBLISHED and locked.published_at is None:
            locked.published_at = timezone.now()
            fields.append("published_at")
        locked.save(update_fields=fields)
    if to == EntryStatus.PUBLISHED:
        entry_vector_refresh([result.pk])
    if to in DECISIONS:
        recipient_id = locked.author_id
        transaction.on_commit(
            lambda: decision_email_send.enqueue(
                entry_id=result.pk, event_id=event.pk, recipient_id=recipient_id
            )
        )
    return result


def _merge_revision(revision: Entry) -> Entry:
    """Copy an approved revision onto its published entry, keep the log, drop the revision."""
    original = Entry.objects.select_for_update().get(pk=revision.revision_of_id)
    original.date = revision.date
    original.headline = revision.headline
    original.lead = revision.lead
    original.lead_html = revision.lead_html
    original.save(update_fields=["date", "headline", "lead", "lead_html", "updated"])
    entry_version_bump(original)
    original.topics.set(revision.topics.all())
    original.papers.set(revision.papers.all())

    proposed = list(revision.claims.prefetch_related("caveats"))
    kept = {c.origin_id for c in proposed if c.origin_id}
    original.claims.exclude(pk__in=kept).delete()
    originals = original.claims.in_bulk(kept)
    for claim in proposed:
        target = originals.get(claim.origin_id)
        if target is None:  # a new claim: move the row over
            claim.entry = original
            claim.origin = None
            claim.save(update_fields=["entry", "origin"])
            continue
        for name in (
            "position",
            "text",
            "html",
            "paper",
            "quote",
            "evidence",
            "evidence_reason",
            "evidence_level",
        ):
            setattr(target, name, getattr(claim, name))
        target.marked_by_id, target.marked_at = claim.marked_by_id, claim.marked_at
        target.save()
        target.caveats.set(claim.caveats.all())
        # The results reviewed with the revision's claim replace the published claim's.
        Result.objects.filter(claim=target).delete()
        Result.objects.filter(claim=claim).update(claim=target)
    Claim.objects.filter(entry=revision).delete()
    EntryEvent.objects.filter(entry=revision).update(entry=original)
    revision.delete()
    return original
