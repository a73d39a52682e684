"""The papers list filter: every GET parameter of /papers/ and how it narrows the set."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from html import escape
from typing import Any

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Expression, F, Q, QuerySet
from django.db.models.functions import Lower
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from core import fulltext
from core.cache import cached_library
from core.fulltext import GIN_FENCE, is_common, matches, raw_tsquery, search_terms, tsquery
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import Paper, ReadLevel
from wiki.models import Concept

SORTS = {
    "newest": (F("published").desc(nulls_last=True), F("id").desc()),
    "oldest": (F("published").asc(nulls_last=True), F("id").asc()),
    "title": (Lower("title").asc(), F("id").asc()),
    "added": (F("added").desc(), F("id").desc()),
}
SORT_CHOICES = [
    ("newest", "Newest first"),
    ("oldest", "Oldest first"),
    ("title", "Title A to Z"),
    ("added", "Recently added"),
]
DEFAULT_SORT = "newest"
NEWEST = SORTS["newest"]
DATE_ERROR = "Not a date: write it as YYYY-MM-DD, such as 2026-03-01."


@dataclass(frozen=True)
class TextFilter:
    condition: Q | Expression
    common: bool = False  # the words are in a large share of the library (see core.fulltext)


def paper_text_filter(text: str, *, version: str | None = None) -> TextFilter | None:
    """The condition for papers matching every word of ``text`` in title, authors or abstract.

    An arXiv id (in any spelling) finds that paper. On PostgreSQL each word is a prefix
    of a stemmed word (so results follow the typing); elsewhere a substring; accents and
    case ignored on both (core.accents). ``version``:
    the library version the request read first, if it did (see ``_is_common``).
    """
    text = text.strip()
    try:
        return TextFilter(Q(arxiv_id=parse_arxiv_id(text).id))
    except InvalidArxivId:
        pass
    return _words_filter(text, ("title", "authors", "abstract"), version=version)


def paper_author_filter(text: str, *, version: str | None = None) -> TextFilter | None:
    """The condition for papers with every word of ``text`` among their authors' names (a
    family name, "van der Berg", an organisation): on PostgreSQL the authors' part of the
    search vector (weight B), through the same index as the search box."""
    return _words_filter(text.strip(), ("authors",), weights="B", version=version)


def _words_filter(
    text: str, columns: tuple[str, ...], *, weights: str = "", version: str | None = None
) -> TextFilter | None:
    terms = search_terms(text)
    if not terms:
        return None
    if connection.vendor != "postgresql":
        condition = Q()
        for term in terms:
            either = Q()
            for column in columns:
                either |= Q(**{f"{column}__unaccent__icontains": term})
            condition &= either
        return TextFilter(condition)
    raw = raw_tsquery(terms, all_prefixes=True, weights=weights)
    if _is_common(raw, version):
        # Most papers match: walking the sort's index, testing each row, fills a page at
        # once, where the GIN index would hand over every match first.
        return TextFilter(matches(raw), common=True)
    # Few papers match: the GIN index finds them. The LIMIT keeps the subquery apart, so
    # the planner cannot turn it into a walk of the date index testing every row.
    fenced = Paper.objects.filter(search_vector=tsquery(raw)).order_by().values("pk")
    return TextFilter(Q(pk__in=fenced[:GIN_FENCE]))


def _is_common(raw: str, version: str | None = None) -> bool:
    """core.fulltext.is_common over the library, once per library version and words."""
    settings = f"{fulltext.SAMPLE_SIZE}:{fulltext.COMMON_MATCHES}"
    key = hashlib.sha256(f"{settings}:{raw}".encode()).hexdigest()
    judge = lambda: is_common(Paper.objects.all(), NEWEST, raw)  # noqa: E731
    return cached_library(f"papers-common:{key}", judge, version=version, memoize=False)


def paper_search(queryset: QuerySet[Paper], text: str) -> QuerySet[Paper]:
    """Papers of ``queryset`` matching every word of ``text``; see paper_text_filter."""
    text_filter = paper_text_filter(text)
    return queryset if text_filter is None else queryset.filter(text_filter.condition)


TOPICS = Concept.objects.published().only("id", "title", "slug").order_by(Lower("title"))


def topic_choices(version: str | None = None) -> tuple[tuple[int, str, str], ...]:
    """Every topic the filter offers and accepts, as (id, slug, title) by title: read once
    per library version (a topic added, renamed or deleted replaces it). ``version``: the
    library version the request read first, if it did."""
    return cached_library(
        "papers-topic-choices",
        lambda: tuple(TOPICS.values_list("id", "slug", "title")),
        version=version,
    )


class TopicChoiceField(django_filters.fields.ModelMultipleChoiceField):
    library_version: str | None = None  # set by PaperFilter

    def label_from_instance(self, obj: Concept) -> str:
        return obj.title

    def _check_values(self, value) -> list[Concept]:
        """Django's checks against the cached topics rather than a query: the chosen
        topics in the field's order, or the first unknown slug as an invalid choice."""
        try:
            value = frozenset(value)
        except TypeError as exc:  # list of lists isn't hashable, for example
            invalid = self.error_messages["invalid_list"]
            raise ValidationError(invalid, code="invalid_list") from exc
        for slug in value:
            self.validate_no_null_characters(slug)
        topics = topic_choices(self.library_version)
        chosen = [(pk, slug, title) for pk, slug, title in topics if slug in value]
        known = {slug for _, slug, _ in chosen}
        for val in value:
            if str(val) not in known:
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": val},
                )
        return [Concept(id=pk, slug=slug, title=title) for pk, slug, title in chosen]


