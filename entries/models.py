from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Q
from django.urls import reverse

MAX_CLAIMS = 200  # claims of one entry, whatever path writes it


class EntryStatus(models.TextChoices):
    DRAFT = "draft", "draft"
    PENDING = "pending", "pending review"
    PUBLISHED = "published", "published"
    CHANGES_REQUESTED = "changes_requested", "changes requested"
    REJECTED = "rejected", "rejected"


class EvidenceLevel(models.TextChoices):
    """Where a mark's words stand (the precedence of ``evidence.LEVELS``), or an editor."""

    NONE = "", "not recorded"
    CLAIM = "claim", "the claim's own words"
    SECTION = "section", "the words of its section"
    PAGE = "page", "the page's shape"
    PAPER = "paper", "the cited paper's read level"
    EDITOR = "editor", "an editor"


class Evidence(models.TextChoices):
    UNMARKED = "unmarked", "unmarked"
    FULL_TEXT = "full_text", "full text"
    ABSTRACT_ONLY = "abstract_only", "abstract only"
    SECONDARY = "secondary", "secondary"
    EDITORIAL = "editorial", "editorial"


# The order an editor picks from: "full text", the strongest mark, is the furthest from
# "unmarked", so no stray arrow key on the select turns an unread claim into a checked one.
EVIDENCE_PICK_ORDER = (
    Evidence.UNMARKED,
    Evidence.ABSTRACT_ONLY,
    Evidence.SECONDARY,
    Evidence.EDITORIAL,
    Evidence.FULL_TEXT,
)

# What each level means, in a reader's words (the help page, the badges' tooltips).
EVIDENCE_MEANING = {
    Evidence.FULL_TEXT: "An editor checked this claim against the full text of the paper.",
    Evidence.ABSTRACT_ONLY: "Only the paper's abstract, or a summary of it, was read: the "
    "claim repeats what the authors say there, unchecked against the paper itself.",
    Evidence.SECONDARY: "Reported by someone other than the paper's authors (a blog post, a "
    "talk, another paper); the wiki has not checked it at the source.",
    Evidence.EDITORIAL: "The wiki's own reading or judgement, not a finding of the paper: "
    "labelled so that it is not taken for one.",
    Evidence.UNMARKED: "No editor has judged this claim's evidence yet: read it as unverified.",
}
EVIDENCE_SHORT = {
    Evidence.FULL_TEXT: "checked against the full paper",
    Evidence.ABSTRACT_ONLY: "only the abstract was read",
    Evidence.SECONDARY: "reported by others, not the authors",
    Evidence.EDITORIAL: "the wiki's own reading",
    Evidence.UNMARKED: "not yet judged by an editor",
}
# How readers see a level on a badge ("unmarked" is a reviewer's word).
EVIDENCE_BADGE = {**{v: label for v, label in Evidence.choices}, "unmarked": "not yet marked"}


class EntryQuerySet(models.QuerySet):
    def published(self) -> EntryQuerySet:
        return self.filter(status=EntryStatus.PUBLISHED)

    def pending(self) -> EntryQuerySet:
        return self.filter(status=EntryStatus.PENDING)

    def of_author(self, user) -> EntryQuerySet:
        return self.filter(author=user)

    def due_for_rereview(self, today: dt.date) -> EntryQuerySet:
        """Published entries whose re-review date is ``today`` or earlier."""
        return self.published().filter(revision_of=None, review_by__lte=today)


OPEN_STATUSES = (EntryStatus.DRAFT, EntryStatus.PENDING, EntryStatus.CHANGES_REQUESTED)


