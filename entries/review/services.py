"""An editor's marks on claims: one claim's evidence level and caveats, an entry's claims
saved together ("Save marks"), and the evidence engine's suggestions applied by a click.
Every path that sets a mark (the review page, the entry page, the API) goes through
``claim_mark``; the rules of what a mark may say are ``entries.review.marks``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from entries.models import (
    MARK_CHANGED,
    Caveat,
    Claim,
    Entry,
    EntryEvent,
    EntryStatus,
    Evidence,
    EvidenceLevel,
)
from entries.review.marks import full_text_problem, mark_change_detail
from entries.review.suggestions import Suggestion, claim_suggestions
from entries.writing.services import (
    EditNotAllowed,
    EntryError,
    check_version,
    entry_version_bump,
    entry_writers,
)


class StaleMark(EntryError):
    status_code = 409


class MarkConflict(StaleMark):
    """The claim moved or went while the editor was marking it: its revision was approved
    (merged into the published entry) or the entry was edited. ``next_url``: where its
    claims are now."""

    def __init__(self, next_url: str) -> None:
        super().__init__(
            "Somebody else was faster: this claim's entry was approved or changed while you "
            "were marking it, and nothing was marked. Open the entry, check its claims as "
            "they are now, and mark again."
        )
        self.next_url = next_url


def _mark_conflict(claim: Claim) -> MarkConflict:
    """The conflict for a claim that moved or went, pointing at the entry that holds it (or
    the claim it rewrote) now: after a merge, the published entry."""
    seen = claim._state.fields_cache.get("entry")
    candidates = [
        Claim.objects.filter(pk=claim.pk).values_list("entry_id", flat=True).first(),
        Claim.objects.filter(pk=claim.origin_id).values_list("entry_id", flat=True).first()
        if claim.origin_id
        else None,
        seen.revision_of_id if seen is not None else None,
    ]
    for pk in candidates:
        if pk is not None and Entry.objects.filter(pk=pk).exists():
            return MarkConflict(reverse("entries:detail", args=[pk]))
    return MarkConflict(reverse("entries:review"))


@transaction.atomic
def claim_mark(
    *,
    claim: Claim,
    by: AbstractBaseUser | AnonymousUser,
    evidence: str,
    caveats: Iterable[Caveat],
    reason: str = "",
    seen_version: int | None = None,
) -> Claim:
    """Set a claim's evidence level and caveats (an editor's call), recording who and when.

    Every change moves the entry's version on. On a published entry an editor corrects a
    mark alone, as they would fix a typo, but never silently: the change is an event in
    the entry's history (who, which claim, from what, to what, when). "Full text" on a
    paper read only in abstract needs ``reason``. ``seen_version`` is the version of the
    entry the editor was looking at; a mark on an entry that changed since is refused.
    """
    if not (by.is_authenticated and by.has_perm("entries.mark_evidence")):
        raise EditNotAllowed("Only an editor may set evidence levels and caveats.")
    if evidence not in Evidence.values:
        raise EntryError(f"“{str(evidence)[:40]}” is not an evidence level.")
    # A revision approved meanwhile is merged and removed, its claims rewritten or moved:
    # each lookup below may find nothing, or the claim under another entry (issue #27).
    entry_id = Claim.objects.filter(pk=claim.pk).values_list("entry_id", flat=True).first()
    if entry_id is None or (claim.entry_id is not None and entry_id != claim.entry_id):
        raise _mark_conflict(claim)
    # The entry first, as edits do.
    entry = Entry.objects.select_for_update().filter(pk=entry_id).first()
    locked = (
        Claim.objects.select_for_update(of=("self",))
        .select_related("paper")
        .filter(pk=claim.pk, entry_id=entry_id)
        .first()
        if entry is not None
        else None
    )
    if locked is None:
        raise _mark_conflict(claim)
    if entry.status == EntryStatus.REJECTED:
        raise EntryError("This entry was rejected: its claims are no longer marked.")
    if (
        settings.WIKI_FOUR_EYES
        and entry.status == EntryStatus.PUBLISHED
        and by.pk in entry_writers(entry)
    ):
        # A published entry's marks change at once: its writers would be grading their own
        # text with nobody else looking (issue #27).
        raise EditNotAllowed(
            "You wrote this entry: another editor must change the marks of its published "
            "claims (the four-eyes rule). Ask one, or edit the entry to propose the change "
            "as a revision for review."
        )
    check_version(entry, seen_version, what="reload it to see what changed.", error=StaleMark)
    reason = (reason or "").strip()
    problem = full_text_problem(
        paper=locked.paper, evidence=evidence, previous=locked.evidence, reason=reason
    )
    if problem:
        raise EntryError(problem)
    caveats = list(caveats)
    caveats_from = {c.name for c in locked.caveats.all()}
    caveats_to = {c.name for c in caveats}
    evidence_from = locked.evidence
    changed = evidence != evidence_from or caveats_from != caveats_to
    new_reason = bool(reason) and reason != locked.evidence_reason
    if evidence != evidence_from or new_reason:
        locked.evidence_reason = reason
    if evidence != evidence_from:
        locked.evidence_level = (
            EvidenceLevel.EDITOR if evidence != Evidence.UNMARKED else EvidenceLevel.NONE
        )
    locked.evidence = evidence
    locked.marked_by = by
    locked.marked_at = timezone.now()
    locked.save(
        update_fields=["evidence", "evidence_reason", "evidence_level", "marked_by", "marked_at"]
    )
    if caveats_from != caveats_to:
        locked.caveats.set(caveats)
    if changed or new_reason:
        entry_version_bump(entry)
    if changed and entry.status == EntryStatus.PUBLISHED and not entry.is_revision:
        detail = mark_change_detail(
            locked,
            evidence_from=evidence_from,
            caveats_from=caveats_from,
            caveats_to=caveats_to,
            reason=reason,
        )
        EntryEvent.objects.create(entry=entry, actor=by, action=MARK_CHANGED, detail=detail)
    locked.entry = entry
    return locked


@dataclass(frozen=True)
class ClaimMarks:
    """What the editor set on one claim of an entry: its level, caveats and reason."""

    claim: Claim
    evidence: str
    caveats: Sequence[Caveat]
    reason: str = ""


@transaction.atomic
def entry_mark_claims(
    *,
    entry: Entry,
    by: AbstractBaseUser | AnonymousUser,
    marks: Sequence[ClaimMarks],
    seen_version: int | None = None,
) -> int | None:
    """Save the marks of several claims of ``entry`` at once (one "Save marks" for the
    entry): all of them or, when one is refused, none. Each goes through ``claim_mark``
    (permission, the four-eyes rule on published claims, "full text" reasons, the log),
    the first checked against ``seen_version`` and each next against the version the one
    before made. Returns the entry's version after the last (None without
    ``seen_version``)."""
    version = seen_version
    for mark in marks:
        if mark.claim.entry_id != entry.pk:
            raise _mark_conflict(mark.claim)
        try:
            marked = claim_mark(
                claim=mark.claim,
                by=by,
                evidence=mark.evidence,
                caveats=mark.caveats,
                reason=mark.reason,
                seen_version=version,
            )
        except StaleMark:
            raise
        except EntryError as exc:  # which of the claims, in the editor's words
            raise type(exc)(f"Claim {mark.claim.position + 1}: {exc}") from exc
        version = marked.entry.version if version is not None else None
    return version


def _apply(
    claim: Claim,
    suggestions: Iterable[Suggestion],
    by: AbstractBaseUser,
    seen_version: int | None = None,
) -> Claim:
    evidence = claim.evidence
    caveats = {c.name: c for c in claim.caveats.all()}
    wanted = [s.value for s in suggestions if s.kind == "caveat"]
    if wanted:
        caveats.update({c.name: c for c in Caveat.objects.filter(name__in=wanted)})
    for suggestion in suggestions:
        if suggestion.kind == "evidence":
            evidence = suggestion.value
    return claim_mark(
        claim=claim, by=by, evidence=evidence, caveats=caveats.values(), seen_version=seen_version
    )


@transaction.atomic
def claim_apply_suggestion(
    *,
    claim: Claim,
    by: AbstractBaseUser | AnonymousUser,
    kind: str,
    value: str,
    seen_version: int | None = None,
) -> Claim:
    """Apply one of the claim's current suggestions (the editor clicked it)."""
    for suggestion in claim_suggestions(claim):
        if (suggestion.kind, suggestion.value) == (kind, value):
            return _apply(claim, [suggestion], by, seen_version)
    if not (by.is_authenticated and by.has_perm("entries.mark_evidence")):
        raise EditNotAllowed("Only an editor may set evidence levels and caveats.")
    raise EntryError("That suggestion no longer applies to this claim.")


@transaction.atomic
def entry_apply_suggestions(
    *, entry: Entry, by: AbstractBaseUser | AnonymousUser, seen_version: int | None = None
) -> int:
    """Apply the current suggestions on every claim of the entry; return how many.

    Only blanks are filled: an evidence suggestion applies to an unmarked claim, a caveat
    suggestion adds a caveat not yet checked. A mark an editor set is never overwritten
    (one suggestion at a time, clicked, may still change it)."""
    if not (by.is_authenticated and by.has_perm("entries.mark_evidence")):
        raise EditNotAllowed("Only an editor may set evidence levels and caveats.")
    if seen_version is not None:
        locked = Entry.objects.select_for_update().get(pk=entry.pk)
        check_version(locked, seen_version, what="reload it to see what changed.", error=StaleMark)
    applied = 0
    for claim in entry.claims.select_related("paper").prefetch_related("caveats"):
        suggestions = [
            s
            for s in claim_suggestions(claim, {c.name for c in claim.caveats.all()})
            if s.kind != "evidence" or claim.evidence == Evidence.UNMARKED
        ]
        if suggestions:
            _apply(claim, suggestions, by)
            applied += len(suggestions)
    return applied
