from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models
from django.db.models import Count, F, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce, Lower, Upper
from django.urls import reverse
from django.utils import timezone

from entries.models import Claim, EntryStatus
from papers.dates import DAY, MONTH, YEAR, PartialDate, partial_date
from papers.people import (
    InvalidPerson,
    Person,
    people_from_json,
    people_from_text,
    people_stored,
)

# The organisation suggestions of the papers filter; every write that can change them
# deletes the key.
ORGANISATIONS_CACHE_KEY = "papers:organisations"


class ReadLevel(models.TextChoices):
    FULL_TEXT = "full_text", "full text"
    ABSTRACT_ONLY = "abstract_only", "abstract only"
    METADATA_ONLY = "metadata_only", "metadata only"


class DatePrecision(models.TextChoices):
    DAY = DAY, "full date"
    MONTH = MONTH, "year and month"
    YEAR = YEAR, "year only"


class EntryType(models.TextChoices):
    """What kind of publication a paper is, named as BibTeX names it; blank for a preprint
    or anything else (exported as ``@misc``)."""

    ARTICLE = "article", "journal article"
    INPROCEEDINGS = "inproceedings", "conference paper"
    INCOLLECTION = "incollection", "book chapter"
    BOOK = "book", "book"
    TECHREPORT = "techreport", "report"
    PHDTHESIS = "phdthesis", "PhD thesis"
    MASTERSTHESIS = "mastersthesis", "master's thesis"


def validate_author_list(value: object) -> None:
    """Authors are stored as ``[{"family": …, "given": …, "particle": …, "suffix": …}, {"literal":
    …}]``: the shape is checked wherever a model form or full_clean saves one."""
    try:
        people_from_json(value)
    except InvalidPerson as exc:
        raise ValidationError(str(exc)) from None


