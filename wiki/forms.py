from __future__ import annotations

from django import forms

from core.limits import MAX_CONCEPT_BODY, MAX_PREVIEW
from wiki.models import Concept
from wiki.services import proposed_title_message, title_taken

MAX_NUMBER = 2**31 - 1  # revision numbers fit a PostgreSQL integer


def _normalise_newlines(text: str) -> str:
    # Browsers submit CRLF; stored texts use LF so diffs and merges compare lines, not bytes.
    return (text or "").replace("\r\n", "\n").replace("\r", "\n")


class ConceptForm(forms.Form):
    title = forms.CharField(label="Title", max_length=200)
    summary = forms.CharField(
        label="Summary",
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One paragraph: what the concept is.",
    )
    body = forms.CharField(
        label="Body",
        max_length=MAX_CONCEPT_BODY,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 22, "class": "code", "spellcheck": "true"}),
        help_text="Markdown. [[Title]] or [[Title|label]] links a concept; arXiv:2608.17528 "
        "links a paper in the library.",
    )
    edit_summary = forms.CharField(
        label="Edit summary",
        max_length=300,
        required=False,
        help_text="What you changed and why, in a line.",
    )
    base_revision = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_NUMBER, widget=forms.HiddenInput
    )

    def __init__(self, *args, concept: Concept | None = None, **kwargs) -> None:
        self.concept = concept
        super().__init__(*args, **kwargs)

    def clean_title(self) -> str:
        title = " ".join(self.cleaned_data["title"].split())
        if title_taken(title, exclude=self.concept):
            raise forms.ValidationError(
                proposed_title_message(title) or "Another concept already has this title or alias."
            )
        return title

    def clean_summary(self) -> str:
        return _normalise_newlines(self.cleaned_data["summary"]).strip()

    def clean_body(self) -> str:
        return _normalise_newlines(self.cleaned_data["body"])


class PreviewForm(forms.Form):
    body = forms.CharField(max_length=MAX_PREVIEW, required=False, strip=False)


class RejectForm(forms.Form):
    comment = forms.CharField(
        label="Comment", max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )


class CompareForm(forms.Form):
    """Two revision numbers to diff; ``from`` is a keyword, so the fields are a and b."""

    a = forms.IntegerField(min_value=1, max_value=MAX_NUMBER)
    b = forms.IntegerField(min_value=1, max_value=MAX_NUMBER)
