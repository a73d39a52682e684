"""Writes of entries and their claims: create, edit, revisions, the claims in order, the
stored renderings. An editor's marks on claims are written in ``entries.review.services``,
review transitions in ``entries.review.workflow``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from accounts.roles import can_contribute, is_editor
from core.markdown import render_inline, render_markdown
from core.review import seen_is_stale
from entries.models import (
    OPEN_STATUSES,
    WRITE_ACTIONS,
    Caveat,
    Claim,
    Entry,
    EntryEvent,
    EntryStatus,
    Evidence,
    EvidenceLevel,
)
from entries.review.marks import full_text_problem
from entries.signals import claims_written
from entries.writing.fulltext import entry_vector_refresh
from papers.models import Paper
from wiki.models import Concept


@dataclass
class ClaimData:
    text: str
    paper: Paper | None = None
    quote: str = ""
    # None (with caveats None) means "not given": an edit keeps or resets the marks.
    evidence: str | None = Evidence.UNMARKED
    caveats: Sequence[str] | None = field(default_factory=tuple)  # caveat names
    pk: int | None = None  # the claim this data rewrites, when editing
    # Why the level is what it is: the editor's reason (needed for some "full text"), or,
    # with ``from_text``, the note's own words (the importer): such marks are stored with
    # the words that say so, whoever writes them, and never count as an editor's marks.
    evidence_reason: str = ""
    evidence_level: str = ""  # with ``from_text``: which words gave the level (evidence.LEVELS)
    from_text: bool = False
    caveat_reasons: dict[str, str] = field(default_factory=dict)


@transaction.atomic
def entry_create(
    *,
    author: AbstractBaseUser | None,
    date: dt.date,
    headline: str,
    lead: str = "",
    topics: Iterable[Concept] = (),
    claims: Sequence[ClaimData] = (),
    status: str = EntryStatus.DRAFT,
    external_id: str | None = None,
    action: str = "created",
) -> Entry:
    """Create an entry with its ordered claims, logging its creation."""
    entry = Entry.objects.create(
        author=author,
        date=date,
        headline=headline.strip(),
        lead=lead,
        lead_html=render_markdown(lead).html,
        status=status,
        external_id=external_id,
        published_at=timezone.now() if status == EntryStatus.PUBLISHED else None,
        submitted_at=timezone.now() if status == EntryStatus.PENDING else None,
    )
    entry.topics.set(list(topics))
    claims_replace(entry=entry, claims=claims)
    EntryEvent.objects.create(entry=entry, actor=author, action=action, to_status=status)
    entry_vector_refresh([entry.pk])
    return entry


@transaction.atomic
def claims_replace(*, entry: Entry, claims: Sequence[ClaimData]) -> list[Claim]:
    """Set the entry's claims to exactly ``claims``, in order, and its cited papers."""
    entry.claims.all().delete()
    caveats = {c.name: c for c in Caveat.objects.all()}
    created = Claim.objects.bulk_create(
        [
            Claim(
                entry=entry,
                position=i,
                text=data.text.strip(),
                html=render_inline(data.text),
                paper=data.paper,
                quote=data.quote.strip(),
                evidence=data.evidence or Evidence.UNMARKED,
                evidence_reason=data.evidence_reason if data.evidence else "",
                evidence_level=_level_of(data),
                caveat_reasons=_kept_reasons(data.caveat_reasons, data.caveats or ()),
            )
            for i, data in enumerate(claims)
        ]
    )
    through = Claim.caveats.through
    through.objects.bulk_create(
        [
            through(claim_id=claim.pk, caveat_id=caveats[name].pk)
            for claim, data in zip(created, claims, strict=True)
            for name in data.caveats or ()
            if name in caveats
        ]
    )
    entry.papers.set({d.paper.pk for d in claims if d.paper is not None})
    # A published entry is created only by a trusted path (an operator's import): its
    # figures are published with it; otherwise they wait for an editor in review.
    claims_written.send(sender=Claim, claims=created, confirm=entry.status == EntryStatus.PUBLISHED)
    return created