class PaperQuerySet(models.QuerySet):
    def with_claim_count(self) -> PaperQuerySet:
        """Annotate ``claim_count``: claims of published entries citing each paper.

        A correlated subquery rather than a join and GROUP BY, so a page of 25 papers
        costs 25 index lookups instead of aggregating every claim before the LIMIT.
        """
        counts = (
            Claim.objects.filter(paper=OuterRef("pk"), entry__status=EntryStatus.PUBLISHED)
            .order_by()
            .values("paper")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return self.annotate(
            claim_count=Coalesce(Subquery(counts, output_field=models.IntegerField()), Value(0))
        )


class Paper(models.Model):
    arxiv_id = models.CharField(
        "arXiv id",
        max_length=40,
        null=True,
        blank=True,
        help_text="Normalised, without version suffix: 2608.17528 or hep-th/9901001.",
    )
    arxiv_version = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The arXiv version cited (the v in 2608.17528v2)."
    )
    doi = models.CharField("DOI", max_length=200, blank=True)
    # Given once (papers.keys) and never reassigned; NULL only for rows bulk-loaded outside
    # the services (synthetic benchmark data), which export as ``paper<id>``.
    citation_key = models.CharField(
        "citation key",
        max_length=100,
        null=True,
        blank=True,
        help_text="How LaTeX cites the paper: \\cite{key}. Only an editor changes it.",
    )
    url = models.URLField("URL", max_length=500, blank=True)
    title = models.CharField(max_length=500)
    # The authors in the paper's order, each a person (papers.people): the record exports and
    # the edit form read. ``authors`` holds the same names as shown and searched ("Jan van
    # der Berg, World Health Organization"), written with it by the services.
    author_list = models.JSONField(
        "authors (structured)",
        default=list,
        blank=True,
        db_default=[],  # bulk loads (COPY) name only the columns they fill
        validators=[validate_author_list],
    )
    authors = models.TextField(blank=True, help_text="The names as shown, in the paper's order.")
    organisation = models.CharField(max_length=300, blank=True)
    published = models.DateField(
        null=True, blank=True, help_text="First publication (arXiv v1) date."
    )
    # How much of ``published`` the source gave: a year-only date is stored as 1 January
    # so filters and sorts work on one column, and is shown and exported as the year.
    published_precision = models.CharField(
        "date precision",
        max_length=5,
        choices=DatePrecision.choices,
        default=DatePrecision.DAY,
        db_default=DatePrecision.DAY,  # bulk loads (COPY) name only the columns they fill
    )
    added = models.DateTimeField(auto_now_add=True, help_text="When the paper joined the library.")
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who added the paper (empty for imports and bulk loads).",
    )
    updated = models.DateTimeField(auto_now=True)
    # Where the paper appeared, as reference managers keep it.
    entry_type = models.CharField(
        "publication type",
        max_length=20,
        choices=EntryType.choices,
        blank=True,
        default="",
        db_default="",
    )
    journal = models.CharField(max_length=300, blank=True, default="", db_default="")
    booktitle = models.CharField(
        "proceedings or book",
        max_length=500,
        blank=True,
        default="",
        db_default="",
        help_text="For a conference paper or a chapter.",
    )
    volume = models.CharField(max_length=50, blank=True, default="", db_default="")
    issue = models.CharField(
        "issue or number", max_length=50, blank=True, default="", db_default=""
    )
    pages = models.CharField(
        max_length=50, blank=True, default="", db_default="", help_text="As 12--19."
    )
    publisher = models.CharField(
        "publisher or institution",
        max_length=300,
        blank=True,
        default="",
        db_default="",
        help_text="The university for a thesis, the institution for a report.",
    )
    abstract = models.TextField(blank=True)
    categories = models.CharField(max_length=300, blank=True)
    code_url = models.URLField("code URL", max_length=500, blank=True)
    read_level = models.CharField(
        max_length=16, choices=ReadLevel.choices, default=ReadLevel.METADATA_ONLY
    )
    topics = models.ManyToManyField("wiki.Concept", blank=True, related_name="papers")
    # Weighted title, authors and abstract. On PostgreSQL a trigger (migration 0004) keeps
    # it current on every insert and update, whatever writes the row; NULL on SQLite.
    search_vector = SearchVectorField(null=True, blank=True, editable=False)

    objects = PaperQuerySet.as_manager()

    class Meta:
        ordering = ["-published", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["arxiv_id"],
                condition=Q(arxiv_id__isnull=False) & ~Q(arxiv_id=""),
                name="paper_arxiv_id_unique",
            ),
            # BibTeX compares keys ignoring case: two papers never differ only by it.
            models.UniqueConstraint(Lower("citation_key"), name="paper_citation_key_unique"),
        ]
        indexes = [
            models.Index(fields=["-published", "-id"], name="paper_published_idx"),
            models.Index(fields=["-added", "-id"], name="paper_added_id_idx"),
            models.Index(fields=["read_level"], name="paper_read_level_idx"),
            models.Index(fields=["organisation"], name="paper_organisation_idx"),
            # The organisation filter ignores case; the sort by title too.
            models.Index(Upper("organisation"), name="paper_organisation_ci_idx"),
            models.Index(Lower("title"), F("id"), name="paper_title_idx"),
            # PostgreSQL only (migration 0003): full-text GIN index for the search box and
            # "published DESC NULLS LAST" for the default sort.
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("papers:detail", kwargs={"key": self.url_key})

    @property
    def url_key(self) -> str:
        """What the paper's addresses carry: its arXiv id, or its primary key without one."""
        return self.arxiv_id or str(self.pk)

    @property
    def venue_label(self) -> str:
        """``Nature 5(3), 12-19``, ``In Proc. ACL, 12-19``, ``MIT Press``: where it appeared
        (page ranges with an en dash)."""
        where = self.journal or (f"In {self.booktitle}" if self.booktitle else "")
        if self.volume:
            where += f" {self.volume}" + (f"({self.issue})" if self.issue else "")
        elif self.issue:
            where += f", no. {self.issue}"
        parts = [where.strip(), self.pages.replace("--", "\u2013"), self.publisher]
        return ", ".join(part for part in parts if part)

    @property
    def published_date(self) -> PartialDate | None:
        """The publication date with only the parts that are known."""
        return partial_date(self.published, self.published_precision)

    @property
    def cite_key(self) -> str:
        """The key exports cite the paper by."""
        return self.citation_key or f"paper{self.pk}"

    @property
    def people(self) -> list[Person]:
        """The authors in order: the stored list, or, for a row written without one (a bulk
        load), the names of ``authors`` read as the one-string form they are in."""
        if self.author_list:
            try:
                return people_stored(self.author_list)
            except TypeError:
                pass  # written around the validators: the shown names still stand
        return people_from_text(self.authors)

    @property
    def author_names(self) -> list[str]:
        return [person.display for person in self.people]

    @property
    def id_label(self) -> str:
        """``arXiv:2306.13649v3``, or the library's own ``Paper 12`` without an arXiv id."""
        if not self.arxiv_id:
            return f"Paper {self.pk}"
        return f"arXiv:{self.arxiv_id}" + (f"v{self.arxiv_version}" if self.arxiv_version else "")

    @property
    def cite_label(self) -> str:
        """How text cites the paper: ``Agarwal et al. 2023``, ``Agarwal and Chen 2023``,
        ``Agarwal 2023``; the (shortened) title when no author is recorded."""
        surnames = [person.surname for person in self.people]
        if len(surnames) > 2:
            who = f"{surnames[0]} et al."
        elif surnames:
            who = " and ".join(surnames)
        else:
            who = self.title if len(self.title) <= 40 else self.title[:39].rstrip() + "…"
        return f"{who} {self.published.year}" if self.published else who

    @property
    def short_authors(self) -> str:
        names = self.author_names
        if len(names) > 3:
            return f"{names[0]} et al."
        return ", ".join(names)

    @property
    def arxiv_abs_url(self) -> str:
        return f"https://arxiv.org/abs/{self.arxiv_id}" if self.arxiv_id else ""

    @property
    def arxiv_pdf_url(self) -> str:
        return f"https://arxiv.org/pdf/{self.arxiv_id}" if self.arxiv_id else ""


class PaperChange(models.Model):
    """One field of a paper changed: who, when, from what, to what. Papers are shared
    records that published text cites, so every change to an existing paper is kept, shown
    on the paper's page and in recent changes, and can be reverted (issue #27)."""

    paper = models.ForeignKey(Paper, on_delete=models.CASCADE, related_name="changes")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty for imports and commands.",
    )
    created = models.DateTimeField(default=timezone.now, db_index=True)
    field = models.CharField(max_length=40)
    before = models.TextField(blank=True)
    after = models.TextField(blank=True)
    reverts = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["paper", "-created"], name="paperchange_paper_idx")]

    def __str__(self) -> str:
        return f"{self.paper_id} {self.field}: {self.before[:30]} → {self.after[:30]}"

    @property
    def label(self) -> str:
        try:
            return str(Paper._meta.get_field(self.field).verbose_name)
        except FieldDoesNotExist:  # a field since removed keeps its stored name
            return self.field.replace("_", " ")