class TopicFilter(django_filters.ModelMultipleChoiceFilter):
    field_class = TopicChoiceField


class TopicSelect(forms.SelectMultiple):
    """The topic list, written in Python with Django's markup.

    Django renders every option through its own templates, from a model instance each:
    with hundreds of topics that was most of the list page's time. Topics have no groups,
    so neither has this; it reads each topic's slug (the value) and title (the label) from
    topic_choices().
    """

    library_version: str | None = None  # set by PaperFilter

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        attrs = {**self.build_attrs(self.attrs, attrs), "multiple": True}
        chosen = set(self.format_value(value))
        options = "".join(
            f'\n  <option value="{escape(slug)}"{" selected" if slug in chosen else ""}>'
            f"{escape(title)}</option>"
            for _, slug, title in topic_choices(self.library_version)
        )
        return format_html(
            '<select name="{}"{}>{}\n</select>',
            name,
            flatatt(attrs),
            mark_safe(options),  # every slug and title escaped above
        )


class PaperFilterForm(forms.Form):
    def clean(self) -> dict[str, Any]:
        data = super().clean()
        after, before = data.get("published_after"), data.get("published_before")
        if after and before and after > before:
            self.add_error(
                "published_before", "“Published before” must not be earlier than “Published after”."
            )
        return data


class PaperFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(
        label="Search",
        method="filter_q",
        max_length=200,
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Title, author, abstract or arXiv id"}
        ),
    )
    topic = TopicFilter(
        label="Topic",
        queryset=TOPICS,
        to_field_name="slug",
        method="filter_topic",
        widget=TopicSelect(attrs={"size": 6, "data-chip-picker": True}),
    )
    match = django_filters.ChoiceFilter(
        label="Match",
        # Not "any topic": the field labelled "Topic" must be the only one matching it.
        choices=[("any", "any chosen"), ("all", "all chosen")],
        method="filter_noop",
        empty_label=None,
        widget=forms.RadioSelect,
    )
    published_after = django_filters.DateFilter(
        label="Published after",
        field_name="published",
        lookup_expr="gte",
        error_messages={"invalid": DATE_ERROR},
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    published_before = django_filters.DateFilter(
        label="Published before",
        field_name="published",
        lookup_expr="lte",
        error_messages={"invalid": DATE_ERROR},
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    author = django_filters.CharFilter(
        label="Author",
        method="filter_author",
        max_length=200,
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "A name, such as van der Berg"}
        ),
    )
    read_level = django_filters.ChoiceFilter(
        label="Read level", choices=ReadLevel.choices, empty_label="Any read level"
    )
    organisation = django_filters.CharFilter(
        label="Organisation",
        field_name="organisation",
        lookup_expr="iexact",
        max_length=300,
        widget=forms.TextInput(attrs={"list": "organisations", "autocomplete": "off"}),
    )
    sort = django_filters.ChoiceFilter(
        label="Sort",
        choices=SORT_CHOICES,
        method="filter_noop",
        empty_label=None,
    )

    class Meta:
        model = Paper
        fields: list[str] = []
        form = PaperFilterForm

    common_search = False  # set by filter_q: the words match a large share of the library

    def __init__(self, *args, library_version: str | None = None, **kwargs) -> None:
        """``library_version``: the one the request read before anything else, for the
        topics the form offers and accepts (``topic_choices``); None reads it there."""
        super().__init__(*args, **kwargs)
        self.library_version = library_version

    @property
    def form(self) -> forms.Form:
        new = not hasattr(self, "_form")
        form = super().form
        if new and self.library_version:
            topic = form.fields["topic"]
            topic.library_version = topic.widget.library_version = self.library_version
        return form

    def filter_q(self, queryset: QuerySet[Paper], name: str, value: str) -> QuerySet[Paper]:
        text_filter = paper_text_filter(value, version=self.library_version)
        if text_filter is None:
            return queryset
        self.common_search = text_filter.common
        return queryset.filter(text_filter.condition)

    def filter_author(self, queryset: QuerySet[Paper], name: str, value: str) -> QuerySet[Paper]:
        author_filter = paper_author_filter(value, version=self.library_version)
        return queryset if author_filter is None else queryset.filter(author_filter.condition)

    def filter_topic(
        self, queryset: QuerySet[Paper], name: str, value: list[Concept]
    ) -> QuerySet[Paper]:
        if not value:
            return queryset
        # Subqueries on the through table, not a join: a paper with two of the chosen
        # topics must not appear twice, and DISTINCT would defeat the sort index.
        through = Paper.topics.through.objects
        if self.form.cleaned_data.get("match") == "all":
            for concept in value:
                queryset = queryset.filter(
                    pk__in=through.filter(concept_id=concept.pk).values("paper_id")
                )
            return queryset
        ids = [concept.pk for concept in value]
        return queryset.filter(pk__in=through.filter(concept_id__in=ids).values("paper_id"))

    def filter_noop(self, queryset: QuerySet[Paper], name: str, value: str) -> QuerySet[Paper]:
        return queryset  # read by filter_topic / sorted_qs

    @property
    def sort_key(self) -> str:
        self.errors  # noqa: B018 -- validates the form, filling cleaned_data
        value = getattr(self.form, "cleaned_data", {}).get("sort")
        return value if value in SORTS else DEFAULT_SORT

    @property
    def sorted_qs(self) -> QuerySet[Paper]:
        return self.qs.order_by(*SORTS[self.sort_key])
