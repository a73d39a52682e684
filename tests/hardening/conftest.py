from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from entries.models import Claim, Entry, EntryStatus, Evidence
from entries.services import ClaimData, entry_create
from entries.workflow import entry_transition
from papers.models import Paper, ReadLevel
from tests.factories import PaperFactory, UserFactory, make_concept
from wiki.models import Concept, Revision
from wiki.services import concept_edit


@dataclass
class World:
    """One of every kind of thing a page can show, owned by known people."""

    concept: Concept
    paper: Paper
    abstract_paper: Paper
    published: Entry
    drafts: dict[str, Entry]  # author username -> a draft of theirs
    pending: dict[str, Entry]  # author username -> a pending entry of theirs, claims marked
    pending_revision: Revision

    def claim_of(self, entry: Entry) -> Claim:
        return entry.claims.order_by("position").first()


def _entry(*, author, status: str, topic: Concept, paper: Paper, headline: str) -> Entry:
    """An entry made through the real services, taken to ``status``."""
    entry = entry_create(
        author=author,
        date=dt.date(2026, 9, 30),
        headline=headline,
        lead="A lead paragraph with [[Reward Modeling]].",
        topics=[topic],
        claims=[
            ClaimData(text="Accuracy improves by 3 points.", paper=paper),
            ClaimData(text="The method is simpler.", paper=paper),
        ],
    )
    if status == EntryStatus.DRAFT:
        return entry
    entry = entry_transition(entry=entry, to=EntryStatus.PENDING, by=author)
    # Marked (as an editor would) so that an approval can go through; the first claim's
    # paper is abstract-only, so the "abstract only" suggestion stays applicable.
    entry.claims.update(evidence=Evidence.FULL_TEXT)
    if status == EntryStatus.PENDING:
        return entry
    reviewer = UserFactory(username="rita", role="Editor")
    return entry_transition(entry=entry, to=EntryStatus.PUBLISHED, by=reviewer)


@pytest.fixture
def world(db, editor, other_editor, contributor, other_contributor, charlie) -> World:
    return build_world(editor=editor, contributor=contributor, other_editor=other_editor)


def build_world(*, editor, contributor, other_editor) -> World:
    """Contributor ``contributor`` and editor ``other_editor`` each have a draft and a pending
    entry; ``editor`` wrote the concept's second revision, ``contributor`` a pending third."""
    concept = make_concept("Reward Modeling", body="# Reward Modeling\n\nFirst text.")
    concept_edit(
        concept=concept,
        author=editor,
        title=concept.title,
        summary=concept.summary,
        body="# Reward Modeling\n\nSecond text.",
        edit_summary="second",
        base_revision=concept.current_revision,
    )
    concept.refresh_from_db()
    pending_revision = concept_edit(
        concept=concept,
        author=contributor,
        title=concept.title,
        summary=concept.summary,
        body="# Reward Modeling\n\nA contributor's text.",
        edit_summary="proposed",
        base_revision=concept.current_revision,
    )
    assert pending_revision.is_pending
    paper = PaperFactory(arxiv_id="2608.17528", title="Scaling Reward Models")
    paper.topics.add(concept)
    abstract_paper = PaperFactory(read_level=ReadLevel.ABSTRACT_ONLY)
    drafts, pending = {}, {}
    for author in (contributor, other_editor):
        name = author.username
        drafts[name] = _entry(
            author=author, status=EntryStatus.DRAFT, topic=concept, paper=abstract_paper,
            headline=f"Draft by {name}",
        )  # fmt: skip
        pending[name] = _entry(
            author=author, status=EntryStatus.PENDING, topic=concept, paper=abstract_paper,
            headline=f"Pending by {name}",
        )  # fmt: skip
    published = _entry(
        author=contributor,
        status=EntryStatus.PUBLISHED,
        topic=concept,
        paper=paper,
        headline="A published finding",
    )
    return World(
        concept=concept,
        paper=paper,
        abstract_paper=abstract_paper,
        published=published,
        drafts=drafts,
        pending=pending,
        pending_revision=pending_revision,
    )
