"""Claim-level diff of a revision against the published entry it would replace: which
claims were added, removed, rewritten or moved, and which evidence marks changed."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from core.diff import diff_inline
from entries.models import Claim, Entry, Evidence


@dataclass
class ClaimChange:
    kind: str  # "added", "removed", "changed", "unchanged"
    before: Claim | None
    after: Claim | None
    text_html: SafeString | None = None
    paper_changed: bool = False
    quote_changed: bool = False
    moved: bool = False
    evidence_before: str = ""
    evidence_after: str = ""
    caveats_added: list[str] = field(default_factory=list)
    caveats_removed: list[str] = field(default_factory=list)

    @property
    def evidence_changed(self) -> bool:
        return self.evidence_before != self.evidence_after

    @property
    def marks_changed(self) -> bool:
        return self.evidence_changed or bool(self.caveats_added or self.caveats_removed)


@dataclass
class RevisionDiff:
    headline_html: SafeString | None
    date_before: object | None
    lead_html: SafeString | None
    topics_added: list[str]
    topics_removed: list[str]
    claims: list[ClaimChange]

    @property
    def changed_claims(self) -> int:
        return sum(1 for c in self.claims if c.kind != "unchanged" or c.marks_changed)


def _label(value: str) -> str:
    return Evidence(value).label if value in Evidence.values else value


def revision_diff(revision: Entry, original: Entry) -> RevisionDiff:
    """Both entries need claims (paper, caveats) and topics prefetched."""
    before_claims = list(original.claims.all())
    by_pk = {c.pk: c for c in before_claims}
    changes: list[ClaimChange] = []
    used: set[int] = set()
    for claim in revision.claims.all():
        source = by_pk.get(claim.origin_id)
        after_caveats = [c.name for c in claim.caveats.all()]
        if source is None:
            changes.append(
                ClaimChange(
                    "added", None, claim, evidence_after=_label(claim.evidence),
                    evidence_before=_label(claim.evidence), caveats_added=after_caveats,
                )
            )  # fmt: skip
            continue
        used.add(source.pk)
        before_caveats = [c.name for c in source.caveats.all()]
        change = ClaimChange(
            "unchanged",
            source,
            claim,
            paper_changed=source.paper_id != claim.paper_id,
            quote_changed=source.quote != claim.quote,
            moved=source.position != claim.position,
            evidence_before=_label(source.evidence),
            evidence_after=_label(claim.evidence),
            caveats_added=[n for n in after_caveats if n not in before_caveats],
            caveats_removed=[n for n in before_caveats if n not in after_caveats],
        )
        if source.text != claim.text:
            change.text_html = diff_inline(source.text, claim.text).html
        if change.text_html is not None or change.paper_changed or change.quote_changed:
            change.kind = "changed"
        changes.append(change)
    for source in before_claims:
        if source.pk not in used:
            changes.append(
                ClaimChange(
                    "removed", source, None, evidence_before=_label(source.evidence),
                    evidence_after=_label(source.evidence),
                )
            )  # fmt: skip
    before_topics = {t.title for t in original.topics.all()}
    after_topics = {t.title for t in revision.topics.all()}
    return RevisionDiff(
        headline_html=diff_inline(original.headline, revision.headline).html
        if original.headline != revision.headline
        else None,
        date_before=original.date if original.date != revision.date else None,
        lead_html=(
            diff_inline(original.lead, revision.lead).html
            if original.lead != revision.lead
            else None
        ),
        topics_added=sorted(after_topics - before_topics),
        topics_removed=sorted(before_topics - after_topics),
        claims=changes,
    )
