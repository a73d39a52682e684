"""Write parsed notes through the services: one transaction per file, idempotent.

Idempotency comes from the data itself, so no bookkeeping table is needed:

* a concept gets a new revision only when its title, summary or body differ from its
  latest revision and from the text its last import recorded (the edit summary carries
  a fingerprint, so wiki edits made after an import are not undone by importing the
  same file again);
* an entry is found by ``Entry.external_id`` ("import:<topic-slug>:<date>:<hash of the
  headline>"), or else by date and headline under the topic, and is rewritten only when
  its headline, lead or claims changed (claims whose text is unchanged keep their
  evidence marks; new claims carry the marks their words state, see importer/evidence.py);
* a paper is found by its arXiv id, or, without one, by its title.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import DatabaseError, transaction

from entries.models import Entry, EntryStatus
from entries.writing.services import ClaimData, entry_external_id_adopt
from entries.writing.submission import Submission, SubmissionConflict, entry_submit
from importer.evidence import (
    DIGEST,
    NOTES,
    claims_with_suggestions,
    entries_text,
    entry_claims,
    known_papers,
)
from importer.notes import (
    ConceptPage,
    EntryNote,
    Note,
    NoteError,
    TopicFeed,
    decode_note,
    fingerprint,
)
from importer.parse import parse_note
from importer.report import KINDS, FileReport, ImportReport, Tally
from papers.models import Paper
from papers.services import (
    paper_fill_missing,
    paper_get_or_create_by_arxiv,
    paper_get_or_create_by_title,
    paper_topic_add,
    papers_read_level_raise,
)
from wiki.concept_links import links_record
from wiki.models import Concept, ConceptAlias
from wiki.services import (
    ConceptError,
    concept_create,
    key_papers_lead,
    related_add,
    revision_create,
)

FINGERPRINT = re.compile(r"\[import ([0-9a-f]{12})\]")
STATUSES = (EntryStatus.PENDING, EntryStatus.PUBLISHED)


@dataclass
class NoteSource:
    """One file to import: its name (for messages) and its raw bytes."""

    name: str
    data: bytes


class _DryRun(Exception):
    """Raised inside the transaction of a dry run so everything written is rolled back."""


def notes_import(
    *,
    sources: Sequence[NoteSource],
    author: AbstractBaseUser | None,
    status: str = EntryStatus.PENDING,
    dry_run: bool = False,
    on_file: Callable[[FileReport], None] | None = None,
) -> ImportReport:
    """Import each file in its own transaction; a file that fails leaves nothing behind
    and the others still go in. A dry run does everything and then rolls it back."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    report = ImportReport(dry_run=dry_run, status=status)
    for source in sources:
        file_report = FileReport(name=source.name)
        try:
            with transaction.atomic():
                note = parse_note(text=decode_note(source.data), name=source.name)
                file_report.kind = note.kind
                _write(note, report=file_report, author=author, status=status)
                if dry_run:
                    raise _DryRun
        except _DryRun:
            pass
        except NoteError as exc:
            file_report.error, file_report.line = exc.message, exc.line
        except (ConceptError, DatabaseError, ValueError) as exc:
            # Parsing validates what it can; anything the database still refuses is
            # reported against the file rather than breaking the whole run.
            file_report.error = f"could not be saved: {exc}"
        if not file_report.ok:
            file_report.counts = {k: Tally() for k in KINDS}
        if dry_run or not file_report.ok:
            file_report.url = ""
        report.files.append(file_report)
        if on_file is not None:
            on_file(file_report)
    return report


def _write(note: Note, *, report: FileReport, author, status: str) -> None:
    if isinstance(note, ConceptPage):
        report.title = note.title
        _write_concept_page(note, report=report, author=author, status=status)
    else:
        report.title = note.topic
        _write_topic_feed(note, report=report, author=author, status=status)


# --- Concepts ------------------------------------------------------------------------


def concept_find(title: str) -> Concept | None:
    """The concept with this title or alias, ignoring case."""
    concept = Concept.objects.filter(title__iexact=title.strip()).first()
    if concept is None:
        alias = ConceptAlias.objects.filter(name__iexact=title.strip()).first()
        concept = alias.concept if alias else None
    return concept


