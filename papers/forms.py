from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.html import format_html

from core.widgets import ChipPicker
from entries.models import Caveat, Evidence
from papers.dates import DAY, PARTIAL_DATE_RULE, PartialDate, partial_date_parse
from papers.doi import InvalidDoi, arxiv_id_of_doi, parse_doi
from papers.identifiers import ArxivId, InvalidArxivId, parse_arxiv_id
from papers.keys import KEY_RULE, key_valid
from papers.models import EntryType, Paper
from papers.people import (
    InvalidPerson,
    Person,
    people_from_json,
    people_lines,
    people_parse_lines,
)
from wiki.models import Concept

BIBTEX_MAX_BYTES = 2 * 1024 * 1024


def _concepts():
    return Concept.objects.published().only("id", "title", "slug").order_by(Lower("title"))


class ConceptChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Concept) -> str:
        return obj.title


class PaperLookupForm(forms.Form):
    """An arXiv id or a DOI, in any spelling (the field keeps the name ``arxiv`` that "Add
    this paper" links use). arXiv's own DOI is its arXiv id: one paper, one lookup."""

    arxiv = forms.CharField(
        label="arXiv id, DOI or link",
        max_length=200,
        widget=forms.TextInput(
            attrs={"placeholder": "2608.17528, arxiv.org/abs/2608.17528v2 or 10.1038/nature14539"}
        ),
    )
    parsed: ArxivId | None = None
    doi = ""

    def clean_arxiv(self) -> str:
        raw = self.cleaned_data["arxiv"]
        try:
            self.parsed = parse_arxiv_id(raw)
            return self.parsed.id
        except InvalidArxivId as exc:
            arxiv_error = exc
        try:
            doi = parse_doi(raw)
        except InvalidDoi:
            raise forms.ValidationError(
                f"{arxiv_error} Or enter a DOI, such as 10.1038/nature14539."
            ) from None
        arxiv_id = arxiv_id_of_doi(doi)
        if arxiv_id:
            try:
                self.parsed = parse_arxiv_id(arxiv_id)
                return self.parsed.id
            except InvalidArxivId as exc:
                raise forms.ValidationError(str(exc)) from None
        self.doi = doi
        return doi


class PartialDateField(forms.CharField):
    """A date as precise as it is known: ``2017``, ``2017-06`` or ``2017-06-12``."""

    def to_python(self, value: object) -> PartialDate | None:
        text = super().to_python(value)
        if not text:
            return None
        try:
            return partial_date_parse(text)
        except ValueError:
            raise forms.ValidationError(PARTIAL_DATE_RULE) from None

    def prepare_value(self, value: object) -> object:
        if isinstance(value, PartialDate):
            return value.iso
        if isinstance(value, dt.date):
            return value.isoformat()
        return value


class AuthorsField(forms.CharField):
    """The authors, one per line, in BibTeX's forms (``van der Berg, Jan``, ``Smith, Jr.,
    John``, ``{World Health Organization}``): read into people, shown back the same way."""

    widget = forms.Textarea

    def to_python(self, value: object) -> list[Person]:
        if isinstance(value, list):
            return value
        text = super().to_python(value)
        try:
            return people_parse_lines(text)
        except InvalidPerson as exc:
            raise forms.ValidationError(str(exc)) from None

    def prepare_value(self, value: object) -> object:
        if isinstance(value, list):
            return people_lines(value)
        return value

    def validate(self, value: list[Person]) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value: list[Person]) -> None:
        super().run_validators(people_lines(value))


