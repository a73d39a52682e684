from __future__ import annotations

import re

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

# What the notes importer writes as the edit summary of a revision it makes (importer.load).
IMPORTED_FROM = re.compile(r"^Imported from (?P<source>.+?)(?: \[import \w+\])?$")


class ConceptQuerySet(models.QuerySet):
    def published(self) -> ConceptQuerySet:
        """Concepts readers can see: those with an approved revision."""
        return self.filter(current_revision__isnull=False)


def published_topics(*fields: str) -> models.Prefetch:
    """A ``topics`` prefetch that leaves out concepts still waiting for review, so a paper
    or an entry filed under one never shows its title to readers (issue #27)."""
    concepts = ConceptQuerySet(Concept).published()
    return models.Prefetch("topics", queryset=concepts.only(*fields) if fields else concepts)


class Concept(models.Model):
    """A wiki page. Its title, summary and body live in immutable revisions; the concept
    row mirrors the current (last approved) one so lists never join revisions."""

    title = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=200, unique=True)
    summary = models.TextField(blank=True, help_text="A one-paragraph definition.")
    related = models.ManyToManyField("self", symmetrical=True, blank=True)
    current_revision = models.OneToOneField(
        "Revision",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The revision readers see: the last approved one.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    # Weighted title, summary and current body; kept current by search.selectors, PostgreSQL only.
    search_vector = SearchVectorField(null=True, blank=True, editable=False)

    objects = ConceptQuerySet.as_manager()

    class Meta:
        ordering = [Lower("title")]
        constraints = [
            models.UniqueConstraint(Lower("title"), name="concept_title_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("wiki:concept", kwargs={"slug": self.slug})


class ConceptAlias(models.Model):
    """An alternate title: its slug resolves and redirects to the concept."""

    concept = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="aliases")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200, unique=True)

    class Meta:
        ordering = [Lower("name")]
        verbose_name_plural = "concept aliases"
        constraints = [
            models.UniqueConstraint(Lower("name"), name="alias_name_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class RevisionStatus(models.TextChoices):
    PUBLISHED = "published", "published"
    PENDING = "pending", "pending"
    REJECTED = "rejected", "rejected"


class Revision(models.Model):
    """One immutable, numbered version of a concept's full text."""

    concept = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    body = models.TextField(blank=True)
    html = models.TextField(blank=True, help_text="The body rendered and sanitised at save time.")
    toc = models.TextField(blank=True, help_text="The body's table of contents, rendered with it.")
    size = models.PositiveIntegerField(default=0, help_text="Length of the body in characters.")
    edit_summary = models.CharField(max_length=300, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="revisions",
    )
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        max_length=16, choices=RevisionStatus.choices, default=RevisionStatus.PUBLISHED
    )
    base_revision = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The revision this text is built on: the one the author started from, or "
        "the one their edit was merged onto.",
    )
    merged = models.BooleanField(
        default=False, help_text="The edit was three-way merged with changes made meanwhile."
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_comment = models.TextField(blank=True)
    links = models.JSONField(
        null=True,
        blank=True,
        help_text="Key papers, related concepts and aliases as this revision has them "
        "(wiki.concept_links); empty when the revision left them as they were.",
    )

    class Meta:
        ordering = ["concept", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["concept", "number"], name="revision_number_unique"),
        ]
        indexes = [
            models.Index(fields=["status", "created"]),
            models.Index(fields=["-created"]),
        ]
        permissions = [("review_revision", "Can approve or reject pending concept revisions")]

    def __str__(self) -> str:
        return f"{self.title} r{self.number}"

    def get_absolute_url(self) -> str:
        return reverse("wiki:revision", kwargs={"slug": self.concept.slug, "number": self.number})

    @property
    def is_pending(self) -> bool:
        return self.status == RevisionStatus.PENDING

    @property
    def byline(self) -> str:
        """Who made it, in words: "by erin"; a revision the notes importer made has no
        author but a source: "imported from reward_modeling.txt"."""
        if self.author_id is not None:
            return f"by {self.author.get_username()}"
        found = IMPORTED_FROM.match(self.edit_summary)
        if found:
            return f"imported from {found['source']}"
        if "by an import" in self.edit_summary:
            return "imported"
        return "by an unknown author"


class KeyPaper(models.Model):
    """A paper a concept page lists among its key papers, in order, with a short note."""

    concept = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="key_papers")
    paper = models.ForeignKey("papers.Paper", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField(default=0)
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["concept", "position"]
        constraints = [
            models.UniqueConstraint(fields=["concept", "paper"], name="key_paper_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.concept}: {self.paper}"


class ConceptLink(models.Model):
    """A wikilink from one concept's published text to another concept: the "Linked from"
    list reads this table instead of searching every page's HTML."""

    source = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="links_out")
    target = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="links_in")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["source", "target"], name="concept_link_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.source_id} -> {self.target_id}"


class WantedLink(models.Model):
    """A wikilink in a concept's published text to a title with no page yet. When a page
    with that title (or alias) appears, the linking pages are re-rendered so the red
    "create this page" link becomes an ordinary one."""

    source = models.ForeignKey(Concept, on_delete=models.CASCADE, related_name="wanted_links")
    title = models.CharField(max_length=200, help_text="The missing title, lower-cased.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["source", "title"], name="wanted_link_unique"),
        ]
        indexes = [models.Index(fields=["title"], name="wanted_link_title_idx")]

    def __str__(self) -> str:
        return f"{self.source_id} -> {self.title!r}"