def _related_find(name: str) -> Concept | None:
    """ "Agents (LLM Agents)" or "MCP — Model Context Protocol" also match an existing
    "Agents" or "Model Context Protocol" page."""
    found = concept_find(name)
    if found:
        return found
    match = re.fullmatch(r"(.+?)\s*(?:\((.+)\)|[—\u2013]\s*(.+))", name)
    if match:
        for part in match.groups():
            if part and (found := concept_find(part)):
                return found
    return None


def _stub_create(*, title: str, linked_from: str, author, report: FileReport) -> Concept:
    concept = concept_create(
        title=title,
        summary="A stub: no definition has been written yet.",
        body=f"*This page was created by an import, as a concept related to "
        f"[[{linked_from}]]. It is waiting for its definition.*\n",
        author=author,
        edit_summary="Stub created by an import",
        publish=True,  # published so the links to it work; its text says it is a stub
    )
    report.counts["concepts"].created += 1
    return concept


def _concept_write(
    *, title: str, summary: str, body: str, source: str, author
) -> tuple[Concept, str]:
    """The page's concept, created or given a new revision when its text changed; with
    "created", "updated" or "unchanged"."""
    mark = fingerprint(title, summary.strip(), body)
    edit_summary = f"Imported from {source[:200]} [import {mark}]"
    concept = concept_find(title)
    if concept is None:
        concept = concept_create(
            title=title, summary=summary, body=body, author=author, edit_summary=edit_summary
        )
        return concept, "created"
    latest = concept.revisions.order_by("-number").first()
    # Keep the page's current spelling of its title (it may have been found by an alias).
    texts = (concept.title, summary.strip(), body)
    same = latest is not None and (latest.title, latest.summary, latest.body) == texts
    last_import = next(
        (
            m.group(1)
            for es in concept.revisions.order_by("-number").values_list("edit_summary", flat=True)
            if (m := FINGERPRINT.search(es or ""))
        ),
        None,
    )
    if same or last_import == fingerprint(concept.title, summary.strip(), body):
        return concept, "unchanged"
    revision_create(
        concept=concept,
        author=author,
        title=concept.title,
        summary=summary,
        body=body,
        edit_summary=f"Imported from {source[:200]} "
        f"[import {fingerprint(concept.title, summary.strip(), body)}]",
        base_revision=concept.current_revision,
    )
    concept.refresh_from_db()
    return concept, "updated"


def _topic_get_or_create(*, title: str, site: str, author, report: FileReport) -> Concept:
    concept = concept_find(title)
    if concept is not None:
        report.counts["concepts"].unchanged += 1
        return concept
    origin = f" (“{site}”)" if site else ""
    concept = concept_create(
        title=title,
        summary="A topic created by importing its news feed; no definition has been written yet.",
        body=f"*This page was created by importing a topic feed{origin}. "
        "Its entries are listed below; the definition is still to be written.*\n",
        author=author,
        edit_summary="Topic created by an import",
        publish=True,
    )
    report.counts["concepts"].created += 1
    return concept


# --- Papers --------------------------------------------------------------------------


def _papers_write(note: ConceptPage) -> tuple[dict[str, Paper], dict[int, str]]:
    """Every paper the page mentions: by arXiv id, and key papers named without one.

    Returns them keyed by arXiv id and by lower-cased title, and what happened to each
    ("created", "updated", "unchanged") by primary key."""
    key_by_id = {kp.arxiv_id: kp for kp in note.key_papers if kp.arxiv_id}
    papers: dict[str, Paper] = {}
    states: dict[int, str] = {}
    for arxiv_id, title in note.papers.items():
        kp = key_by_id.get(arxiv_id)
        defaults = {"title": title} if title else {}
        if kp and kp.published:
            defaults["published"] = kp.published
        if kp and kp.organisation:
            defaults["organisation"] = kp.organisation
        paper, created = paper_get_or_create_by_arxiv(arxiv_id=arxiv_id, defaults=defaults)
        state = "created" if created else "unchanged"
        if not created and paper_fill_missing(paper=paper, values=defaults):
            state = "updated"  # what the library lacked; never what somebody entered
        papers[arxiv_id] = paper
        states[paper.pk] = state
    for kp in note.key_papers:
        if kp.arxiv_id or not kp.title:
            continue
        paper, created = paper_get_or_create_by_title(
            title=kp.title, defaults={"organisation": kp.organisation, "published": kp.published}
        )
        if created:
            states[paper.pk] = "created"
        else:
            states.setdefault(paper.pk, "unchanged")
        papers[kp.title.lower()] = paper
    return papers, states


