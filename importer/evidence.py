"""From an entry's text blocks to claims with the marks its own words state.

The rules are the evidence engine's (``evidence``, see docs/evidence.md); this
module feeds it what one import knows and turns its drafts into ``ClaimData``:

* the papers known to the claims: the page's own (every arXiv id in it, Key Papers with
  their short names) and the library's papers whose title the page names;
* each dated section or feed item is one entry for the engine, so a statement such as
  "The paper was not read" reaches the claims it is about and no further;
* marks come with the words that set them (``from_text``: never an editor's mark); what the
  words only imply stays a suggestion, computed when an editor looks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from entries.models import Evidence
from entries.review.suggestions import text_suggestions
from entries.writing.services import ClaimData
from evidence import BULLET, PAGE, KnownPaper, analyse_entry, mentions
from importer.notes import ClaimNote, EntryNote, KeyPaperNote
from papers.models import Paper

DIGEST = "digest"
NOTES = "notes"
# A library title must carry a word this long to be looked for in a page (cheap pre-check).
_TITLE_WORD = re.compile(r"[A-Za-z][A-Za-z-]{5,}")


@dataclass
class KnownPapers:
    """The papers claims may cite, as the engine sees them and as rows."""

    known: list[KnownPaper] = field(default_factory=list)
    rows: dict[str, Paper] = field(default_factory=dict)

    def add(self, paper: Paper, aliases: tuple[str, ...] = ()) -> None:
        key = str(paper.pk)
        if key in self.rows:
            return
        self.rows[key] = paper
        self.known.append(KnownPaper(key, paper.title, paper.arxiv_id or None, aliases))

    def paper(self, key: str | None) -> Paper | None:
        if key is None:
            return None
        if key.startswith("arXiv:"):  # an id the page did not list: cite it if the library has it
            return next((p for p in self.rows.values() if p.arxiv_id == key[6:]), None)
        return self.rows.get(key)


def short_names(kp: KeyPaperNote) -> tuple[str, ...]:
    """Names a Key Papers line gives a paper besides its title: "SPADE: Self-Play…" or
    "… — Ring-Zero, Ant Group, 2026-07-12" (matched case-sensitively by the engine)."""
    names: list[str] = []
    head = kp.title.split(":", 1)[0].strip()
    if ":" in kp.title and 1 <= len(head.split()) <= 3:
        names.append(head)
    first = kp.note.split(",", 1)[0].strip()
    is_date = re.match(r"\d{4}-\d{2}", first)
    if first and not is_date and first != kp.title and len(first.split()) <= 4:
        names.append(first.split(" (")[0].strip())
    return tuple(n for n in dict.fromkeys(names) if len(n) >= 3)


def known_papers(
    *,
    text: str,
    papers: dict[str, Paper] | None = None,
    key_papers: list[KeyPaperNote] = (),
) -> KnownPapers:
    """The page's papers (``papers``: by arXiv id or lower-cased title, as the importer wrote
    them) with the short names Key Papers give them, then the library's papers named by title
    in ``text``."""
    found = KnownPapers()
    papers = papers or {}
    for kp in key_papers:
        paper = papers.get(kp.arxiv_id) if kp.arxiv_id else papers.get(kp.title.lower())
        if paper is not None:
            found.add(paper, short_names(kp))
    for paper in papers.values():
        found.add(paper)
    for paper in _library_named_in(text, exclude={p.pk for p in found.rows.values()}):
        found.add(paper)
    return found


def entries_text(entries: list[EntryNote]) -> str:
    """The words of a note's entries, where the library's papers are looked for."""
    return "\n".join(block.text for entry in entries for block in entry.claims)


def _library_named_in(text: str, *, exclude: set[int]) -> list[Paper]:
    lowered = " ".join(text.lower().split())
    candidates = []
    rows = Paper.objects.exclude(pk__in=exclude).only("pk", "title", "arxiv_id", "read_level")
    for paper in rows.iterator(chunk_size=2000):
        words = _TITLE_WORD.findall(paper.title)
        if words and max(words, key=len).lower() in lowered:
            candidates.append(paper)
    if not candidates:
        return []
    keys = {str(p.pk): p for p in candidates}
    named = mentions(text, [KnownPaper(key, p.title) for key, p in keys.items()])
    return [keys[key] for _offset, key in named if key in keys]


@dataclass
class EntryClaims:
    claims: list[ClaimData]
    abstract_only: list[Paper]  # papers whose notes say only the abstract was read
    scope: list[str] = field(default_factory=list)  # paragraphs saying how the section was read

    @property
    def marked(self) -> int:
        return sum(c.evidence != Evidence.UNMARKED for c in self.claims)


def _paragraph(block: ClaimNote) -> str:
    # The engine keeps a bullet whole; a table row is one claim too.
    return f"- {block.text}" if block.kind in ("bullet", "row") else block.text


def entry_claims(
    note: EntryNote, *, papers: KnownPapers, source_kind: str = NOTES, site: str = ""
) -> EntryClaims:
    """The entry's claims, each citing the paper its own words name, with the marks the
    note's words state and the words that state them."""
    paragraphs = [_paragraph(block) for block in note.claims]
    analysis = analyse_entry(
        paragraphs,
        known_papers=papers.known,
        source_kind=source_kind,
        headings=[block.under for block in note.claims],
    )
    claims: list[ClaimData] = []
    scope: list[str] = []
    for block, drafts in zip(note.claims, analysis.by_paragraph, strict=True):
        if not drafts:  # it only says how the section was read: the entry's lead keeps it
            scope.append(block.text)
        for index, draft in enumerate(drafts):
            text = BULLET.sub("", draft.text, count=1) if block.kind != "prose" else draft.text
            if index == 0 and block.heading:
                text = f"**{block.heading}**\n\n{text}"
            reason = draft.evidence_reason
            if source_kind == DIGEST and site and draft.evidence_level == PAGE:
                reason = f"the feed's first line names a digest, not the authors: “{site}”"
            claims.append(
                ClaimData(
                    text=text,
                    paper=papers.paper(draft.paper_key),
                    evidence=draft.evidence,
                    caveats=draft.caveat_names,
                    from_text=True,
                    evidence_reason=reason,
                    evidence_level=draft.evidence_level,
                    caveat_reasons={c.value: c.reason for c in draft.caveats},
                )
            )
    abstract_only = [p for k in analysis.abstract_only_papers if (p := papers.paper(k))]
    return EntryClaims(claims=claims, abstract_only=abstract_only, scope=scope)


def claims_with_suggestions(claims: list[ClaimData]) -> int:
    """How many of these claims an editor will see suggestions for (computed on view)."""
    return sum(
        1
        for data in claims
        if text_suggestions(
            data.text,
            paper_read_level=data.paper.read_level if data.paper else None,
            evidence=data.evidence or Evidence.UNMARKED,
            caveat_names=set(data.caveats or ()),
        )
    )
