"""One entry of notes in, claim drafts with their marks, suggestions and reasons out.

Scope of an abstract-only statement ("The paper was not read; only the abstract…"):

* a statement naming a paper applies to that paper: every claim of the entry citing it;
* a statement about "the paper" applies to the paper its claim cites, or failing that
  the paper of the nearest claim before it;
* when the entry is about at most one paper, a statement applies to all its claims;
* a claim's own words come first: "this wiki's reading" stays editorial, and a claim
  whose words say "read in full" keeps full text only if no statement in the entry says
  its paper was not read (a conflict is resolved towards abstract only, with the
  reason, since full text must never be claimed for an unread paper).

The importer sets read level "abstract only" on every paper in
``EntryAnalysis.abstract_only_papers``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from evidence.citations import KnownPaper, cited_paper
from evidence.rules import (
    ABSTRACT_ONLY,
    FULL_TEXT,
    UNMARKED,
    Finding,
    caveat_marks,
    evidence_mark,
    is_evidence_statement,
    read_statement,
    suggestions_for,
)
from evidence.sentences import claims_from_paragraph, split_sentences


@dataclass
class ClaimDraft:
    text: str
    paper_key: str | None
    evidence: str = UNMARKED
    evidence_reason: str = ""
    caveats: list[Finding] = field(default_factory=list)
    suggestions: list[Finding] = field(default_factory=list)

    @property
    def caveat_names(self) -> list[str]:
        return [c.value for c in self.caveats]


@dataclass
class EntryAnalysis:
    claims: list[ClaimDraft]
    abstract_only_papers: set[str]


def split_entry(paragraphs: list[str], *, known_papers: list[KnownPaper]) -> list[str]:
    """The claim texts of an entry, paragraph by paragraph."""
    texts: list[str] = []
    for paragraph in paragraphs:
        texts += claims_from_paragraph(
            paragraph,
            paper_of=lambda s: cited_paper(s, known_papers),
            is_statement=is_evidence_statement,
        )
    return texts


def analyse_entry(
    paragraphs: list[str],
    *,
    known_papers: list[KnownPaper],
    source_kind: str = "notes",
) -> EntryAnalysis:
    """Claims of one entry (its paragraphs, bullets or table rows, in order).

    ``source_kind`` is "notes" (the wiki's own writing) or "digest" (a third party's
    summaries: every claim is secondary).
    """
    texts = split_entry(paragraphs, known_papers=known_papers)
    drafts = [ClaimDraft(text, cited_paper(text, known_papers)) for text in texts]
    papers_in_entry = {d.paper_key for d in drafts if d.paper_key}
    one_paper = len(papers_in_entry) <= 1

    # Where each abstract-only statement points: a paper key, or None for the entry.
    abstract_scope: dict[str | None, str] = {}
    last_paper: str | None = None
    for draft in drafts:
        last_paper = draft.paper_key or last_paper
        if source_kind == "digest":
            continue
        for sentence in split_sentences(draft.text) or [draft.text]:
            statement = read_statement(sentence)
            if statement.evidence != ABSTRACT_ONLY:
                continue
            named = cited_paper(sentence, known_papers)
            target = named or draft.paper_key or last_paper
            if one_paper and (named is None or named in papers_in_entry):
                target = None
            abstract_scope.setdefault(target, statement.reason)

    for draft in drafts:
        own = evidence_mark(draft.text, source_kind=source_kind)
        scoped = abstract_scope.get(None) or abstract_scope.get(draft.paper_key or "")
        if own and own.value != FULL_TEXT:
            draft.evidence, draft.evidence_reason = own.value, own.reason
        elif scoped:
            draft.evidence, draft.evidence_reason = ABSTRACT_ONLY, f"the entry {scoped}"
        elif own:
            draft.evidence, draft.evidence_reason = own.value, own.reason
        draft.caveats = caveat_marks(draft.text)
        in_scope = bool(scoped) or (draft.paper_key in abstract_scope)
        draft.suggestions = suggestions_for(
            draft.text,
            paper_read_level=ABSTRACT_ONLY if in_scope else None,
            evidence=draft.evidence,
            caveats={c.value for c in draft.caveats},
        )

    papers = {k for k in abstract_scope if k is not None}
    if None in abstract_scope and len(papers_in_entry) == 1:
        papers |= papers_in_entry
    return EntryAnalysis(claims=drafts, abstract_only_papers=papers)


def claim_findings(text: str, *, source_kind: str = "notes") -> ClaimDraft:
    """A single claim read on its own, as an entry of one claim (used by the evaluation
    and handy for the API): its marks and suggestions, without splitting."""
    draft = ClaimDraft(text, None)
    own = evidence_mark(text, source_kind=source_kind)
    if own:
        draft.evidence, draft.evidence_reason = own.value, own.reason
    draft.caveats = caveat_marks(text)
    draft.suggestions = suggestions_for(
        text, evidence=draft.evidence, caveats={c.value for c in draft.caveats}
    )
    return draft