class PaperForm(forms.ModelForm):
    authors = AuthorsField(
        label="Authors",
        required=False,
        help_text="One per line, in the paper's order, as Family, Given (van der Berg, Jan; "
        "Smith, Jr., John); an organisation in braces: {World Health Organization}.",
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off", "spellcheck": "false"}),
    )
    published = PartialDateField(
        label="Publication date",
        required=False,
        help_text="YYYY, YYYY-MM or YYYY-MM-DD: only what is known.",
        widget=forms.TextInput(
            attrs={"placeholder": "2017-06-12", "maxlength": "10", "autocomplete": "off"}
        ),
    )
    url = forms.URLField(label="URL", max_length=500, required=False, assume_scheme="https")
    code_url = forms.URLField(
        label="Code URL", max_length=500, required=False, assume_scheme="https"
    )
    topics = ConceptChoiceField(
        queryset=_concepts(),
        required=False,
        widget=ChipPicker(empty="No concepts yet: topics are concept pages."),
    )

    class Meta:
        model = Paper
        fields = [
            "citation_key",
            "arxiv_id",
            "arxiv_version",
            "title",
            "authors",
            "organisation",
            "published",
            "abstract",
            "categories",
            "entry_type",
            "journal",
            "booktitle",
            "volume",
            "issue",
            "pages",
            "publisher",
            "doi",
            "url",
            "code_url",
            "read_level",
            "topics",
        ]
        labels = {
            "citation_key": "Citation key",
            "arxiv_id": "arXiv id",
            "arxiv_version": "Version cited",
            "doi": "DOI",
            "url": "URL",
            "code_url": "Code URL",
        }
        help_texts = {
            "citation_key": "How LaTeX cites the paper: \\cite{key}. Only an editor changes it.",
        }
        widgets = {
            "abstract": forms.Textarea(attrs={"rows": 8}),
        }

    # Text columns without a length of their own still get one in the form.
    TEXT_LIMITS = {"authors": 5000, "abstract": 20_000}

    def __init__(self, *args, key_editable: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial["published"] = self.instance.published_date
            self.initial["authors"] = self.instance.people
        self.fields["entry_type"].choices = [("", "preprint or other"), *EntryType.choices]
        if self.instance.pk is None:
            del self.fields["citation_key"]  # given when the paper is saved
        else:
            self.fields["citation_key"].disabled = not key_editable
        for name, limit in self.TEXT_LIMITS.items():
            field = self.fields[name]
            field.max_length = limit
            field.validators.append(MaxLengthValidator(limit))
            field.widget.attrs["maxlength"] = str(limit)

    def clean_arxiv_id(self) -> str | None:
        return self.clean_arxiv_id_value(self.cleaned_data.get("arxiv_id") or "")

    def clean_arxiv_id_value(self, raw: str) -> str | None:
        raw = raw.strip()
        if not raw:
            return None
        try:
            parsed = parse_arxiv_id(raw)
        except InvalidArxivId as exc:
            raise forms.ValidationError(str(exc)) from None
        self.version_in_id = parsed.version
        existing = Paper.objects.filter(arxiv_id=parsed.id).exclude(pk=self.instance.pk).first()
        if existing:
            raise forms.ValidationError(
                format_html(
                    'arXiv:{} is already in the library: <a href="{}">{}</a>.',
                    parsed.id,
                    existing.get_absolute_url(),
                    existing.title,
                )
            )
        return parsed.id

    def clean_citation_key(self) -> str | None:
        key = (self.cleaned_data["citation_key"] or "").strip()
        if self.fields["citation_key"].disabled or not key:
            return self.instance.citation_key  # a key is never taken away
        if not key_valid(key):
            raise forms.ValidationError(KEY_RULE)
        holder = Paper.objects.filter(citation_key__iexact=key).exclude(pk=self.instance.pk).first()
        if holder:
            raise forms.ValidationError(
                format_html(
                    '{} is the key of <a href="{}">{}</a>.',
                    holder.citation_key,
                    holder.get_absolute_url(),
                    holder.title,
                )
            )
        return key

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        version = getattr(self, "version_in_id", None)
        if version and not data.get("arxiv_version"):
            data["arxiv_version"] = version
        arxiv_id = arxiv_id_of_doi(data.get("doi") or "")
        if arxiv_id and "arxiv_id" in data and not data["arxiv_id"]:
            # arXiv's own DOI names the preprint: the paper is that arXiv id, so adding it
            # by id later finds it rather than making a second one.
            try:
                data["arxiv_id"] = self.clean_arxiv_id_value(arxiv_id)
            except forms.ValidationError as exc:
                self.add_error("doi", exc)
        return data

    def paper_fields(self) -> dict[str, Any]:
        fields = {name: self.cleaned_data[name] for name in self.fields if name != "topics"}
        published = fields.pop("published")
        fields["published"] = published.date if published else None
        fields["published_precision"] = published.precision if published else DAY
        return fields

    def _post_clean(self) -> None:
        # The model keeps the date and its precision apart, and the authors as a list and
        # as the names shown; the form has each as one value (the services write both).
        published = self.cleaned_data.pop("published", None)
        authors = self.cleaned_data.pop("authors", None)
        super()._post_clean()
        self.cleaned_data["published"] = published
        self.instance.published = published.date if published else None
        if authors is not None:
            self.cleaned_data["authors"] = authors


class PaperTopicsForm(forms.Form):
    topics = ConceptChoiceField(
        label="Topics",
        queryset=_concepts(),
        required=False,
        widget=ChipPicker(empty="No concepts yet."),
    )


class PaperImportForm(forms.Form):
    """A reference file: BibTeX, RIS or CSL-JSON (told apart by extension or content)."""

    file = forms.FileField(label="BibTeX, RIS or CSL-JSON file")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["filename"] = getattr(self, "filename", "")
        return data

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        self.filename = upload.name or ""
        if upload.size > BIBTEX_MAX_BYTES:
            raise forms.ValidationError("The file is larger than 2 MB; split it and try again.")
        raw = upload.read()
        if b"\x00" in raw:
            raise forms.ValidationError("This is not a text file.")
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            # Older .bib and .ris files are often Latin-1, which any byte string decodes as.
            return raw.decode("latin-1")


class ClaimFilterForm(forms.Form):
    evidence = forms.ChoiceField(
        label="Evidence",
        choices=[("", "Any evidence"), *Evidence.choices],
        required=False,
    )
    caveat = forms.ModelChoiceField(
        label="Caveat",
        queryset=Caveat.objects.all(),
        to_field_name="slug",
        required=False,
        empty_label="Any caveat",
    )


def record_initial(fields: dict[str, Any]) -> dict[str, Any]:
    """The add-paper form's initial values for a record's fields (papers.records): the
    authors as people, the date as precise as it is known."""
    initial = {
        name: value
        for name, value in fields.items()
        if name not in ("author_list", "published", "published_precision")
    }
    initial["authors"] = people_from_json(fields.get("author_list", []))
    if fields.get("published"):
        initial["published"] = PartialDate(fields["published"], fields["published_precision"])
    return initial


def new_paper_url(arxiv_id: str) -> str:
    return f"{reverse('papers:new')}?arxiv={arxiv_id}"