class Entry(models.Model):
    """A dated update (state of the art, or a news-style paper summary) made of claims."""

    date = models.DateField()
    headline = models.CharField(max_length=300)
    lead = models.TextField(blank=True, help_text="Markdown.")
    lead_html = models.TextField(blank=True)
    topics = models.ManyToManyField("wiki.Concept", blank=True, related_name="entries")
    papers = models.ManyToManyField(
        "papers.Paper", blank=True, related_name="entries", help_text="Papers the entry cites."
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
    )
    status = models.CharField(max_length=20, choices=EntryStatus.choices, default=EntryStatus.DRAFT)
    external_id = models.CharField(
        max_length=200,
        null=True,
        blank=True,
        unique=True,
        help_text="An id given by an outside pipeline, so a replayed submission updates.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    published_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(
        default=1,
        help_text="Goes up with every change of the text, topics, claims or marks: an approval "
        "or an edit names the version it saw and is refused if the entry moved on.",
    )
    submitted_at = models.DateTimeField(
        null=True, blank=True, help_text="When it last joined the review queue (its place there)."
    )
    revision_of = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="revisions",
        help_text="Set on a proposed revision of a published entry: the entry it would "
        "replace once approved. Readers keep seeing that entry meanwhile.",
    )

    review_by = models.DateField(
        null=True,
        blank=True,
        help_text="Set by an editor on a published State of the Art entry: on and after this "
        "date its concept says it is due for re-review. Scheduling, not content: it changes "
        "no text and needs no revision.",
    )

    # Weighted headline, lead and claim text; kept current by search.selectors, PostgreSQL only.
    search_vector = SearchVectorField(null=True, blank=True, editable=False)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name_plural = "entries"
        indexes = [
            models.Index(fields=["status", "-date"], name="entry_status_date_idx"),
            models.Index(fields=["-date", "-id"], name="entry_date_idx"),
            models.Index(fields=["status", "submitted_at", "id"], name="entry_queue_idx"),
            # The "due for re-review" list: the few entries with a date, oldest first.
            models.Index(
                fields=["review_by", "id"],
                name="entry_review_by_idx",
                condition=Q(review_by__isnull=False),
            ),
        ]
        constraints = [
            # One open revision per published entry: two authors editing at once must not
            # each start a revision that would silently overwrite the other's on approval.
            models.UniqueConstraint(
                fields=["revision_of"],
                condition=Q(status__in=OPEN_STATUSES),
                name="entry_one_open_revision",
            ),
        ]
        permissions = [
            ("review_entry", "Can approve, reject or request changes on entries"),
            ("mark_evidence", "Can set evidence levels and caveats on claims"),
        ]

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} {self.headline}"

    def get_absolute_url(self) -> str:
        return reverse("entries:detail", kwargs={"pk": self.pk})

    @property
    def is_revision(self) -> bool:
        return self.revision_of_id is not None

    def rereview_due(self, today: dt.date) -> bool:
        """On and after its re-review date, a published entry is due for re-review."""
        return self.review_by is not None and self.review_by <= today


class Caveat(models.Model):
    """One entry of the editable caveat vocabulary ("no figure stated", ...)."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    description = models.CharField(max_length=300, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class Claim(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveIntegerField(default=0)
    text = models.TextField(help_text="Short Markdown.")
    html = models.TextField(blank=True)
    paper = models.ForeignKey(
        "papers.Paper",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="claims",
    )
    quote = models.TextField(blank=True, help_text="Verbatim from the source.")
    evidence = models.CharField(max_length=16, choices=Evidence.choices, default=Evidence.UNMARKED)
    caveats = models.ManyToManyField(Caveat, blank=True, related_name="claims")
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    marked_at = models.DateTimeField(null=True, blank=True)
    evidence_reason = models.TextField(
        blank=True,
        help_text="Why the evidence level is what it is: the note's own words that say so, "
        "or the editor's note (e.g. why “full text” on a paper read only in abstract).",
    )
    evidence_level = models.CharField(
        max_length=8,
        choices=EvidenceLevel.choices,
        default=EvidenceLevel.NONE,
        blank=True,
        help_text="Which words gave the evidence level: the claim's, its section's, the "
        "page's shape, the cited paper's read level, or an editor.",
    )
    caveat_reasons = models.JSONField(
        default=dict, blank=True, help_text="Caveat name → the words that set it."
    )
    origin = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="On a revision's claim: the published claim it rewrites (for the diff).",
    )

    class Meta:
        ordering = ["entry", "position", "id"]
        indexes = [
            models.Index(fields=["evidence"], name="claim_evidence_idx"),
        ]

    def __str__(self) -> str:
        return self.text[:80]


# Events whose actor wrote (some of) the entry's text: every one of them is a writer that
# the four-eyes rule keeps from approving it.
WRITE_ACTIONS = ("created", "imported", "edited", "started a revision", "updated by resubmission")
MARK_CHANGED = "changed a mark"  # an editor's correction of a published claim's marks


class EntryEvent(models.Model):
    """The log of an entry's life: every transition, with who, when and why."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="events")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=40)
    from_status = models.CharField(max_length=20, blank=True)
    to_status = models.CharField(max_length=20, blank=True)
    comment = models.TextField(blank=True)
    detail = models.JSONField(
        default=dict,
        blank=True,
        help_text="What changed, as data: e.g. a mark's claim, its evidence and caveats from "
        "and to.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["-created"], name="entryevent_created_idx")]

    def __str__(self) -> str:
        return f"{self.entry_id} {self.action}"
