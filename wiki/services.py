"""Writes to concepts: every multi-step change goes through these functions."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify

from accounts.roles import can_contribute, is_editor
from core.markdown import Rendered, render_markdown
from papers.models import Paper
from wiki.concept_links import (
    AliasTaken,
    ConceptLinks,
    links_apply,
    links_merge,
    links_of,
    revision_links,
)
from wiki.fulltext import concept_vector_refresh
from wiki.merge import EditConflict, Texts, merge_texts
from wiki.models import (
    Concept,
    ConceptAlias,
    ConceptLink,
    KeyPaper,
    Revision,
    RevisionStatus,
    WantedLink,
)

__all__ = [
    "ConceptError",
    "EditConflict",
    "NothingChanged",
    "concept_create",
    "revision_create",
    "revision_revert",
]

# Paths under /wiki/ that are not concepts: no concept may take these slugs.
RESERVED_SLUGS = {"new", "preview"}


class ConceptError(ValueError):
    """A write that cannot be done, with a message for the user."""


class NothingChanged(ConceptError):
    """The submitted text is the current text: no revision is made."""


def unique_slug(title: str) -> str:
    base = slugify(title)[:190] or "concept"
    slug, n = base, 2
    while (
        slug in RESERVED_SLUGS
        or Concept.objects.filter(slug=slug).exists()
        or ConceptAlias.objects.filter(slug=slug).exists()
    ):
        slug = f"{base}-{n}"
        n += 1
    return slug


def title_taken(title: str, *, exclude: Concept | None = None) -> bool:
    """Is the title (case-insensitively) another concept's title or alias?"""
    concepts = Concept.objects.filter(title__iexact=title.strip())
    aliases = ConceptAlias.objects.filter(name__iexact=title.strip())
    if exclude is not None:
        concepts = concepts.exclude(pk=exclude.pk)
        aliases = aliases.exclude(concept=exclude)
    return concepts.exists() or aliases.exists()


def proposed_title_message(title: str) -> str:
    """When ``title`` belongs to a page proposed and waiting for review (readers do not see
    it), the message that says the title is reserved for it; "" otherwise."""
    proposed = Concept.objects.filter(title__iexact=title.strip(), current_revision__isnull=True)
    if not proposed.exists():
        return ""
    return (
        f"A page titled “{title.strip()}” is already proposed and waiting for review: the "
        "title is reserved for it until an editor decides. Readers do not see it yet."
    )


@transaction.atomic
def concept_create(
    *,
    title: str,
    summary: str = "",
    body: str = "",
    author: AbstractBaseUser | None,
    edit_summary: str = "Created the page",
    publish: bool | None = None,
    links: ConceptLinks | None = None,
) -> Concept:
    """Create a concept with its first revision.

    ``links``: its key papers, related concepts and aliases, applied with the revision
    when it is published (none when not given).

    ``publish`` defaults to the author's role: an editor's page is live at once, a
    contributor's waits in the review queue (the concept exists but readers do not see it).
    Pages that linked to this title while it had no page are re-rendered.
    """
    title = title.strip()
    if not title:
        raise ConceptError("A concept needs a title.")
    if title_taken(title):
        raise ConceptError(
            proposed_title_message(title) or f"A concept titled “{title}” already exists."
        )
    concept = Concept.objects.create(title=title, slug=unique_slug(title), summary=summary)
    revision_create(
        concept=concept,
        author=author,
        title=title,
        summary=summary,
        body=body,
        edit_summary=edit_summary,
        base_revision=None,
        publish=publish,
        links=links or ConceptLinks(),
    )
    links_refresh_wanted([title])
    concept.refresh_from_db()
    return concept


@transaction.atomic
def revision_create(
    *,
    concept: Concept,
    author: AbstractBaseUser | None,
    title: str,
    summary: str,
    body: str,
    edit_summary: str = "",
    base_revision: Revision | None,
    publish: bool | None = None,
    links: ConceptLinks | None = None,
) -> Revision:
    """Add the next numbered revision, rendering its Markdown once.

    The concept row is locked so two saves at once get distinct, consecutive numbers.
    When ``base_revision`` is not the current revision, somebody published meanwhile: the
    two edits are three-way merged (the new revision's ``merged`` is set), or, when they
    overlap, :class:`EditConflict` is raised and nothing is saved. ``links`` (key papers,
    related concepts, aliases) are merged the same way; None leaves them as they are.
    """
    locked = Concept.objects.select_for_update().get(pk=concept.pk)
    current = locked.current_revision
    mine = Texts(title=title.strip(), summary=summary.strip(), body=body)
    merged = False
    if base_revision is not None and current is not None and base_revision.pk != current.pk:
        mine, links = merge_edit(base_revision, locked, mine=mine, links=links)
        merged = True
    if base_revision is not None and current is not None:
        base_revision = current  # the text now builds on what readers see
    number = (locked.revisions.aggregate(n=Max("number"))["n"] or 0) + 1
    if publish is None:
        publish = author is None or is_editor(author)
    rendered = render_markdown(mine.body, with_toc=True)
    revision = Revision.objects.create(
        concept=locked,
        number=number,
        title=mine.title,
        summary=mine.summary,
        body=mine.body,
        html=rendered.html,
        toc=rendered.toc,
        size=len(mine.body),
        edit_summary=edit_summary.strip()[:300],
        author=author,
        base_revision=base_revision,
        merged=merged,
        status=RevisionStatus.PUBLISHED if publish else RevisionStatus.PENDING,
        links=None if links is None else links.as_json(),
    )
    if publish:
        revision_publish(locked, revision, rendered)
    return revision


