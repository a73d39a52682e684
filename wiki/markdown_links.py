"""Where the renderer's links lead (``core.markdown``): a ``[[Title]]`` to its concept, by
title or alias, an arXiv id to its paper in the library; registered in ``apps.py``.

A wikilink to a concept that has no published text yet (a proposal waiting for review) is
rendered like a link to a missing page: readers never learn of the proposal through it.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.db.models import Exists, OuterRef
from django.db.models.functions import Lower
from django.urls import reverse

from core.markdown import WIKILINK, Link
from papers.identifiers import IN_TEXT
from papers.models import Paper
from wiki.models import Concept, ConceptAlias, Revision, RevisionStatus


class WikiLinks:
    """Looks up every wikilink target and arXiv id of one text in up to three queries."""

    def __init__(self, text: str) -> None:
        titles = {m.group(1).strip().lower() for m in WIKILINK.finditer(text)}
        self.concepts: dict[str, tuple[int, str]] = {}
        self.proposed: set[str] = set()  # titles of concepts not published yet
        if titles:
            waiting = Revision.objects.filter(concept=OuterRef("pk"), status=RevisionStatus.PENDING)
            for pk, title, slug, current, pending in (
                Concept.objects.annotate(lt=Lower("title"), pending=Exists(waiting))
                .filter(lt__in=titles)
                .values_list("pk", "title", "slug", "current_revision_id", "pending")
            ):
                if current is not None:
                    self.concepts[title.lower()] = (pk, slug)
                elif pending:
                    self.proposed.add(title.lower())
            missing = titles - self.concepts.keys() - self.proposed
            if missing:
                for name, pk, slug in (
                    ConceptAlias.objects.annotate(ln=Lower("name"))
                    .filter(ln__in=missing, concept__current_revision__isnull=False)
                    .values_list("name", "concept_id", "concept__slug")
                ):
                    self.concepts[name.lower()] = (pk, slug)
        ids = {m.group("id") for m in IN_TEXT.finditer(text)}
        self.papers: dict[str, int] = {}
        if ids:
            self.papers = dict(Paper.objects.filter(arxiv_id__in=ids).values_list("arxiv_id", "pk"))
        self.linked_concept_ids: set[int] = set()
        self.missing_titles: set[str] = set()
        self.linked_paper_ids: set[int] = set()

    def concept(self, target: str) -> Link:
        found = self.concepts.get(target.lower())
        if found:
            pk, slug = found
            self.linked_concept_ids.add(pk)
            return Link(reverse("wiki:concept", kwargs={"slug": slug}), "wikilink")
        # Readers see a proposed page as missing; signed-in people are told it is proposed
        # (the stylesheet shows the extra class to them only).
        self.missing_titles.add(target)
        proposed = target.lower() in self.proposed
        return Link(
            reverse("wiki:new") + "?" + urlencode({"title": target}),
            "wikilink wikilink-missing" + (" wikilink-proposed" if proposed else ""),
            f"“{target}” has no page yet",
        )

    def paper(self, arxiv_id: str) -> Link:
        pk = self.papers.get(arxiv_id)
        if pk is None:
            # Stored HTML is the same for every reader, so this is a plain link; the page
            # it opens sends a reader who may not add papers to log in first.
            return Link(
                reverse("papers:new") + "?" + urlencode({"arxiv_id": arxiv_id}),
                title="Not in the library yet: add it",
            )
        self.linked_paper_ids.add(pk)
        return Link(reverse("papers:detail", kwargs={"key": arxiv_id}), "paper-link")
