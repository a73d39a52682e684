from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse


class ConceptQuerySet(models.QuerySet):
    def published(self) -> ConceptQuerySet:
        """Concepts readers can see: those with an approved revision."""
        return self.filter(current_revision__isnull=False)


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
        help_text="The revision the author started editing from.",
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
        return reverse("wiki:history", kwargs={"slug": self.concept.slug}) + f"?r={self.number}"


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