class MonthCount(models.Model):
    """Papers published in a month under a topic (``topic`` 0: the whole library), as a
    change: the month's count is the sum of its rows. Written only by the database's
    triggers (papers/month_counts.py), which add a row per statement and never update one,
    so that no writer waits for another's; reading folds the rows of a key into one."""

    topic = models.BigIntegerField()  # a concept's id, or 0
    month = models.DateField()  # its first day
    papers = models.IntegerField()

    class Meta:
        verbose_name = "papers per month"
        verbose_name_plural = "papers per month"
        indexes = [models.Index(fields=["topic", "month"], name="papers_monthcount_key")]

    def __str__(self) -> str:
        return f"{self.papers:+} papers in {self.month:%Y-%m} under topic {self.topic}"


class WriteStamp(models.Model):
    """A write to the papers of a span (their rows or their topics): the database's
    triggers (papers/month_counts.py) add one row per statement and span, with an id never
    given before. A span's stamp is the set of its rows' ids, so it differs after every
    write, whatever order writers commit in; a search's chart, kept per filter, counts again
    only the spans whose stamp moved since it counted. Reading folds a span's rows into one
    row with a new id."""

    class Meta:
        abstract = True


class MonthTouch(WriteStamp):
    """A month's stamp: only in a month whose stamp moved are its days' stamps read."""

    month = models.DateField(db_index=True)  # its first day

    class Meta:
        verbose_name = "papers' month written"
        verbose_name_plural = "papers' months written"

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} written (#{self.pk})"


class DayTouch(WriteStamp):
    """A day's stamp (``MonthTouch`` says which months to read them in)."""

    day = models.DateField(db_index=True)

    class Meta:
        verbose_name = "papers' day written"
        verbose_name_plural = "papers' days written"

    def __str__(self) -> str:
        return f"{self.day:%Y-%m-%d} written (#{self.pk})"