def _key_papers_write(note: ConceptPage, *, concept: Concept, papers: dict[str, Paper]) -> bool:
    """Set the page's key papers to the file's list, in order; others the wiki added are
    kept after them. Returns whether anything changed."""
    wanted: list[tuple[Paper, str]] = []
    for kp in note.key_papers:
        paper = papers.get(kp.arxiv_id) if kp.arxiv_id else papers.get(kp.title.lower())
        if paper is not None and paper.pk not in {p.pk for p, _ in wanted}:
            wanted.append((paper, kp.note))
    return key_papers_lead(concept=concept, wanted=wanted)


def _related_write(note: ConceptPage, *, concept: Concept, author, report: FileReport) -> bool:
    """Add the listed related concepts (stubs when missing); never remove any."""
    others = []
    for name in note.related:
        other = _related_find(name)
        if other is None:
            other = _stub_create(
                title=name, linked_from=concept.title, author=author, report=report
            )
        elif other.pk != concept.pk:
            report.counts["concepts"].unchanged += 1
        others.append(other)
    return related_add(concept=concept, others=others)


def _write_concept_page(note: ConceptPage, *, report: FileReport, author, status: str) -> None:
    # Papers first, so the arXiv ids in the page's body render as links to them.
    papers, paper_states = _papers_write(note)
    concept, state = _concept_write(
        title=note.title, summary=note.summary, body=note.body, source=report.name, author=author
    )
    report.url = concept.get_absolute_url()
    for paper in {p.pk: p for p in papers.values()}.values():
        if paper_topic_add(paper=paper, concept=concept) and paper_states[paper.pk] == "unchanged":
            paper_states[paper.pk] = "updated"
    for paper_state in paper_states.values():
        _tally_add(report.counts["papers"], paper_state)
    changed = _key_papers_write(note, concept=concept, papers=papers)
    changed |= _related_write(note, concept=concept, author=author, report=report)
    if changed:
        concept.refresh_from_db(fields=["current_revision"])
        links_record([concept, *concept.related.all()])
    if state == "unchanged" and changed:
        state = "updated"  # same text, but its key papers or related concepts moved
    _tally_add(report.counts["concepts"], state)
    known = known_papers(text=entries_text(note.entries), papers=papers, key_papers=note.key_papers)
    for entry, (external_id, first) in zip(
        note.entries, _external_ids(concept, note.entries), strict=True
    ):
        _entry_write(
            entry,
            external_id=external_id,
            match_headline=first,
            topic=concept,
            claims=_claims_read(entry, papers=known, source_kind=NOTES, report=report),
            author=author,
            status=status,
            report=report,
        )


def _tally_add(tally: Tally, state: str) -> None:
    setattr(tally, state, getattr(tally, state) + 1)


def _claims_read(entry: EntryNote, *, papers, source_kind: str, report: FileReport, site=""):
    """The entry's claims with the marks its words state; papers whose notes say only the
    abstract was read are marked so in the library (never lowered from full text)."""
    found = entry_claims(entry, papers=papers, source_kind=source_kind, site=site)
    if found.scope:  # the section's words on how it was read stay on the page, as its lead
        entry.lead = "\n\n".join([entry.lead, *found.scope]).strip()
    papers_read_level_raise(paper_ids=[p.pk for p in found.abstract_only])
    report.marked_from_text += found.marked
    return found.claims


# --- Feeds and entries ---------------------------------------------------------------


