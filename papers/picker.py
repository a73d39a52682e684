"""The paper picker: the "Source paper" and key paper fields of any form that names a
library paper. What the field shows for a paper, its combobox attributes, and the paper a
typed value names."""

from __future__ import annotations

from django import forms
from django.urls import reverse

from papers.models import Paper
from papers.selectors import (
    ambiguous_paper_message,
    paper_by_key,
    papers_named,
    unknown_paper_message,
)


def paper_key(paper: Paper) -> str:
    """What the "Source paper" field holds for a paper: its arXiv id, else its number."""
    return paper.arxiv_id or str(paper.pk)


def paper_picker_attrs(prefix: str) -> dict[str, str]:
    """A paper field's attributes: a combobox whose suggestions htmx puts in
    ``#<prefix>-paper-suggest`` (``papers/_paper_suggest.html``) as the person types a
    title, arXiv id, DOI or author; ``static/js/paper-picker.js`` makes them pickable."""
    return {
        "autocomplete": "off",
        "spellcheck": "false",
        "role": "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": "false",
        "aria-controls": f"{prefix}-paper-listbox",
        "data-paper-picker": "",
        "hx-get": reverse("entries:paper_options"),
        "hx-trigger": "input changed delay:250ms",
        "hx-target": f"#{prefix}-paper-suggest",
        "hx-swap": "innerHTML",
        "hx-sync": "this:replace",
    }


def find_paper(raw: str) -> Paper | None:
    """The library paper a "Source paper" value names: its number, its arXiv id or DOI in
    any spelling, or its exact title when one paper has it. None when the value is empty;
    ValidationError when no paper, or more than one, has it."""
    value = (raw or "").strip()
    if not value:
        return None
    paper = paper_by_key(value)
    if paper is not None:
        return paper
    named = papers_named(value)
    if len(named) == 1:
        return named[0]
    raise forms.ValidationError(
        ambiguous_paper_message(value) if named else unknown_paper_message(value)
    )
