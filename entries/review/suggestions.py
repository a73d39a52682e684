"""Evidence suggestions: shown to the editor beside a claim, applied only by a click.

A thin adapter over the evidence engine (``evidence.suggestions_for``), so the
review pages, the audit, the API and the importer share one set of rules. Each reason
quotes the words that triggered it; "full text" is suggested only for a claim citing a
paper read in full here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from entries.models import Claim, Evidence
from evidence import suggestions_for


@dataclass(frozen=True)
class Suggestion:
    kind: str  # "evidence" or "caveat"
    value: str  # an Evidence value or a caveat name
    reason: str

    @property
    def label(self) -> str:
        if self.kind == "evidence":
            return Evidence(self.value).label
        return self.value


def text_suggestions(
    text: str,
    *,
    paper_read_level: str | None = None,
    evidence: str = Evidence.UNMARKED,
    caveat_names: set[str] | frozenset[str] = frozenset(),
) -> list[Suggestion]:
    """Suggestions for a claim's text, omitting what it already carries."""
    return list(_suggestions(text or "", paper_read_level, evidence, frozenset(caveat_names)))


# The rules are a pure function of their inputs and cost milliseconds per claim (the review
# queue shows the same waiting claims to every editor, request after request): each server
# process keeps the latest few thousand answers.
@functools.lru_cache(maxsize=4096)
def _suggestions(
    text: str, paper_read_level: str | None, evidence: str, caveat_names: frozenset[str]
) -> tuple[Suggestion, ...]:
    return tuple(
        Suggestion(f.kind, f.value, f.reason)
        for f in suggestions_for(
            text, paper_read_level=paper_read_level, evidence=evidence, caveats=caveat_names
        )
    )


def claim_suggestions(claim: Claim, caveat_names: set[str] | None = None) -> list[Suggestion]:
    """What an editor might mark on this claim, with the reason, omitting what is marked.

    ``caveat_names`` are the claim's current caveats; pass them when they are prefetched.
    """
    if caveat_names is None:
        caveat_names = {c.name for c in claim.caveats.all()}
    return text_suggestions(
        claim.text,
        paper_read_level=claim.paper.read_level if claim.paper_id else None,
        evidence=claim.evidence,
        caveat_names=caveat_names,
    )
