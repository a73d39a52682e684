from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from core.markdown import render_markdown
from entries.models import Claim, Entry, EntryStatus, Evidence
from entries.review.workflow import entry_transition
from entries.writing.services import ClaimData, entry_create
from papers.models import Paper, ReadLevel
from papers.services import paper_key_assign
from results.models import Result, ResultStatus
from wiki.models import Concept, Revision
from wiki.services import concept_create, concept_edit, revision_create

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def role(self, create, extracted, **kwargs):
        """``UserFactory(role="Editor")`` puts the user in that group."""
        if create and extracted:
            self.groups.add(Group.objects.get(name=extracted))


def make_concept(title: str = "Reward Modeling", body: str = "", summary: str = "", author=None):
    """A published concept with its first revision, made through the real service."""
    return concept_create(
        title=title, summary=summary or f"About {title}.", body=body, author=author, publish=True
    )


class PaperFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Paper
        skip_postgeneration_save = True

    arxiv_id = factory.Sequence(lambda n: f"2601.{n:05d}")
    title = factory.Sequence(lambda n: f"A Study of Things, Part {n}")
    authors = "Ada Lovelace, Alan Turing"
    organisation = "Example Lab"
    published = dt.date(2026, 1, 15)
    abstract = "We study things."
    read_level = ReadLevel.FULL_TEXT

    @factory.post_generation
    def key(paper: Paper, create: bool, extracted: str | None, **kwargs) -> None:
        """A key as every path into the library gives one; ``key="x"`` asks for it."""
        if create:
            paper_key_assign(paper=paper, wanted=extracted or "")


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    date = dt.date(2026, 9, 30)
    headline = factory.Sequence(lambda n: f"Finding number {n}")
    lead = "A lead paragraph."
    lead_html = factory.LazyAttribute(lambda e: render_markdown(e.lead).html)
    status = EntryStatus.DRAFT
    author = factory.SubFactory(UserFactory)
    # A pending entry has a place in the review queue, as the workflow gives it.
    submitted_at = factory.LazyAttribute(
        lambda e: timezone.now() if e.status == EntryStatus.PENDING else None
    )


class ClaimFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Claim

    entry = factory.SubFactory(EntryFactory)
    position = factory.Sequence(lambda n: n)
    text = "The method improves accuracy by 3 points."
    html = factory.LazyAttribute(lambda c: render_markdown(c.text).html)
    evidence = Evidence.UNMARKED


# A world of one of each thing -------------------------------------------------
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
    # The figure "3 points" is proposed as a result; decided too, as an editor would.
    Result.objects.filter(claim__entry=entry).update(status=ResultStatus.DISCARDED)
    if status == EntryStatus.PENDING:
        return entry
    reviewer = UserFactory(username="rita", role="Editor")
    return entry_transition(
        entry=entry, to=EntryStatus.PUBLISHED, by=reviewer, version=entry.version
    )


def results_decided(entry_or_pk) -> int:
    """Discard the entry's undecided results, as an editor would before approving (tests of
    other rules; the refusal itself is tested in tests/results/). Leaves its version alone."""
    pk = getattr(entry_or_pk, "pk", entry_or_pk)
    return Result.objects.filter(claim__entry_id=pk, status=ResultStatus.PROPOSED).update(
        status=ResultStatus.DISCARDED
    )


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


# Concept edits ------------------------------------------------------------------


def concept_form_data(concept, **changes):
    revision = concept.current_revision
    data = {
        "title": revision.title,
        "summary": revision.summary,
        "body": revision.body,
        "edit_summary": "",
        "base_revision": revision.number,
    }
    return {**data, **changes}


def concept_links_data(concept, *, key_papers=(), related=(), aliases="", extra_rows=1, **changes):
    """The edit form with its key papers rows (``key_papers``: (key, note) pairs in order),
    related concept ids and aliases, as the browser posts it."""
    rows = [*key_papers, *[("", "")] * extra_rows]
    data = concept_form_data(concept, **changes) | {
        "key_papers-TOTAL_FORMS": str(len(rows)),
        "key_papers-INITIAL_FORMS": "0",
        "related": [str(pk) for pk in related],
        "aliases": aliases,
    }
    for n, (key, note) in enumerate(rows):
        data |= {f"key_papers-{n}-paper": key, f"key_papers-{n}-note": note}
        data[f"key_papers-{n}-ORDER"] = str(n + 1) if key else ""
    return data


def pending_edit(concept, author, body):
    return revision_create(
        concept=concept,
        author=author,
        title=concept.title,
        summary=concept.summary,
        body=body,
        edit_summary="Cora's change",
        base_revision=concept.current_revision,
    )