def merge_edit(
    base: Revision | None, concept: Concept, *, mine: Texts, links: ConceptLinks | None
) -> tuple[Texts, ConceptLinks | None]:
    """An edit started from ``base`` merged onto what readers see now: texts line by line,
    key papers, related concepts and aliases each as a whole. Overlaps in any of them
    raise one :class:`EditConflict` naming every part."""
    current = concept.current_revision
    conflicts: list[str] = []
    try:
        texts = merge_texts(
            base=revision_texts(base) if base else Texts("", "", ""),
            current=revision_texts(current),
            mine=mine,
            current_revision=current,
        )
    except EditConflict as conflict:
        texts, conflicts = mine, conflict.fields
    if links is not None:
        live = links_of(concept)
        links, link_conflicts = links_merge(
            base=revision_links(base) or live, current=live, mine=links
        )
        conflicts = conflicts + link_conflicts
    if conflicts:
        raise EditConflict(current=current, mine=mine, fields=conflicts)
    return texts, links


def concept_edit(
    *,
    concept: Concept,
    author: AbstractBaseUser,
    title: str,
    summary: str,
    body: str,
    edit_summary: str,
    base_revision: Revision | None,
    links: ConceptLinks | None = None,
) -> Revision:
    """An edit from the edit form: refuses a save that changes nothing."""
    if not can_contribute(author):
        raise PermissionDenied
    current = concept.current_revision
    same_links = links is None or links == links_of(concept)
    if (
        current is not None
        and same_links
        and (title.strip(), summary.strip(), body) == (current.title, current.summary, current.body)
    ):
        raise NothingChanged("Nothing changed, so no new revision was saved.")
    if title_taken(title, exclude=concept):
        raise ConceptError(f"Another concept is already titled “{title.strip()}”.")
    return revision_create(
        concept=concept,
        author=author,
        title=title,
        summary=summary,
        body=body,
        edit_summary=edit_summary,
        base_revision=base_revision,
        links=links,
    )


def revision_texts(revision: Revision) -> Texts:
    """The words a revision holds, as a three-way merge reads them."""
    return Texts(title=revision.title, summary=revision.summary, body=revision.body)


def revision_publish(concept: Concept, revision: Revision, rendered: Rendered) -> None:
    """Make ``revision`` the concept's current text, with its links and search words."""
    old_title = concept.title
    concept.current_revision = revision
    concept.title = revision.title
    concept.summary = revision.summary
    concept.save(update_fields=["current_revision", "title", "summary", "updated"])
    links = revision_links(revision)
    if links is not None:
        try:
            links_apply(concept, links, unique_slug=unique_slug)
        except AliasTaken as error:
            raise ConceptError(str(error)) from None
    links_sync(concept=concept, rendered=rendered)
    renamed = old_title.lower() != revision.title.lower()
    if renamed:
        _keep_old_title(concept, old_title)
    concept_vector_refresh([concept.pk])
    if renamed:
        links_refresh_wanted([revision.title])


def _keep_old_title(concept: Concept, old_title: str) -> None:
    """A renamed concept still answers to its old title, as an alias: ``[[Old title]]``
    keeps linking to it and no new page can take the name. Renamed back, the alias goes."""
    concept.aliases.filter(name__iexact=concept.title).delete()
    if not old_title.strip() or title_taken(old_title, exclude=concept):
        return
    if not concept.aliases.filter(name__iexact=old_title).exists():
        ConceptAlias.objects.create(concept=concept, name=old_title, slug=unique_slug(old_title))


