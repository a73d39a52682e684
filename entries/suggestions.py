"""Evidence suggestions: shown to the editor beside a claim, applied only by a click."""

from __future__ import annotations

import re
from dataclasses import dataclass

from entries.models import Claim, Evidence
from papers.models import ReadLevel

NO_FIGURE = "no figure stated"
# A figure is any digit left once identifiers and dates are removed.
_FIGURE = re.compile(r"\d")


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


def states_a_figure(text: str) -> bool:
    # Strip arXiv ids and dates first: "2608.17528" or "2026-09-30" are not results.
    cleaned = re.sub(r"\b\d{4}\.\d{4,5}(v\d+)?\b|\b\d{4}-\d{2}-\d{2}\b", " ", text or "")
    return bool(_FIGURE.search(cleaned))


def claim_suggestions(claim: Claim, caveat_names: set[str] | None = None) -> list[Suggestion]:
    """What an editor might mark on this claim, with the reason, omitting what is marked.

    ``caveat_names`` are the claim's current caveats; pass them when they are prefetched.
    """
    if caveat_names is None:
        caveat_names = {c.name for c in claim.caveats.all()}
    found: list[Suggestion] = []
    paper = claim.paper
    if (
        paper is not None
        and paper.read_level == ReadLevel.ABSTRACT_ONLY
        and claim.evidence != Evidence.ABSTRACT_ONLY
    ):
        found.append(
            Suggestion(
                "evidence",
                Evidence.ABSTRACT_ONLY,
                "the cited paper's read level is abstract only",
            )
        )
    if NO_FIGURE not in caveat_names and not states_a_figure(claim.text):
        found.append(Suggestion("caveat", NO_FIGURE, "the claim states no number"))
    return found
