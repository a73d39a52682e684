"""One entry of notes in, claim drafts with their marks, suggestions and reasons out.

Where a claim's evidence comes from, in order of precedence (``rules.LEVELS``):

1. the claim's own words ("Only the abstract was available to us");
2. the words of the section or feed item that holds it, within their scope: a paragraph
   that only says how the section was read ("Everything below is from abstracts only";
   "For this section we read the full papers") is no claim of its own and reaches every
   claim after it, up to the next such paragraph; a statement inside a claim about "the
   paper" reaches the claims about that paper (below);
3. the page's shape: a feed item is a digest, so secondary;
4. the cited paper's read level, as a suggestion only.

Each mark keeps the sentence it came from and the level that gave it.

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

import re
from dataclasses import dataclass, field

from evidence.citations import KnownPaper, arxiv_ids, cited_paper
from evidence.figures import figure_in
from evidence.rules import (
    ABSTRACT_ONLY,
    CLAIM,
    FULL_TEXT,
    SECONDARY,
    SECTION,
    UNMARKED,
    Finding,
    caveat_marks,
    heading_evidence,
    is_evidence_statement,
    page_mark,
    read_statement,
    stated_evidence,
    suggestions_for,
)
from evidence.sentences import BULLET, bounded, claims_from_paragraph, split_sentences
from evidence.signals import judges


@dataclass
class ClaimDraft:
    text: str
    paper_key: str | None
    evidence: str = UNMARKED
    evidence_reason: str = ""
    evidence_level: str = ""  # which of rules.LEVELS gave the mark; "" when unmarked
    caveats: list[Finding] = field(default_factory=list)
    suggestions: list[Finding] = field(default_factory=list)

    @property
    def caveat_names(self) -> list[str]:
        return [c.value for c in self.caveats]

    def mark(self, finding: Finding) -> None:
        self.evidence, self.evidence_reason = finding.value, finding.reason
        self.evidence_level = finding.level


@dataclass
class EntryAnalysis:
    claims: list[ClaimDraft]
    abstract_only_papers: set[str]
    # Per paragraph given, the claims cut from it (none for a paragraph that only states
    # how the section was read: it is the section's scope, not a claim).
    by_paragraph: list[list[ClaimDraft]] = field(default_factory=list)


# A paragraph longer than this is kept as one claim rather than cut by its sentences.
MAX_PARAGRAPH = 20_000


def split_entry(paragraphs: list[str], *, known_papers: list[KnownPaper]) -> list[str]:
    """The claim texts of an entry, paragraph by paragraph."""
    texts: list[str] = []
    for paragraph in paragraphs:
        if len(paragraph) > MAX_PARAGRAPH:  # past any note's shape: kept whole, read bounded
            texts.append(paragraph)
            continue
        texts += claims_from_paragraph(
            paragraph,
            paper_of=lambda s: cited_paper(s, known_papers),
            is_statement=is_evidence_statement,
        )
    return texts


# Words that make a statement reach the claims after it, whatever its place.
_FORWARD = re.compile(
    r"\b(?:below|following|hereafter|from here on|(?:this|the)\s+(?:whole\s+|entire\s+)?"
    r"(?:section|batch|update|round|part|list|feed|digest|block))\b|"
    r"\b(?:everything|all|each|every)\b[^.;:!?]{0,40}\b(?:here|below|section|batch)\b",
    re.IGNORECASE,
)


def scope_statement(paragraph: str, *, known_papers: list[KnownPaper] = ()) -> Finding | None:
    """The evidence a paragraph states for the claims after it, when the paragraph is only
    a statement of how they were read: every sentence speaks about the reading, none names
    a paper or states a figure. A bullet or a table row is always a claim."""
    if BULLET.match(paragraph) or len(paragraph) > 600:
        return None
    sentences = split_sentences(paragraph) or [bounded(paragraph)]
    if not all(is_evidence_statement(s) for s in sentences):
        return None
    if arxiv_ids(paragraph) or cited_paper(paragraph, list(known_papers)):
        return None
    if figure_in(paragraph) is not None:
        return None
    found = stated_evidence(paragraph, level=SECTION)
    if found is None:
        return None
    return Finding("evidence", found.value, f"the section says: {_unquoted(found.reason)}", SECTION)


def _unquoted(reason: str) -> str:
    """ "says only the abstract was read: “…”" → "“…”": the section's own words."""
    return reason.split(": ", 1)[1] if ": " in reason else reason


# A claim whose speaker is the section's own source, named by a pronoun or a bare channel.
_ANAPHORIC_SOURCE = re.compile(
    r"^\W*(?:(?:the|this|that)\s+(?:release|press\s+release|announcement|post|blog(?:\s+post)?|"
    r"talk|slides|briefing|presentation|column|interview|call)|it|they|she|he)\s+(?:also\s+)?"
    r"(?:says?|said|claims?|claimed|reports?|reported|writes|wrote|adds|added|told\s+(?:us|me)|"
    r"notes|noted|argues|argued|shows|showed)\b",
    re.IGNORECASE,
)


