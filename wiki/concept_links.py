"""A concept's key papers, related concepts and aliases as part of its revisions.

The live tables (``KeyPaper``, ``Concept.related``, ``ConceptAlias``) hold what readers
see. Each revision saved from the edit form also holds a snapshot of the three
(``Revision.links``), so they follow the body's rules: a contributor's change waits in a
pending revision, publishing applies it, history and diff show it, revert restores it.
A revision without a snapshot (older ones, imports) leaves the three as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models.functions import Lower

from papers.models import Paper
from wiki.merge import MergeConflict, merge_value
from wiki.models import Concept, ConceptAlias, KeyPaper, Revision

LINK_FIELDS = {"key_papers": "key papers", "related": "related concepts", "aliases": "aliases"}


class AliasTaken(ValueError):
    """An alias is another concept's title or alias."""


@dataclass(frozen=True)
class ConceptLinks:
    key_papers: tuple[tuple[int, str], ...] = ()  # (paper id, note), in order
    related: tuple[int, ...] = field(default=())  # concept ids, sorted
    aliases: tuple[str, ...] = field(default=())  # sorted case-insensitively

    @classmethod
    def build(cls, *, key_papers, related, aliases) -> ConceptLinks:
        """Canonical form: a paper once, related sorted, aliases unique and sorted."""
        seen: set[int] = set()
        rows = []
        for paper_id, note in key_papers:
            if paper_id not in seen:
                seen.add(paper_id)
                rows.append((int(paper_id), (note or "").strip()[:500]))
        names: dict[str, str] = {}
        for name in aliases:
            name = " ".join(name.split())[:200]
            if name:
                names.setdefault(name.lower(), name)
        return cls(
            key_papers=tuple(rows),
            related=tuple(sorted({int(pk) for pk in related})),
            aliases=tuple(sorted(names.values(), key=str.lower)),
        )

    @classmethod
    def from_json(cls, data: dict | None) -> ConceptLinks | None:
        if data is None:
            return None
        return cls.build(
            key_papers=[(row["paper"], row.get("note", "")) for row in data.get("key_papers", [])],
            related=data.get("related", []),
            aliases=data.get("aliases", []),
        )

    def as_json(self) -> dict:
        return {
            "key_papers": [{"paper": pk, "note": note} for pk, note in self.key_papers],
            "related": list(self.related),
            "aliases": list(self.aliases),
        }


def links_of(concept: Concept) -> ConceptLinks:
    """What readers see now, from the live tables (three queries)."""
    return ConceptLinks.build(
        key_papers=concept.key_papers.order_by("position", "id").values_list("paper_id", "note"),
        related=concept.related.values_list("pk", flat=True),
        aliases=concept.aliases.values_list("name", flat=True),
    )


def links_record(concepts) -> None:
    """Each concept's current revision records its live key papers, related concepts and
    aliases: for writers that set those rows without a revision (the notes importer through
    ``services.key_papers_lead`` and ``related_add``, the demo), so the next edit's diff and
    merge start from what readers saw."""
    for concept in concepts:
        if concept.current_revision_id is not None:
            Revision.objects.filter(pk=concept.current_revision_id).update(
                links=links_of(concept).as_json()
            )


def revision_links(revision: Revision | None) -> ConceptLinks | None:
    return None if revision is None else ConceptLinks.from_json(revision.links)


def links_merge(
    *, base: ConceptLinks | None, current: ConceptLinks, mine: ConceptLinks
) -> tuple[ConceptLinks, list[str]]:
    """Each of the three is one value: whoever changed it wins; both changing it
    differently is a conflict. Returns the merge and the names of conflicting parts."""
    base = current if base is None else base
    merged, conflicts = {}, []
    for name, label in LINK_FIELDS.items():
        try:
            merged[name] = merge_value(
                getattr(base, name), getattr(current, name), getattr(mine, name)
            )
        except MergeConflict:
            conflicts.append(label)
            merged[name] = getattr(mine, name)
    return ConceptLinks(**merged), conflicts