def _level_of(data: ClaimData) -> str:
    """Which words gave a written claim's level: the note's (``from_text``), else an editor."""
    if not data.evidence or data.evidence == Evidence.UNMARKED:
        return EvidenceLevel.NONE
    return data.evidence_level if data.from_text else EvidenceLevel.EDITOR


def _kept_reasons(reasons: dict[str, str] | None, names) -> dict[str, str]:
    """The reasons of the caveats a claim still carries."""
    return {name: why for name, why in (reasons or {}).items() if name in set(names)}


class EntryError(Exception):
    """A write that cannot be done; ``str()`` is a message for the person who tried."""

    status_code = 400


class EditNotAllowed(EntryError):
    status_code = 403


class EditConflict(EntryError):
    status_code = 409


class StaleEdit(EditConflict):
    """The entry changed since the form was opened: nothing was saved over the change."""

    def __init__(self, message: str, *, current: Entry) -> None:
        super().__init__(message)
        self.current = current


STALE_MESSAGE = (
    "This entry changed while you had it open (you saw version {seen}; it is now version "
    "{now}). Nothing was saved over the change: {what}"
)


def entry_version_bump(entry: Entry) -> int:
    """Record one more change of the entry's text, topics, claims or marks: approvals and
    edit forms name the version they saw, and are refused once it has moved on."""
    Entry.objects.filter(pk=entry.pk).update(version=F("version") + 1, updated=timezone.now())
    entry.version = Entry.objects.values_list("version", flat=True).get(pk=entry.pk)
    return entry.version


def check_version(entry: Entry, seen: int | None, *, what: str, error=None) -> None:
    """Refuse (``StaleEdit``, or ``error``) when ``seen`` is given and is not the entry's
    version as locked now."""
    if not seen_is_stale(seen, entry.version):
        return
    message = STALE_MESSAGE.format(seen=seen, now=entry.version, what=what)
    if error is not None:
        raise error(message)
    raise StaleEdit(message, current=entry)


def can_edit_entry(user: AbstractBaseUser | AnonymousUser, entry: Entry) -> bool:
    """Only the author edits their draft (or an entry sent back, or a published one, which
    starts a revision); editors may edit anything. Nobody edits a pending entry's text
    except an editor, so the reviewer never reviews a moving target."""
    if not can_contribute(user):
        return False
    if is_editor(user):
        return True
    if entry.author_id != user.pk:
        return False
    return entry.status in (
        EntryStatus.DRAFT,
        EntryStatus.CHANGES_REQUESTED,
        EntryStatus.PUBLISHED,
    )


def open_revision(entry: Entry) -> Entry | None:
    """The revision of a published entry being written or reviewed, if there is one."""
    return entry.revisions.filter(status__in=OPEN_STATUSES).select_related("author").first()


@transaction.atomic
def entry_update(
    *,
    entry: Entry,
    by: AbstractBaseUser,
    date: dt.date,
    headline: str,
    lead: str,
    topics: Iterable[Concept],
    claims: Sequence[ClaimData],
    expected: str | None = None,
    expected_version: int | None = None,
) -> Entry:
    """Save an edit and return the row that holds it.

    ``expected_version`` is the version the editing person started from: if the entry
    changed since, :class:`StaleEdit` carries the current entry and nothing is saved.

    A published entry is not changed: the edit becomes a draft *revision* of it (returned),
    which goes through review like any entry while readers keep seeing the published text.
    ``ClaimData.pk`` names the claim being rewritten; its evidence marks are kept while its
    text, source and quote are unchanged, and reset otherwise unless ``by`` may mark
    evidence and the data carries marks.
    """
    if not can_edit_entry(by, entry):
        raise EditNotAllowed("You may not edit this entry.")
    locked = Entry.objects.select_for_update().get(pk=entry.pk)
    if locked.status != (expected or entry.status):
        raise EditConflict(
            f"Somebody else was faster: this entry became {locked.get_status_display()} "
            "while you were editing. Nothing was saved."
        )
    check_version(locked, expected_version, what="compare the two texts below, then save again.")
    if locked.status == EntryStatus.PUBLISHED:
        return revision_start(
            original=locked, by=by, date=date, headline=headline, lead=lead, topics=topics,
            claims=claims,
        )  # fmt: skip
    entry_text_set(locked, date=date, headline=headline, lead=lead)
    locked.save(update_fields=["date", "headline", "lead", "lead_html", "updated"])
    locked.topics.set(list(topics))
    sources = locked.claims.prefetch_related("caveats").in_bulk()
    claims_write(entry=locked, claims=claims, by=by, sources=sources, reuse=True)
    entry_version_bump(locked)
    EntryEvent.objects.create(entry=locked, actor=by, action="edited")
    return locked