def claim_evidence(
    text: str,
    *,
    section: Finding | None = None,
    unread: str | None = None,
    source_kind: str = "notes",
) -> Finding | None:
    """The one precedence rule: the claim's own words, then its section's (``section``, a
    scope paragraph; ``unread``, the reason of an in-entry statement that the claim's
    paper was not read), then the page's shape. Full text is never kept for a paper the
    entry says was not read."""
    own = stated_evidence(text, level=CLAIM)
    if own and own.value == SECONDARY and section is not None and _ANAPHORIC_SOURCE.match(text):
        # "The release says …", "She told us …" under a section that names its source: the
        # claim points back at that source, so the section's words say what it is.
        return section
    if own and own.value != FULL_TEXT:
        return own
    if unread:
        return Finding("evidence", ABSTRACT_ONLY, f"the entry {unread}", SECTION)
    if own:
        return own
    if section and section.judgements_only and not judges(text):
        section = None  # "Where we stand" over a finding reported, not judged
    return section or page_mark(source_kind)


def analyse_entry(
    paragraphs: list[str],
    *,
    known_papers: list[KnownPaper],
    source_kind: str = "notes",
    headings: list[str] | None = None,
) -> EntryAnalysis:
    """Claims of one entry (its paragraphs, bullets or table rows, in order).

    ``source_kind`` is "notes" (the wiki's own writing) or "digest" (a third party's
    summaries: a claim whose words say nothing else is secondary). ``headings``, one per
    paragraph, is the sub-heading it stands under ("" for none): a heading that names its
    claims' kind of source ("Conference abstracts", "Our take") is their section's word.
    """
    under = [heading_evidence(h) if h else None for h in headings or [""] * len(paragraphs)]
    by_paragraph: list[list[ClaimDraft]] = []
    scopes: list[Finding | None] = []  # the section scope each claim sits under
    section: Finding | None = None
    statements = [scope_statement(p, known_papers=known_papers) for p in paragraphs]
    # A statement heads the claims after it when it opens the section, or says it reaches
    # forward ("everything below", "for this section"); elsewhere it speaks about what came
    # before, as a claim's qualifier does (the in-entry statements below).
    heads: list[bool] = []
    for i, scope in enumerate(statements):
        opening = all(earlier is not None for earlier in statements[:i])
        forward = scope is not None and _FORWARD.search(paragraphs[i]) is not None
        claims_after = any(later is None for later in statements[i + 1 :])
        heads.append(scope is not None and claims_after and (opening or forward))
    for paragraph, scope, head, heading in zip(paragraphs, statements, heads, under, strict=True):
        if head:
            section = scope
            by_paragraph.append([])
            continue
        texts = split_entry([paragraph], known_papers=known_papers)
        drafts = [ClaimDraft(text, cited_paper(bounded(text), known_papers)) for text in texts]
        by_paragraph.append(drafts)
        scopes += [heading or section] * len(drafts)
    drafts = [d for group in by_paragraph for d in group]
    papers_in_entry = {d.paper_key for d in drafts if d.paper_key}
    one_paper = len(papers_in_entry) <= 1

    # Where each in-claim abstract-only statement points: a paper key, or None for the entry.
    abstract_scope: dict[str | None, str] = {}
    last_paper: str | None = None
    for draft in drafts:
        last_paper = draft.paper_key or last_paper
        for sentence in split_sentences(draft.text) or [bounded(draft.text)]:
            statement = read_statement(sentence)
            if statement.evidence != ABSTRACT_ONLY:
                continue
            named = cited_paper(sentence, known_papers)
            target = named or draft.paper_key or last_paper
            if one_paper and (named is None or named in papers_in_entry):
                target = None
            abstract_scope.setdefault(target, statement.reason)

    for draft, section in zip(drafts, scopes, strict=True):
        unread = abstract_scope.get(None) or abstract_scope.get(draft.paper_key or "")
        found = claim_evidence(draft.text, section=section, unread=unread, source_kind=source_kind)
        if found:
            draft.mark(found)
        draft.caveats = caveat_marks(draft.text)
        in_scope = bool(unread) or (draft.paper_key in abstract_scope)
        draft.suggestions = suggestions_for(
            draft.text,
            paper_read_level=ABSTRACT_ONLY if in_scope else None,
            evidence=draft.evidence,
            caveats={c.value for c in draft.caveats},
        )

    papers = {k for k in abstract_scope if k is not None}
    papers |= {  # the papers of claims whose section says only abstracts were read
        d.paper_key
        for d in drafts
        if d.paper_key and d.evidence == ABSTRACT_ONLY and d.evidence_level == SECTION
    }
    if None in abstract_scope and len(papers_in_entry) == 1:
        papers |= papers_in_entry
    return EntryAnalysis(claims=drafts, abstract_only_papers=papers, by_paragraph=by_paragraph)


def claim_findings(text: str, *, scope: str = "", source_kind: str = "notes") -> ClaimDraft:
    """A single claim read on its own, as an entry of one claim under an optional section
    ``scope`` (the words at the head of its section): its marks and suggestions, without
    splitting. Used by the evaluation and the API."""
    draft = ClaimDraft(text, None)
    # A scope that is not a pure statement still speaks for its section.
    # Its head noun first ("Our comment: fares"), then what its words state.
    section = heading_evidence(scope) if scope else None
    found = claim_evidence(text, section=section, source_kind=source_kind)
    if found:
        draft.mark(found)
    draft.caveats = caveat_marks(text)
    draft.suggestions = suggestions_for(
        text, evidence=draft.evidence, caveats={c.value for c in draft.caveats}
    )
    return draft