def links_sync(*, concept: Concept, rendered: Rendered) -> None:
    """Record the outgoing links of the concept's published text (backlinks, red links)."""
    ConceptLink.objects.filter(source=concept).delete()
    WantedLink.objects.filter(source=concept).delete()
    ConceptLink.objects.bulk_create(
        [
            ConceptLink(source=concept, target_id=pk)
            for pk in sorted(rendered.linked_concept_ids)
            if pk != concept.pk
        ]
    )
    WantedLink.objects.bulk_create(
        [
            WantedLink(source=concept, title=title[:200])
            for title in sorted({t.lower() for t in rendered.missing_titles})
        ]
    )


def links_refresh_wanted(titles: list[str]) -> int:
    """Re-render the published text of every page with a red link to one of ``titles``.

    Only the stored HTML (a cache of the body) changes; the revision's text does not.
    Returns how many pages were re-rendered.
    """
    wanted = {t.strip().lower() for t in titles if t.strip()}
    if not wanted:
        return 0
    sources = (
        Concept.objects.filter(wanted_links__title__in=wanted, current_revision__isnull=False)
        .select_related("current_revision")
        .distinct()
    )
    count = 0
    for source in sources:
        revision = source.current_revision
        rendered = render_markdown(revision.body, with_toc=True)
        Revision.objects.filter(pk=revision.pk).update(html=rendered.html, toc=rendered.toc)
        links_sync(concept=source, rendered=rendered)
        count += 1
    return count


@transaction.atomic
def revision_revert(
    *, revision: Revision, by: AbstractBaseUser, seen_current: int | None = None
) -> Revision:
    """A new revision restoring an old one's text; pending when a contributor asks.

    ``seen_current``: the number of the current revision the person compared against
    before confirming; if the page has moved on since, nothing is saved.
    """
    if not can_contribute(by):
        raise PermissionDenied
    concept = Concept.objects.select_for_update().get(pk=revision.concept_id)
    current = concept.current_revision
    if current is not None and current.pk == revision.pk:
        raise NothingChanged(f"Revision {revision.number} is already the current text.")
    if seen_current is not None and (current is None or current.number != seen_current):
        raise ConceptError(
            f"The page has changed since you compared it with revision {seen_current}: "
            "look at the changes again before reverting."
        )
    if title_taken(revision.title, exclude=concept):
        raise ConceptError(f"Another concept is now titled “{revision.title}”.")
    return revision_create(
        concept=concept,
        author=by,
        title=revision.title,
        summary=revision.summary,
        body=revision.body,
        edit_summary=f"Reverted to revision {revision.number}",
        base_revision=current,
        links=revision_links(revision),
    )


def revisions_render_again(*, chunk: int = 200) -> int:
    """Render every revision's body again with the renderer as it is now, for an upgrade
    that changed what the renderer writes (reads never render). Returns how many stored
    renderings changed."""
    changed, batch = 0, []
    revisions = Revision.objects.only("pk", "body", "html", "toc").order_by("pk")
    for revision in revisions.iterator(chunk_size=chunk):
        rendered = render_markdown(revision.body, with_toc=True)
        if (rendered.html, rendered.toc) != (revision.html, revision.toc):
            revision.html, revision.toc = rendered.html, rendered.toc
            batch.append(revision)
        if len(batch) >= chunk:
            Revision.objects.bulk_update(batch, ["html", "toc"])
            changed, batch = changed + len(batch), []
    Revision.objects.bulk_update(batch, ["html", "toc"])
    return changed + len(batch)


def key_papers_lead(*, concept: Concept, wanted: list[tuple[Paper, str]]) -> bool:
    """``concept``'s key papers start with ``wanted`` (each a paper and its note), in
    order; the others the wiki added are kept after them. Returns whether anything changed.
    (Its revision records the rows with ``concept_links.links_record``.)"""
    existing = {k.paper_id: k for k in KeyPaper.objects.filter(concept=concept)}
    changed = False
    for position, (paper, note) in enumerate(wanted):
        key = existing.pop(paper.pk, None)
        if key is None:
            KeyPaper.objects.create(concept=concept, paper=paper, position=position, note=note)
            changed = True
        elif (key.position, key.note) != (position, note):
            key.position, key.note = position, note
            key.save(update_fields=["position", "note"])
            changed = True
    for offset, key in enumerate(sorted(existing.values(), key=lambda k: k.position)):
        if key.position != len(wanted) + offset:
            key.position = len(wanted) + offset
            key.save(update_fields=["position"])
    return changed


def related_add(*, concept: Concept, others: list[Concept]) -> bool:
    """``others`` become related concepts of ``concept`` (none is ever removed here).
    Returns whether one was added."""
    current = set(concept.related.values_list("pk", flat=True))
    added = [o for o in dict.fromkeys(others) if o.pk != concept.pk and o.pk not in current]
    if added:
        concept.related.add(*added)
    return bool(added)
