"""The entry page's claims as readers see them, each rendered once per what it shows.

A claim on the entry page (``entries/_claim.html``: its text, badges, cited paper and
quote) is the same for every reader, so it is a part keyed by a digest of the plain rows it
shows (``core.cache.cached_parts``, as the review queue's claim rows): the claim's columns,
its paper's columns and its caveats' names, slugs and descriptions. The badge summary
beside the claims is counted from the same rows. Only a claim whose rows changed (a mark,
a paper edited, a caveat reworded) is rendered again; the others are read from the cache.
Editors reviewing the entry get the review controls instead (``entries.review.review_page``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from core.cache import Unstored, cached_parts, data_digest
from entries.models import Claim, Entry, Evidence
from entries.reading.selectors import PAPER_TEXT, BadgeCount, badge_counts
from entries.review.review_page import CLAIM_COLUMNS, PAPER_COLUMNS, claim_rows_with_caveats

# The names change with the parts' markup, so no part of an older layout is reused.
READER_CLAIM_PARTS = "entry-claim-1"
_CAVEAT_COLUMNS = ("caveat__slug", "caveat__name", "caveat__position", "caveat__description")


@dataclass(frozen=True)
class ReaderClaims:
    html: SafeString
    count: int
    unmarked_count: int
    summary: list[BadgeCount]


def reader_claims(entry: Entry) -> ReaderClaims:
    """``entry``'s claims as readers see them, with their badge summary: two queries of
    plain rows, and a rendering only for a claim whose rows changed."""
    claims, marks = claim_rows_with_caveats(entry.pk, *_CAVEAT_COLUMNS)
    pk_at, evidence_at = CLAIM_COLUMNS.index("id"), CLAIM_COLUMNS.index("evidence")
    digests = {row[pk_at]: _digest(row, marks[row[pk_at]]) for row in claims}
    parts = cached_parts(READER_CLAIM_PARTS, digests, lambda missing: _render(missing, digests))
    return ReaderClaims(
        html=mark_safe("".join(parts[row[pk_at]] for row in claims)),
        count=len(claims),
        unmarked_count=sum(row[evidence_at] == Evidence.UNMARKED for row in claims),
        summary=badge_counts(
            [row[evidence_at] for row in claims],
            [caveat for row in claims for caveat in marks[row[pk_at]]],
        ),
    )


def _digest(row: tuple, caveats: list[tuple]) -> str:
    # In the order the page shows them (the vocabulary's: position, then name).
    return data_digest((row, sorted(caveats, key=lambda c: (c[2], c[1]))))


def _render(missing: list[int], digests: dict[int, str]) -> dict[int, str | Unstored]:
    """The parts of the claims ``missing``, from models read now; a claim that changed
    since its digest was taken is shown as it is now but not kept under the older digest."""
    claims = (
        Claim.objects.filter(pk__in=missing)
        .select_related("paper")
        .defer(*PAPER_TEXT)
        .prefetch_related("caveats")
    )
    rendered: dict[int, str | Unstored] = {}
    for claim in claims:
        html = render_to_string("entries/_claim.html", {"claim": claim})
        paper = claim.paper
        row = (
            *(getattr(claim, f) for f in CLAIM_COLUMNS),
            *(getattr(paper, f) if paper else None for f in PAPER_COLUMNS),
        )
        caveats = [(c.slug, c.name, c.position, c.description) for c in claim.caveats.all()]
        rendered[claim.pk] = html if _digest(row, caveats) == digests[claim.pk] else Unstored(html)
    for pk in missing:  # deleted meanwhile: shown as nothing, kept as nothing
        rendered.setdefault(pk, Unstored(""))
    return rendered
