"""The evidence engine: claims, citations, marks and suggestions from the notes' words.

Pure Python, importing nothing from Django or from other apps, so the importer, the
views and the API share one implementation. Plain strings in, dataclasses out:

* ``split_sentences(text)`` and ``claims_from_paragraph(text)`` (``sentences``);
* ``cited_paper(text, known_papers)`` with ``KnownPaper(key, title, arxiv_id)``
  (``citations``);
* ``marks_for(text, context=EntryContext(...))`` and ``suggestions_for(text, ...)``
  giving ``Finding(kind, value, reason)`` (``rules``);
* ``figure_in(text)`` / ``states_a_figure(text)`` (``figures``);
* ``spelt_out(metric)`` and ``comparable(metric)``: a measure named in full with its
  abbreviation, from ``measures.toml`` (``measures``);
* ``quantities(text)`` giving each number as a ``Quantity`` (value, unit, kind, role)
  (``quantities``), and ``results_in(text)`` giving ``ResultDraft``s (``results``);
* ``analyse_entry(paragraphs, known_papers=..., source_kind=...)`` giving an
  ``EntryAnalysis`` of ``ClaimDraft``s (``analysis``).

The rules and the figures they reach are described in docs/evidence.md.
"""

from __future__ import annotations

from evidence.analysis import (
    ClaimDraft,
    EntryAnalysis,
    analyse_entry,
    claim_evidence,
    claim_findings,
    scope_statement,
    split_entry,
)
from evidence.caveats import CAVEATS, NO_FIGURE
from evidence.citations import KnownPaper, arxiv_ids, cited_paper, mentions
from evidence.figures import figure_in, states_a_figure
from evidence.measures import comparable, spelt_out
from evidence.quantities import Quantity, quantities
from evidence.results import (
    ResultDraft,
    counts_out_of,
    metric_direction,
    normalise_protocol,
    results_in,
)
from evidence.rules import (
    CLAIM,
    EVIDENCE_VALUES,
    LEVELS,
    PAGE,
    PAPER,
    SECTION,
    UNMARKED,
    EntryContext,
    Finding,
    marks_for,
    suggestions_for,
)
from evidence.sentences import BULLET, claims_from_paragraph, split_sentences

__all__ = [
    "BULLET",
    "CAVEATS",
    "CLAIM",
    "EVIDENCE_VALUES",
    "LEVELS",
    "NO_FIGURE",
    "PAGE",
    "PAPER",
    "SECTION",
    "UNMARKED",
    "ClaimDraft",
    "EntryAnalysis",
    "EntryContext",
    "Finding",
    "KnownPaper",
    "Quantity",
    "ResultDraft",
    "analyse_entry",
    "arxiv_ids",
    "cited_paper",
    "claim_evidence",
    "claim_findings",
    "claims_from_paragraph",
    "comparable",
    "counts_out_of",
    "figure_in",
    "marks_for",
    "mentions",
    "metric_direction",
    "normalise_protocol",
    "quantities",
    "results_in",
    "scope_statement",
    "spelt_out",
    "split_entry",
    "split_sentences",
    "states_a_figure",
    "suggestions_for",
]