def aliases_taken(names, *, concept: Concept | None) -> list[str]:
    """The names that are another concept's title or alias (case-insensitively)."""
    lowered = {name.lower(): name for name in names}
    if not lowered:
        return []
    titles = Concept.objects.annotate(low=Lower("title")).filter(low__in=lowered)
    aliases = ConceptAlias.objects.annotate(low=Lower("name")).filter(low__in=lowered)
    if concept is not None:
        titles = titles.exclude(pk=concept.pk)
        aliases = aliases.exclude(concept=concept)
    taken = set(titles.values_list("low", flat=True)) | set(aliases.values_list("low", flat=True))
    return [lowered[low] for low in sorted(taken)]


def links_apply(concept: Concept, links: ConceptLinks, *, unique_slug) -> None:
    """Make the live tables say what ``links`` says (the concept is locked by the caller)."""
    taken = aliases_taken(links.aliases, concept=concept)
    if taken:
        raise AliasTaken(f"“{taken[0]}” is now another concept's title or alias.")
    KeyPaper.objects.filter(concept=concept).delete()
    KeyPaper.objects.bulk_create(
        KeyPaper(concept=concept, paper_id=pk, position=position, note=note)
        for position, (pk, note) in enumerate(links.key_papers, start=1)
    )
    concept.related.set([pk for pk in links.related if pk != concept.pk])
    wanted = {name.lower(): name for name in links.aliases if name.lower() != concept.title.lower()}
    concept.aliases.exclude(name__in=list(wanted.values())).delete()
    have = {name.lower() for name in concept.aliases.values_list("name", flat=True)}
    for low, name in wanted.items():
        if low not in have:
            ConceptAlias.objects.create(concept=concept, name=name, slug=unique_slug(name))


def links_changes(old: ConceptLinks | None, new: ConceptLinks | None) -> list[str]:
    """The differences in words, for the diff page ("Added key paper …")."""
    if old is None or new is None or old == new:
        return []
    paper_ids = {pk for pk, _ in old.key_papers + new.key_papers}
    titles = dict(Paper.objects.filter(pk__in=paper_ids).values_list("pk", "title"))
    names = dict(
        Concept.objects.filter(pk__in=set(old.related + new.related)).values_list("pk", "title")
    )

    def paper(pk: int) -> str:
        return f"“{titles.get(pk, f'paper {pk}')}”"

    out: list[str] = []
    old_notes, new_notes = dict(old.key_papers), dict(new.key_papers)
    out += [f"Added key paper {paper(pk)}." for pk in new_notes if pk not in old_notes]
    out += [f"Removed key paper {paper(pk)}." for pk in old_notes if pk not in new_notes]
    for pk, note in new_notes.items():
        if pk in old_notes and old_notes[pk] != note:
            out.append(
                f"Changed the note on {paper(pk)} to “{note}”."
                if note
                else f"Removed the note on {paper(pk)}."
            )
    kept_old = [pk for pk, _ in old.key_papers if pk in new_notes]
    kept_new = [pk for pk, _ in new.key_papers if pk in old_notes]
    if kept_old != kept_new:
        out.append("Reordered the key papers: " + ", ".join(paper(pk) for pk in kept_new) + ".")
    out += [
        f"Added related concept “{names.get(pk, pk)}”."
        for pk in new.related
        if pk not in old.related
    ]
    out += [
        f"Removed related concept “{names.get(pk, pk)}”."
        for pk in old.related
        if pk not in new.related
    ]
    old_aliases = {a.lower() for a in old.aliases}
    new_aliases = {a.lower() for a in new.aliases}
    out += [f"Added alias “{a}”." for a in new.aliases if a.lower() not in old_aliases]
    out += [f"Removed alias “{a}”." for a in old.aliases if a.lower() not in new_aliases]
    return out
