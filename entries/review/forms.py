"""The review forms: a decision, a claim's marks, a suggestion applied, the version an editor
saw, and an entry's re-review date."""

from __future__ import annotations

from django import forms

from entries.models import Caveat, EntryStatus
from entries.writing.forms import EVIDENCE_CHOICES, REASON_LABEL


class TransitionForm(forms.Form):
    to = forms.ChoiceField(choices=EntryStatus.choices)
    comment = forms.CharField(label="Comment", required=False, max_length=5000)
    seen_status = forms.ChoiceField(choices=EntryStatus.choices, required=False)
    # The version of the entry on the reviewer's screen: an approval names it.
    seen_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class MarkForm(forms.Form):
    evidence = forms.ChoiceField(label="Evidence", choices=EVIDENCE_CHOICES)
    caveats = forms.ModelMultipleChoiceField(
        queryset=Caveat.objects.all(), required=False, widget=forms.CheckboxSelectMultiple
    )
    reason = forms.CharField(label=REASON_LABEL, required=False, max_length=1000)
    seen_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class SeenVersionForm(forms.Form):
    seen_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class SuggestionForm(forms.Form):
    kind = forms.ChoiceField(choices=[("evidence", "evidence"), ("caveat", "caveat")])
    value = forms.CharField(max_length=100)
    seen_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class ReviewByForm(forms.Form):
    """An entry's re-review date: "set" a date, "clear" it, or "reviewed" (from the queue:
    read again, with the next date, or none)."""

    action = forms.ChoiceField(
        choices=[("set", "Set re-review date"), ("clear", "Clear"), ("reviewed", "Re-reviewed")],
        error_messages={"required": "Choose one of the buttons.", "invalid_choice": "Choose "
                        "one of the buttons."},
    )  # fmt: skip
    review_by = forms.DateField(
        required=False,
        input_formats=["%Y-%m-%d"],
        error_messages={"invalid": "Enter the re-review date as YYYY-MM-DD."},
    )
    comment = forms.CharField(required=False, max_length=2000)

    def clean(self) -> dict:
        data = super().clean()
        if data.get("action") == "set" and not data.get("review_by") and not self.errors:
            self.add_error("review_by", "Choose a re-review date (YYYY-MM-DD).")
        if data.get("action") == "clear":
            data["review_by"] = None
        return data

    def first_error(self) -> str:
        return next(iter(message for errors in self.errors.values() for message in errors))