def entry_text_set(entry: Entry, *, date: dt.date, headline: str, lead: str) -> None:
    entry.date = date
    entry.headline = headline.strip()
    if lead != entry.lead or not entry.lead_html:
        entry.lead = lead
        entry.lead_html = render_markdown(lead).html


def revision_start(
    *,
    original: Entry,
    by: AbstractBaseUser | None,
    date: dt.date,
    headline: str,
    lead: str,
    topics: Iterable[Concept],
    claims: Sequence[ClaimData],
    comment: str = "",
) -> Entry:
    """Start the revision that carries an edit of a published entry: readers keep seeing
    the published text until an editor approves it. ``claims`` name by pk the published
    claims they rewrite (``ClaimData.pk``)."""
    current = open_revision(original)
    if current is not None:
        raise EntryError(
            f"This entry already has a revision in progress by {current.author}: "
            "edit or review that one instead."
        )
    revision = Entry(author=by, status=EntryStatus.DRAFT, revision_of=original)
    entry_text_set(revision, date=date, headline=headline, lead=lead)
    revision.save()
    revision.topics.set(list(topics))
    sources = original.claims.prefetch_related("caveats").in_bulk()
    claims_write(entry=revision, claims=claims, by=by, sources=sources, reuse=False)
    EntryEvent.objects.create(
        entry=revision,
        actor=by,
        action="started a revision",
        to_status=EntryStatus.DRAFT,
        comment=comment,
    )
    return revision


