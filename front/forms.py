from __future__ import annotations

from django import forms


class ChangesFilterForm(forms.Form):
    KINDS = [
        ("", "Everything"),
        ("revision", "Concept revisions"),
        ("entry", "Entry events"),
        ("paper", "Papers added and changed"),
    ]

    user = forms.CharField(label="User", max_length=150, required=False)
    kind = forms.ChoiceField(label="Kind", choices=KINDS, required=False)
