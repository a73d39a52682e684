"""Reads of the review pages: the queue's order, and claims with what the editor's controls
show beside them (suggestions, the reasons behind marks, the caveats checked)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Prefetch, QuerySet, prefetch_related_objects

from entries.models import Claim, Entry, Evidence
from entries.reading.selectors import PAPER_TEXT, claims_prefetch
from entries.review.reasons import mark_reasons
from entries.review.suggestions import claim_suggestions


def review_queue() -> QuerySet[Entry]:
    """Pending entries (and pending revisions), longest waiting first: only what orders
    them, so that a page is cut before anything is counted. An entry whose text changed
    while it waited went back to the end (``submitted_at``)."""
    queue = Entry.objects.pending().order_by(F("submitted_at").asc(nulls_first=True), "id")
    return queue.values_list("pk", flat=True)


def prepare_for_review(entries: list[Entry]) -> None:
    """Load what the review controls of these entries need: claims with their papers and
    caveats (and how many are unmarked), and for a revision the published entry it changes."""
    prefetch_related_objects(
        entries,
        claims_prefetch(),
        "revision_of__topics",
        Prefetch(
            "revision_of__claims", queryset=Claim.objects.select_related("paper").defer(*PAPER_TEXT)
        ),
        "revision_of__claims__caveats",
    )
    for entry in entries:
        decorate_for_review(entry.claims.all())
        entry.unmarked_count = sum(c.evidence == Evidence.UNMARKED for c in entry.claims.all())


def decorate_for_review(claims: Iterable[Claim]) -> list[Claim]:
    """Give each claim (paper and caveats prefetched) what the review controls need."""
    result = []
    for claim in claims:
        names = {c.name for c in claim.caveats.all()}
        claim.caveat_ids = {c.pk for c in claim.caveats.all()}
        claim.suggestions = claim_suggestions(claim, names)
        claim.mark_reasons = mark_reasons(claim, [c.name for c in claim.caveats.all()])
        result.append(claim)
    return result