def _write_topic_feed(note: TopicFeed, *, report: FileReport, author, status: str) -> None:
    topic = _topic_get_or_create(title=note.topic, site=note.site, author=author, report=report)
    report.url = topic.get_absolute_url()
    known = known_papers(text=entries_text(note.entries))
    for entry, (external_id, first) in zip(
        note.entries, _external_ids(topic, note.entries), strict=True
    ):
        _entry_write(
            entry,
            external_id=external_id,
            match_headline=first,
            topic=topic,
            claims=_claims_read(
                entry, papers=known, source_kind=DIGEST, report=report, site=note.site
            ),
            author=author,
            status=status,
            report=report,
        )


def external_id_for(*, topic: Concept, entry: EntryNote, repeat: int = 1) -> str:
    """A stable key for an imported entry: its topic, date and headline. Two entries of
    one file with the same date and headline are told apart by their order."""
    key = f"import:{topic.slug[:80]}:{entry.date:%Y-%m-%d}:{fingerprint(entry.headline.lower())}"
    return key if repeat == 1 else f"{key}:{repeat}"


def _external_ids(topic: Concept, entries: list[EntryNote]) -> list[tuple[str, bool]]:
    """Each entry's key, and whether it is the first of its date and headline (only the
    first may also be matched by date and headline alone)."""
    seen: dict[tuple, int] = {}
    keys = []
    for entry in entries:
        marker = (entry.date, entry.headline.lower())
        seen[marker] = seen.get(marker, 0) + 1
        keys.append(
            (external_id_for(topic=topic, entry=entry, repeat=seen[marker]), seen[marker] == 1)
        )
    return keys


def _entry_write(
    note: EntryNote,
    *,
    external_id: str,
    match_headline: bool,
    topic: Concept,
    claims: list[ClaimData],
    author,
    status: str,
    report: FileReport,
) -> None:
    """Write one dated entry through the entries' one submission path: a new entry is
    created, a draft or pending one is brought up to date, and a published one gets a
    revision that waits for review (readers keep the published text)."""
    entry = Entry.objects.filter(external_id=external_id).first()
    if entry is None and match_headline:
        # An entry written in the wiki (or imported before keys existed) with the same
        # date and headline under this topic is the same entry.
        entry = (
            Entry.objects.filter(
                topics=topic,
                date=note.date,
                headline__iexact=note.headline,
                external_id=None,
                revision_of=None,
            )
            .order_by("id")
            .first()
        )
    old_pairs = [(c.text, c.paper_id) for c in entry.claims.order_by("position")] if entry else []
    submission = Submission(
        date=note.date,
        headline=note.headline,
        lead=note.lead,
        topics=[topic],
        claims=claims,
        status=status,
        external_id=None if entry is not None and entry.external_id is None else external_id,
    )
    try:
        outcome = entry_submit(
            by=author, submission=submission, existing=entry, created_action="imported"
        )
    except SubmissionConflict as exc:
        report.refused.append(f"{note.date:%Y-%m-%d} “{note.headline}”: {exc}")
        report.counts["entries"].unchanged += 1
        return
    if entry is not None and not entry.external_id:
        entry_external_id_adopt(entry=entry, external_id=external_id)
    new_pairs = [(c.text.strip(), c.paper.pk if c.paper else None) for c in claims]
    if outcome.state == "created":
        report.counts["entries"].created += 1
        report.counts["claims"].created += len(claims)
        report.suggestions += claims_with_suggestions(claims)
        return
    if outcome.state == "unchanged":
        report.counts["entries"].unchanged += 1
        report.counts["claims"].unchanged += len(claims)
        return
    report.counts["entries"].updated += 1
    if outcome.state == "revision":
        report.revisions += 1
    tally = report.counts["claims"]
    for position, pair in enumerate(new_pairs):
        if position < len(old_pairs) and old_pairs[position] == pair:
            tally.unchanged += 1
        elif position < len(old_pairs):
            tally.updated += 1
        else:
            tally.created += 1
    report.suggestions += claims_with_suggestions(
        [c for c, p in zip(claims, new_pairs, strict=True) if p not in old_pairs]
    )
