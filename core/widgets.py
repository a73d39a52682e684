"""The chip picker: a list of checkboxes that works without JavaScript and that
``static/js/app.js`` turns into removable chips with a type-to-filter box.

One widget for every "pick several from a long list" field (topics, related concepts).
It renders in Python rather than through a template per option: a few hundred concepts
through Django's option templates cost more than the rest of the page.
"""

from __future__ import annotations

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString


class ChipPicker(forms.CheckboxSelectMultiple):
    """Checkboxes in a ``[data-chip-picker]`` list; the field's template wraps them in a
    fieldset whose legend is the field's label (``templates/core/_chip_field.html``)."""

    def __init__(self, attrs=None, *, empty: str = "Nothing to choose from yet.") -> None:
        super().__init__(attrs)
        self.empty = empty

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        attrs = self.build_attrs(self.attrs, attrs)
        base_id = attrs.pop("id", None) or f"id_{name}"
        chosen = {str(v) for v in self.format_value(value)}
        rows = []
        for index, (option_value, label) in enumerate(self.choices):
            key = str(getattr(option_value, "value", option_value))
            if key == "":
                continue
            checked = " checked" if key in chosen else ""
            rows.append((f"{base_id}_{index}", name, key, checked, label))
        if not rows:
            return format_html('<p class="muted small">{}</p>', self.empty)
        items = format_html_join(
            "\n",
            '<li><label class="inline-choice" for="{0}"><input type="checkbox" id="{0}" '
            'name="{1}" value="{2}"{3}> <span class="chip-label">{4}</span></label></li>',
            rows,
        )
        return format_html(
            '<ul class="chip-options" id="{}" data-chip-picker{}>\n{}\n</ul>',
            base_id,
            flatatt(attrs),
            items,
        )

    def id_for_label(self, id_: str, index: str | None = None) -> str:
        # The legend names the group; there is no single input to point a label at.
        return ""
