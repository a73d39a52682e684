"""The chip picker: a native ``<select multiple>`` that works without JavaScript and that
``static/js/app.js`` enhances with removable chips, a type-to-filter box and clicks that
toggle an option without Ctrl/⌘.

One widget for every "pick several from a long list" field (topics, related concepts).
The select stays the form's control (its ``<label>`` names the field, as the spec's form
contract asks), so the page posts the same ``name=<id>&name=<id>`` data either way. It
renders in Python rather than through a template per option: a few hundred concepts
through Django's option templates cost more than the rest of the page.
"""

from __future__ import annotations

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

# Rows shown at once; a longer list scrolls.
VISIBLE_ROWS = 8


class ChipPicker(forms.SelectMultiple):
    """A ``[data-chip-picker]`` select; ``templates/core/_chip_field.html`` gives it its
    label, help text and errors."""

    def __init__(self, attrs=None, *, empty: str = "Nothing to choose from yet.") -> None:
        super().__init__(attrs)
        self.empty = empty

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        attrs = self.build_attrs(self.attrs, attrs)
        attrs.setdefault("id", f"id_{name}")
        chosen = {str(v) for v in self.format_value(value)}
        rows = []
        for option_value, label in self.choices:
            key = str(getattr(option_value, "value", option_value))
            if key:
                rows.append((key, " selected" if key in chosen else "", label))
        attrs["size"] = max(2, min(VISIBLE_ROWS, len(rows)))
        options = format_html_join("\n", '<option value="{}"{}>{}</option>', rows)
        select = format_html(
            '<select name="{}" multiple data-chip-picker{}>\n{}\n</select>',
            name,
            flatatt(attrs),
            options,
        )
        if rows:
            return select
        return format_html('{}<p class="muted small">{}</p>', select, self.empty)
