"""Reads for the site pages that cross every kind: the home page (latest published
entries, active topics, each person's own work waiting) and recent changes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import CharField, F, Max, Prefetch, Q, QuerySet, Value

from accounts.roles import User, can_contribute, is_editor
from entries.models import Claim, Entry, EntryEvent, EntryStatus
from papers.models import Paper, PaperChange
from wiki.models import Concept, Revision, RevisionStatus, published_topics
from wiki.selectors import revisions_pending

LATEST = 12
ACTIVE_TOPICS = 8


@dataclass
class HomePage:
    entries: list[Entry]
    active_topics: list[Concept]
    review_waiting: int | None = None
    my_entries: list[Entry] = field(default_factory=list)


def home_page(user: AbstractBaseUser | AnonymousUser) -> HomePage:
    entries = list(
        Entry.objects.published()
        .select_related("author")
        .prefetch_related(
            published_topics(),
            Prefetch("claims", queryset=Claim.objects.only("id", "entry_id", "evidence")),
        )
        .order_by("-date", "-id")[:LATEST]
    )
    active = list(
        Concept.objects.published()
        .annotate(last_entry=Max("entries__date", filter=Q(entries__status=EntryStatus.PUBLISHED)))
        .filter(last_entry__isnull=False)
        .order_by("-last_entry", "title")[:ACTIVE_TOPICS]
    )
    page = HomePage(entries=entries, active_topics=active)
    if is_editor(user):
        page.review_waiting = Entry.objects.pending().count() + revisions_pending().count()
    if can_contribute(user):
        page.my_entries = list(
            Entry.objects.filter(
                author=user, status__in=[EntryStatus.DRAFT, EntryStatus.CHANGES_REQUESTED]
            ).order_by("-updated")[:10]
        )
    return page


@dataclass
class Change:
    kind: str  # "revision", "entry", "paper" (added) or "paper_change"
    created: datetime
    revision: Revision | None = None
    event: EntryEvent | None = None
    paper: Paper | None = None
    paper_change: PaperChange | None = None


def changes_page(
    user: User, *, username: str = "", kind: str = "", page_number: str | None = None
) -> Page:
    """Concept revisions, entry events and paper additions, newest first, in one list.

    A UNION of (kind, id, time) is paginated in the database; the page's rows are then
    fetched with one query per kind.
    """
    revisions = Revision.objects.all()
    events = EntryEvent.objects.all()
    papers = Paper.objects.all()
    paper_changes = PaperChange.objects.all()
    if not user.has_perm("wiki.review_revision"):
        # Pending (and turned down) texts and titles are for those who review them.
        revisions = revisions.filter(status=RevisionStatus.PUBLISHED)
    if not is_editor(user):
        events = events.filter(entry__status=EntryStatus.PUBLISHED)
    if username:
        revisions = revisions.filter(author__username__iexact=username)
        events = events.filter(actor__username__iexact=username)
        papers = papers.filter(added_by__username__iexact=username)
        paper_changes = paper_changes.filter(actor__username__iexact=username)

    def keys(queryset: QuerySet, name: str, time: str = "created") -> QuerySet:
        return (
            queryset.order_by()
            .annotate(k=Value(name, output_field=CharField()), ref=F("pk"), at=F(time))
            .values_list("k", "ref", "at")
        )

    parts = []
    if kind in ("", "revision"):
        parts.append(keys(revisions, "revision"))
    if kind in ("", "entry"):
        parts.append(keys(events, "entry"))
    if kind in ("", "paper"):
        parts.append(keys(papers, "paper", time="added"))
        parts.append(keys(paper_changes, "paper_change"))
    combined = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    page = Paginator(combined.order_by("-at", "-ref"), 50).get_page(page_number)
    rows = list(page.object_list)
    revision_ids = [ref for k, ref, _ in rows if k == "revision"]
    event_ids = [ref for k, ref, _ in rows if k == "entry"]
    by_revision = Revision.objects.select_related("concept", "author").annotate(
        base_size=F("base_revision__size")
    )
    by_revision = by_revision.defer("body", "html", "toc").in_bulk(revision_ids)
    by_event = (
        EntryEvent.objects.select_related("entry", "actor").in_bulk(event_ids) if event_ids else {}
    )
    paper_ids = [ref for k, ref, _ in rows if k == "paper"]
    by_paper = (
        Paper.objects.select_related("added_by")
        .only("title", "arxiv_id", "added", "added_by__username")
        .in_bulk(paper_ids)
        if paper_ids
        else {}
    )
    change_ids = [ref for k, ref, _ in rows if k == "paper_change"]
    by_change = (
        PaperChange.objects.select_related("actor", "paper")
        .defer("paper__abstract", "paper__search_vector")
        .in_bulk(change_ids)
        if change_ids
        else {}
    )
    found = {
        "revision": by_revision,
        "entry": by_event,
        "paper": by_paper,
        "paper_change": by_change,
    }
    field = {
        "revision": "revision",
        "entry": "event",
        "paper": "paper",
        "paper_change": "paper_change",
    }
    page.object_list = group_imports(
        [
            Change(kind=k, created=at, **{field[k]: found[k][ref]})
            for k, ref, at in rows
            if ref in found[k]
        ]
    )
    return page


# --- An import's rows, as one line ---------------------------------------------------------
#
# A notes import writes through the domain services like anyone else, so its rows are
# ordinary revisions, entry events and papers. They carry the import's marks, though: a
# revision's summary "Imported from notes.md [import …]" (or "… created by an import"), an
# entry's first event "imported", papers with nobody as their adder. One run writes them
# within seconds, as one person (or as nobody, from the command line). So a batch is a run
# of consecutive rows, each an import's row, by one actor, each within IMPORT_GAP of the
# next, holding at least one marked row: no column or migration on three domain tables,
# and a person's own edit in the same minute is never swallowed (it carries no mark).

IMPORT_GAP = timedelta(minutes=2)
IMPORTED_FROM = re.compile(r"^Imported from (.+?) \[import [^\]]*\]$")
# What an import adds to an entry after "imported": its submission, or a resubmission.
IMPORT_FOLLOW_UPS = {"submitted", "edited", "updated by resubmission"}
_NOBODY = object()


@dataclass
class ImportBatch:
    """Consecutive rows of one import, shown as one expandable line."""

    changes: list[Change]
    kind: str = "import"

    @property
    def created(self) -> datetime:
        return self.changes[0].created

    @property
    def actor_name(self) -> str:
        """Who ran the import; empty when it ran as nobody (from the command line)."""
        for change in self.changes:
            person = change.revision.author if change.revision else None
            person = change.event.actor if change.event else person
            if person is not None:
                return person.get_username()
        return ""

    @property
    def sources(self) -> list[str]:
        names = []
        for change in self.changes:
            found = (
                IMPORTED_FROM.match(change.revision.edit_summary or "") if change.revision else None
            )
            if found and found.group(1) not in names:
                names.append(found.group(1))
        return names

    @property
    def counts(self) -> list[str]:
        entries = {c.event.entry_id for c in self.changes if c.event}
        concepts = {c.revision.concept_id for c in self.changes if c.revision}
        papers = [c for c in self.changes if c.paper]
        pairs = [(len(entries), "entry", "entries"), (len(concepts), "concept", "concepts")]
        pairs.append((len(papers), "paper", "papers"))
        return [f"{n} {one if n == 1 else many}" for n, one, many in pairs if n]


def _actor(change: Change):
    """Who wrote the row; _NOBODY for a paper without adder, which fits any import."""
    if change.revision is not None:
        return change.revision.author_id
    if change.event is not None:
        return change.event.actor_id
    if change.paper_change is not None:
        return change.paper_change.actor_id or _NOBODY
    return change.paper.added_by_id if change.paper.added_by_id else _NOBODY


def _import_mark(change: Change) -> str:
    """ "marked" for a row only an import writes, "joins" for one it writes among others."""
    if change.revision is not None:
        summary = change.revision.edit_summary or ""
        return "marked" if IMPORTED_FROM.match(summary) or "by an import" in summary else ""
    if change.event is not None:
        action = change.event.action
        return "marked" if action == "imported" else "joins" if action in IMPORT_FOLLOW_UPS else ""
    if change.paper_change is not None:
        return "joins" if change.paper_change.actor_id is None else ""
    return "joins" if change.paper.added_by_id is None else ""


def group_imports(changes: list[Change]) -> list[Change | ImportBatch]:
    """Runs of an import's rows (newest first, as the page lists them) become batches."""
    items: list[Change | ImportBatch] = []
    run: list[Change] = []
    actor = _NOBODY

    def close() -> None:
        if len(run) > 1 and any(_import_mark(c) == "marked" for c in run):
            items.append(ImportBatch(list(run)))
        else:
            items.extend(run)
        run.clear()

    for change in changes:
        mark, who = _import_mark(change), _actor(change)
        fits = (
            run
            and mark
            and run[-1].created - change.created <= IMPORT_GAP
            and (who is _NOBODY or actor is _NOBODY or who == actor)
        )
        if not fits:
            close()
            actor = _NOBODY
            if not mark:
                items.append(change)
                continue
        run.append(change)
        if who is not _NOBODY:
            actor = who
    close()
    return items