def claims_write(
    *,
    entry: Entry,
    claims: Sequence[ClaimData],
    by: AbstractBaseUser | None,
    sources: dict[int, Claim],
    reuse: bool,
) -> list[Claim]:
    """Make ``entry``'s claims exactly ``claims``, in order.

    ``sources`` are the claims the data may name by pk. With ``reuse`` those rows are
    updated in place (an ordinary edit); without, new rows point at them through ``origin``
    (a revision, so the reviewer sees which claim each one rewrites).
    """
    may_mark = by is not None and by.has_perm("entries.mark_evidence")
    vocabulary = {c.name: c for c in Caveat.objects.all()}
    now = timezone.now()
    written: list[Claim] = []
    for position, data in enumerate(claims):
        source = sources.get(data.pk) if data.pk is not None else None
        text, quote = data.text.strip(), data.quote.strip()
        paper_id = data.paper.pk if data.paper is not None else None
        source_caveats = {c.name for c in source.caveats.all()} if source else set()
        same_text = source is not None and (source.text, source.paper_id, source.quote) == (
            text,
            paper_id,
            quote,
        )
        marked_by_id = source.marked_by_id if source else None
        marked_at = source.marked_at if source else None
        given = data.evidence_reason.strip()
        reason = given or (source.evidence_reason if source else "")
        level = source.evidence_level if source else EvidenceLevel.NONE
        reasons = dict(source.caveat_reasons) if source else {}
        if data.from_text and data.evidence is not None:
            # The note's words set these marks: they keep the words, and wait for an editor.
            evidence, names = data.evidence, set(data.caveats or ())
            reason, reasons, marked_by_id, marked_at = given, data.caveat_reasons, None, None
            level = _level_of(data)
        elif may_mark and data.evidence is not None:
            evidence, names = data.evidence, set(data.caveats or ())
            same_paper = source is not None and source.paper_id == paper_id
            before = source.evidence if same_paper else None
            problem = full_text_problem(
                paper=data.paper, evidence=evidence, previous=before, reason=given
            )
            if problem:
                raise EntryError(f"Claim {position + 1}: {problem}")
            if source is None or (evidence, names) != (source.evidence, source_caveats):
                marked_by_id, marked_at = by.pk, now
            if source is None or evidence != source.evidence:
                reason = given  # the note's words no longer explain this level
                level = EvidenceLevel.EDITOR
        elif same_text:
            evidence, names = source.evidence, source_caveats
        else:  # new or rewritten: an editor must look at it again
            evidence, names, marked_by_id, marked_at = Evidence.UNMARKED, set(), None, None
            reason, reasons, level = "", {}, EvidenceLevel.NONE
        claim = source if (reuse and source is not None) else Claim(entry=entry)
        if not reuse:
            claim.origin = source
        if claim.pk is None or claim.text != text or not claim.html:
            claim.html = render_inline(text)
        claim.position, claim.text, claim.quote, claim.paper_id = position, text, quote, paper_id
        claim.evidence, claim.marked_by_id, claim.marked_at = evidence, marked_by_id, marked_at
        claim.evidence_reason = reason if evidence != Evidence.UNMARKED else ""
        claim.evidence_level = level if evidence != Evidence.UNMARKED else EvidenceLevel.NONE
        claim.caveat_reasons = _kept_reasons(reasons, names)
        claim.save()
        if names != source_caveats or claim is not source:
            claim.caveats.set([vocabulary[n] for n in names if n in vocabulary])
        written.append(claim)
    if reuse:
        entry.claims.exclude(pk__in=[c.pk for c in written]).delete()
    entry.papers.set({c.paper_id for c in written if c.paper_id is not None})
    claims_written.send(sender=Claim, claims=written, confirm=False)
    return written


def entry_writers(entry: Entry) -> set[int]:
    """Everyone who wrote some of the entry's text: its author and whoever edited it since
    it was created (on any path: the form, a resubmission, a revision). Uses the entry's
    prefetched events when it has them."""
    known = getattr(entry, "_writers", None)
    if known is not None:  # asked once per loaded entry (each button asks)
        return known
    cached = getattr(entry, "_prefetched_objects_cache", {}).get("events")
    if cached is not None:
        actors = {e.actor_id for e in cached if e.action in WRITE_ACTIONS}
    else:
        actors = set(
            entry.events.filter(action__in=WRITE_ACTIONS).values_list("actor_id", flat=True)
        )
    entry._writers = {pk for pk in actors | {entry.author_id} if pk is not None}
    return entry._writers


def entries_render_again(*, chunk: int = 200) -> int:
    """Render every entry's lead and every claim again with the renderer as it is now (see
    ``wiki.services.revisions_render_again``). Returns how many stored renderings changed."""
    changed = 0
    for model, source, target, render in (
        (Entry, "lead", "lead_html", lambda text: render_markdown(text).html),
        (Claim, "text", "html", render_inline),
    ):
        batch = []
        rows = model.objects.only("pk", source, target).order_by("pk")
        for row in rows.iterator(chunk_size=chunk):
            html = render(getattr(row, source))
            if html != getattr(row, target):
                setattr(row, target, html)
                batch.append(row)
            if len(batch) >= chunk:
                model.objects.bulk_update(batch, [target])
                changed, batch = changed + len(batch), []
        model.objects.bulk_update(batch, [target])
        changed += len(batch)
    return changed


def entry_external_id_adopt(*, entry: Entry, external_id: str) -> bool:
    """An entry found by its date and headline, without an external id, takes
    ``external_id``, so the next import finds it by that. Returns whether it did."""
    unset = Q(external_id__isnull=True) | Q(external_id="")
    return bool(Entry.objects.filter(unset, pk=entry.pk).update(external_id=external_id))
