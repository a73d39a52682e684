"""What an evidence mark may say, and how a change of one is written down.

Two rules that every path setting a mark shares (the review page, the entry form, the
API): "full text" on a paper the wiki read only in abstract (or only its metadata) is never
silent, it needs the editor's reason; and a change of a published claim's marks is an
event in the entry's history naming who changed what, from what, to what.
"""

from __future__ import annotations

from collections.abc import Iterable

from entries.models import Claim, Evidence
from papers.models import Paper, ReadLevel

# Read levels on which "full text" cannot be taken at its word.
WEAK_READ_LEVELS = (ReadLevel.ABSTRACT_ONLY, ReadLevel.METADATA_ONLY)
EXCERPT = 120


def full_text_problem(
    *, paper: Paper | None, evidence: str, previous: str | None, reason: str
) -> str:
    """Why this mark cannot be set as asked, or "" when it can.

    Setting "full text" on a claim whose source paper the wiki has read only in abstract
    (or only its metadata) needs the editor's reason, kept with the claim; keeping a
    "full text" already set does not ask again."""
    if evidence != Evidence.FULL_TEXT or previous == Evidence.FULL_TEXT or reason.strip():
        return ""
    if paper is None or paper.read_level not in WEAK_READ_LEVELS:
        return ""
    return (
        f"The source paper was read {paper.get_read_level_display()} here: say where its full "
        "text was read (the reason is kept with the claim), or choose another evidence level."
    )


def excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def mark_change_detail(
    claim: Claim,
    *,
    evidence_from: str,
    caveats_from: Iterable[str],
    caveats_to: Iterable[str],
    reason: str = "",
) -> dict:
    """The data of a "changed a mark" event: the claim, and its marks before and after."""
    detail = {
        "claim": claim.pk,
        "position": claim.position + 1,
        "text": excerpt(claim.text),
        "evidence": {"from": evidence_from, "to": claim.evidence},
        "caveats": {"from": sorted(caveats_from), "to": sorted(caveats_to)},
    }
    if reason:
        detail["reason"] = reason
    return detail


def evidence_label(value: str) -> str:
    return Evidence(value).label if value in Evidence.values else value
