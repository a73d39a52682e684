"""Entries, their claims' evidence marks and the review transitions, through the same
services as the web pages."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404, HttpRequest
from ninja import Path, Query, Router, Status

from accounts.roles import is_editor
from api.auth import OPTIONAL_SECURITY, token_optional, token_required
from api.errors import FieldErrors
from api.routers.common import concepts_by_slug, errors, paginate
from api.schemas import (
    MAX_ID,
    EntryDetailOut,
    EntryFilters,
    EntryIn,
    EntryPage,
    MarkIn,
    MarkOut,
    TransitionIn,
)
from entries.models import Caveat, Claim, Entry, EntryStatus
from entries.reading.selectors import (
    claims_prefetch,
    comments_visible,
    entry_for_page,
    entry_visible,
)
from entries.review.services import claim_mark
from entries.review.workflow import entry_transition, transitions_for
from entries.writing.services import ClaimData
from entries.writing.submission import Submission, entry_submit
from papers.selectors import paper_by_key, unknown_paper_message
from wiki.models import Concept

router = Router(tags=["entries"])
claims_router = Router(tags=["claims"])

TOPICS = Prefetch("topics", queryset=Concept.objects.published().only("id", "slug"))
EntryId = Path(..., ge=1, le=MAX_ID, description="The entry's id.")


def visible_entries(user) -> QuerySet[Entry]:
    """Published entries for everybody; the rest for their author and for editors (the
    same rule as the entry page)."""
    entries = Entry.objects.all()
    if is_editor(user):
        return entries
    published = Q(status=EntryStatus.PUBLISHED, revision_of__isnull=True)
    if user.is_authenticated:
        return entries.filter(published | Q(author=user))
    return entries.filter(published)


def _entry_detail(request: HttpRequest, pk: int) -> Entry:
    entry = entry_for_page(pk).first()
    if entry is None or not entry_visible(entry, request.user):
        raise Http404("No entry has that id.")
    entry.allowed_transitions = transitions_for(entry, request.user)
    if not comments_visible(entry, request.user):
        for event in entry.events.all():
            event.comment = ""  # decision comments are for the author and editors
    return entry


@router.get(
    "/",
    summary="List entries by status, topic or date",
    response={200: EntryPage, **errors(401, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def entry_list(request: HttpRequest, filters: Query[EntryFilters]):
    """Entries newest first. Anonymous readers see published entries; a token also shows
    its owner's own entries, and an editor's every entry."""
    entries = visible_entries(request.user)
    if filters.status:
        entries = entries.filter(status=filters.status)
    if filters.topic:
        entries = entries.filter(
            pk__in=Entry.topics.through.objects.filter(concept__slug=filters.topic).values(
                "entry_id"
            )
        )
    if filters.date_after:
        entries = entries.filter(date__gte=filters.date_after)
    if filters.date_before:
        entries = entries.filter(date__lte=filters.date_before)
    if filters.mine:
        user = request.user
        entries = entries.filter(author=user) if user.is_authenticated else entries.none()
    entries = (
        entries.select_related("author")
        .prefetch_related(TOPICS, claims_prefetch())
        .order_by("-date", "-id")
    )
    return paginate(entries, filters)


@router.get(
    "/{int:entry_id}/",
    summary="Get an entry",
    response={200: EntryDetailOut, **errors(401, 404, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def entry_detail(request: HttpRequest, entry_id: int = EntryId):
    """One entry with its claims, its history and the moves the requesting user may try."""
    return _entry_detail(request, entry_id)


def _claims(data: EntryIn) -> list[ClaimData]:
    claims, problems = [], []
    for i, claim in enumerate(data.claims):
        paper = paper_by_key(claim.paper, by_title=True) if claim.paper else None
        if claim.paper and paper is None:
            problems.append((f"claims.{i}.paper", unknown_paper_message(claim.paper)))
            continue
        claims.append(ClaimData(text=claim.text, paper=paper, quote=claim.quote))
    if problems:
        raise FieldErrors(problems)
    return claims


@router.post(
    "/",
    summary="Write an entry (draft or submitted); idempotent by external_id",
    response={200: EntryDetailOut, 201: EntryDetailOut, **errors(400, 401, 403, 409, 413, 422)},
    auth=token_required,
)
def entry_create(request: HttpRequest, payload: EntryIn):
    """Write an entry with its claims, as a draft or submitted for review (``"status":
    "pending"``). With an ``external_id`` seen before, the entry carrying it is updated
    instead (200) while it is a draft, pending or sent back; replaying the same request
    changes nothing. Once that entry is published or rejected the answer is 409."""
    submission = Submission(
        date=payload.date,
        headline=payload.headline,
        lead=payload.lead,
        topics=concepts_by_slug(payload.topics, queryset=Concept.objects.published()),
        claims=_claims(payload),
        status=payload.status,
        external_id=payload.external_id,
    )
    outcome = entry_submit(by=request.user, submission=submission)
    return Status(201 if outcome.created else 200, _entry_detail(request, outcome.entry.pk))


@router.post(
    "/{int:entry_id}/transitions/",
    summary="Move an entry through review",
    response={200: EntryDetailOut, **errors(400, 401, 403, 404, 409, 413, 422)},
    auth=token_required,
)
def entry_transition_create(request: HttpRequest, payload: TransitionIn, entry_id: int = EntryId):
    """Move the entry through review: its author submits it (``pending``); an editor
    who wrote none of its text approves it (``published``, every claim marked first,
    naming the ``version`` read: 409 if the entry changed since), requests changes or
    rejects it (both with a comment). ``expected`` guards against a race."""
    entry = Entry.objects.filter(pk=entry_id).first()
    if entry is None or not entry_visible(entry, request.user):
        raise Http404("No entry has that id.")
    result = entry_transition(
        entry=entry,
        to=payload.to,
        by=request.user,
        comment=payload.comment,
        expected=payload.expected,
        version=payload.version,
    )
    return _entry_detail(request, result.pk)


@claims_router.put(
    "/{int:claim_id}/evidence/",
    summary="Set a claim's evidence level and caveats",
    response={200: MarkOut, **errors(400, 401, 403, 404, 409, 413, 422)},
    auth=token_required,
)
def claim_mark_evidence(
    request: HttpRequest,
    payload: MarkIn,
    claim_id: int = Path(..., ge=1, le=MAX_ID, description="The claim's id."),
):
    """Set a claim's evidence level and caveats (editors only), as the review page does.
    On a published entry the change shows at once and is logged in the entry's history
    ("changed a mark": who, which claim, from what, to what)."""
    claim = Claim.objects.select_related("entry").filter(pk=claim_id).first()
    if claim is None or not entry_visible(claim.entry, request.user):
        raise Http404("No claim has that id.")
    vocabulary = list(Caveat.objects.all())
    by_key = {c.name.lower(): c for c in vocabulary} | {c.slug: c for c in vocabulary}
    unknown = [
        (f"caveats.{i}", f"“{name}” is not a caveat: see /api/caveats/.")
        for i, name in enumerate(payload.caveats)
        if name.strip().lower() not in by_key
    ]
    if unknown:
        raise FieldErrors(unknown)
    caveats = {by_key[name.strip().lower()] for name in payload.caveats}
    claim_mark(
        claim=claim,
        by=request.user,
        evidence=payload.evidence,
        caveats=caveats,
        reason=payload.reason,
        seen_version=payload.version,
    )
    return (
        Claim.objects.select_related("paper", "entry").prefetch_related("caveats").get(pk=claim.pk)
    )
