"""Why each of a claim's marks is there, as an editor reads it.

A mark set from the note's own words keeps those words (``Claim.evidence_reason``,
``Claim.caveat_reasons``); once an editor sets the evidence level the words no longer
speak for it, so the level's reason is shown as the note's only while no editor marked it.
"""

from __future__ import annotations

from dataclasses import dataclass

from entries.models import Claim, Evidence, EvidenceLevel


@dataclass(frozen=True)
class MarkReason:
    kind: str  # "evidence" or "caveat"
    value: str  # an Evidence value or a caveat name
    label: str
    why: str  # the reason as stored: what the words say, then the words in quotes
    from_note: bool
    level: str = ""  # where the words stand: the claim's own, its section's, the page's shape…

    @property
    def quote(self) -> str:
        """The quoted words (with their quotation marks), or "" when there are none."""
        start, end = self.why.find("“"), self.why.rfind("”")
        return self.why[start : end + 1] if 0 <= start < end else ""

    @property
    def gist(self) -> str:
        """What the words say, without the quotation: "says only the abstract was read"."""
        quote = self.quote
        gist = self.why.replace(quote, "").strip(" :") if quote else self.why
        return "" if gist == "says so" else gist


def mark_reasons(claim: Claim, caveat_names: list[str]) -> list[MarkReason]:
    """The reasons behind the claim's evidence level and its caveats (``caveat_names``,
    in vocabulary order), where there are any."""
    found: list[MarkReason] = []
    if claim.evidence != Evidence.UNMARKED and claim.evidence_reason:
        found.append(
            MarkReason(
                "evidence",
                claim.evidence,
                Evidence(claim.evidence).label,
                claim.evidence_reason,
                from_note=claim.marked_by_id is None,
                level=EvidenceLevel(claim.evidence_level).label if claim.evidence_level else "",
            )
        )
    reasons = claim.caveat_reasons or {}
    for name in caveat_names:
        if reasons.get(name):
            found.append(
                MarkReason("caveat", name, name, reasons[name], True, EvidenceLevel.CLAIM.label)
            )
    return found
