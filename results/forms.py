from __future__ import annotations

from django import forms

from entries.models import Evidence
from results.models import Direction
from results.services import ResultFields


class ResultFilterForm(forms.Form):
    benchmark = forms.SlugField(required=False, max_length=200)
    protocol = forms.CharField(required=False, max_length=200)
    evidence = forms.ChoiceField(required=False, choices=[("", "any evidence"), *Evidence.choices])
    date_from = forms.DateField(required=False, label="From")
    date_to = forms.DateField(required=False, label="To")
    format = forms.ChoiceField(
        required=False, choices=[("", "html"), ("csv", "csv"), ("json", "json")]
    )

    def clean(self):
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            raise forms.ValidationError("The start date is after the end date.")
        return data


class ResultForm(forms.Form):
    """An editor's correction or an author's edit of one result."""

    benchmark = forms.CharField(max_length=200, required=False)
    metric = forms.CharField(max_length=100, required=False)
    value = forms.FloatField()
    unit = forms.CharField(max_length=40, required=False)
    protocol = forms.CharField(max_length=200, required=False)
    model = forms.CharField(max_length=200, required=False)
    baseline_value = forms.FloatField(required=False)
    baseline_name = forms.CharField(max_length=200, required=False)
    # In review only: add the named benchmark when none is known by that name.
    new_benchmark = forms.ChoiceField(
        required=False, choices=[("", "do not add it"), *Direction.choices]
    )

    def fields_data(self) -> ResultFields:
        data = dict(self.cleaned_data)
        data.pop("new_benchmark", None)
        return ResultFields(**data)
