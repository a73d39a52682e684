"""The evidence audit: every claim with its evidence, caveats, open suggestions and the
reason behind each mark, the list an editor works through after a big import.

Read by ``manage.py evidence_audit`` (table, JSON or CSV), by the editors' page
``/review/audit/`` and by the re-audit job (:func:`audit_report`, started from that page:
the whole audit with the current rules, long work for a worker); all go through
:func:`audit_claims` and :func:`audit_rows`, which ask the database a fixed number of
questions however many claims a page shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.db.models import Count, QuerySet

from entries.models import Claim, EntryStatus, Evidence
from entries.review.reasons import MarkReason, mark_reasons
from entries.review.suggestions import Suggestion, claim_suggestions
from wiki.models import Concept

# Long columns no audit row shows.
_UNUSED = (
    "html",
    "paper__abstract",
    "paper__search_vector",
    "entry__lead",
    "entry__lead_html",
    "entry__search_vector",
)


def audit_claims(*, topic: Concept | None = None, evidence: str | None = None) -> QuerySet[Claim]:
    """Claims of every entry not rejected (drafts, pending, published and revisions), newest
    entry first, optionally of one topic or one evidence level."""
    qs = Claim.objects.exclude(entry__status=EntryStatus.REJECTED)
    if topic is not None:
        qs = qs.filter(entry__topics=topic)
    if evidence:
        qs = qs.filter(evidence=evidence)
    return (
        qs.select_related("entry", "paper")
        .defer(*_UNUSED)
        .prefetch_related("caveats")
        .order_by("-entry__date", "-entry_id", "position", "id")
    )


def audit_counts(claims: QuerySet[Claim]) -> list[tuple[str, str, int]]:
    """(value, label, count) per evidence level among ``claims``, in the levels' order."""
    counted = Counter(
        dict(
            claims.order_by()
            .values_list("evidence")
            .annotate(n=Count("id"))
            .values_list("evidence", "n")
        )
    )
    return [(value, label, counted[value]) for value, label in Evidence.choices if counted[value]]


@dataclass
class AuditRow:
    claim: Claim
    caveats: list[str]
    suggestions: list[Suggestion]
    reasons: list[MarkReason]

    @property
    def paper(self) -> str | None:
        paper = self.claim.paper
        if paper is None:
            return None
        return f"arXiv:{paper.arxiv_id}" if paper.arxiv_id else paper.title

    def as_dict(self) -> dict:
        claim, entry = self.claim, self.claim.entry
        return {
            "id": claim.pk,
            "entry_id": entry.pk,
            "entry_date": entry.date.isoformat(),
            "entry_headline": entry.headline,
            "entry_status": entry.status,
            "text": claim.text,
            "paper": self.paper,
            "evidence": claim.evidence,
            "evidence_reason": claim.evidence_reason,
            "evidence_level": claim.evidence_level,
            "marked_by_editor": claim.marked_by_id is not None,
            "caveats": self.caveats,
            "caveat_reasons": {
                n: claim.caveat_reasons[n]
                for n in self.caveats
                if n in (claim.caveat_reasons or {})
            },
            "suggestions": [
                {"kind": s.kind, "value": s.value, "reason": s.reason} for s in self.suggestions
            ],
        }


def audit_rows(claims: Iterable[Claim]) -> list[AuditRow]:
    """Rows for claims read by :func:`audit_claims` (paper and caveats already loaded)."""
    rows = []
    for claim in claims:
        names = [c.name for c in claim.caveats.all()]
        claim.mark_reasons = mark_reasons(claim, names)
        rows.append(
            AuditRow(
                claim=claim,
                caveats=names,
                suggestions=claim_suggestions(claim, set(names)),
                reasons=claim.mark_reasons,
            )
        )
    return rows


def topics_with_entries() -> QuerySet[Concept]:
    """The topics the audit can be narrowed to: those with at least one entry."""
    return (
        Concept.objects.filter(entries__isnull=False)
        .distinct()
        .order_by("title")
        .only("title", "slug")
    )


CHUNK = 500
# The re-audit report lists this many of the claims the rules question; the rest are counted.
REPORT_ROWS = 200


def audit_row_chunks(claims: QuerySet[Claim], *, chunk: int = CHUNK) -> Iterator[list[AuditRow]]:
    """The audit's rows in pages of ``chunk`` claims, each page read with its papers and
    caveats: never the whole audit in memory."""
    ids = list(claims.values_list("pk", flat=True))
    for start in range(0, len(ids), chunk):
        page = ids[start : start + chunk]
        by_pk = {c.pk: c for c in claims.filter(pk__in=page)}
        yield audit_rows(by_pk[pk] for pk in page if pk in by_pk)


def audit_report(
    *,
    topic: Concept | None = None,
    evidence: str | None = None,
    progress: Callable[..., None] | None = None,
) -> dict:
    """The whole audit with the rules as they are now (after an import, or after the rules
    changed): how many claims at each level, how many the rules would mark otherwise and with
    what, and the first ``REPORT_ROWS`` of those claims with the reasons. JSON data."""
    claims = audit_claims(topic=topic, evidence=evidence)
    levels = audit_counts(claims)
    total = sum(count for *_, count in levels)
    suggested: Counter[tuple[str, str]] = Counter()
    flagged: list[dict] = []
    questioned = done = 0
    if progress:
        progress(done=0, total=total)
    for rows in audit_row_chunks(claims):
        for row in rows:
            if not row.suggestions:
                continue
            questioned += 1
            suggested.update((s.kind, s.label) for s in row.suggestions)
            if len(flagged) < REPORT_ROWS:
                flagged.append(_report_row(row))
        done += len(rows)
        if progress:
            progress(done=done, total=total)
    return {
        "topic": topic.title if topic else "",
        "evidence": Evidence(evidence).label if evidence else "",
        "claims": done,
        "levels": [list(level) for level in levels],
        "questioned": questioned,
        "suggested": [
            {"kind": kind, "label": label, "count": n}
            for (kind, label), n in sorted(suggested.items(), key=lambda item: (-item[1], item[0]))
        ],
        "rows": flagged,
    }


def _report_row(row: AuditRow) -> dict:
    claim, entry = row.claim, row.claim.entry
    return {
        "claim": claim.pk,
        "url": f"{entry.get_absolute_url()}#claim-{claim.pk}",
        "entry": f"{entry.date:%Y-%m-%d} · {entry.get_status_display()} · {entry.headline[:80]}",
        "text": claim.text[:300],
        "evidence": claim.evidence,
        "evidence_label": claim.get_evidence_display(),
        "suggestions": [{"label": s.label, "reason": s.reason} for s in row.suggestions],
    }
