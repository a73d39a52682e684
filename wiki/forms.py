from __future__ import annotations

import re

from django import forms
from django.db.models.functions import Lower

from core.limits import MAX_CONCEPT_BODY, MAX_PREVIEW
from core.widgets import ChipPicker
from papers.models import Paper
from papers.picker import find_paper, paper_key, paper_picker_attrs
from wiki.concept_links import ConceptLinks, aliases_taken
from wiki.models import Concept
from wiki.services import proposed_title_message, title_taken

MAX_ALIASES = 50
MAX_KEY_PAPERS = 50

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
        help_text="One paragraph: what the concept is. Plain text; $…$ shows math (LaTeX).",
    )
    body = forms.CharField(
        label="Body",
        max_length=MAX_CONCEPT_BODY,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 22, "class": "code", "spellcheck": "true"}),
        help_text="Markdown. [[Title]] or [[Title|label]] links a concept; arXiv:2608.17528 "
        "links a paper in the library. Math in LaTeX: $x_i^2$ in a sentence, $$\\frac{a}{b}$$ "
        "displayed; \\$5 is a dollar sign.",
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


class ConceptLinksForm(ConceptForm):
    """The edit form of an existing page: its text plus related concepts and aliases
    (key papers come in a formset beside it, see ``KeyPaperFormSet``)."""

    related = forms.ModelMultipleChoiceField(
        label="Related concepts",
        queryset=Concept.objects.none(),
        required=False,
        widget=ChipPicker(empty="No other concepts yet."),
        help_text="Related is both ways: this page appears on theirs too.",
    )
    aliases = forms.CharField(
        label="Aliases",
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Other names of this concept, one a line or comma separated: each one "
        "finds and links to this page.",
    )

    def __init__(self, *args, concept: Concept | None = None, **kwargs) -> None:
        super().__init__(*args, concept=concept, **kwargs)
        others = Concept.objects.published().only("pk", "title").order_by(Lower("title"))
        if concept is not None:
            others = others.exclude(pk=concept.pk)
        self.fields["related"].queryset = others
        self.fields["related"].label_from_instance = lambda c: c.title

    def clean_aliases(self) -> list[str]:
        names = [" ".join(n.split()) for n in re.split(r"[,\n]", self.cleaned_data["aliases"])]
        names = [n for n in names if n]
        if len(names) > MAX_ALIASES:
            raise forms.ValidationError(f"At most {MAX_ALIASES} aliases.")
        errors, seen = [], set()
        for name in names:
            if len(name) > 200:
                errors.append(f"“{name[:40]}…” is too long for an alias (200 characters).")
            elif name.lower() in seen:
                errors.append(f"“{name}” is listed twice.")
            seen.add(name.lower())
        title = " ".join((self.data.get("title") or "").split()).lower()
        errors += [
            f"“{n}” is this page's title, so it needs no alias."
            for n in names
            if n.lower() == title
        ]
        errors += [
            f"“{n}” is already another concept's title or alias."
            for n in aliases_taken(names, concept=self.concept)
        ]
        if errors:
            raise forms.ValidationError(errors)
        return names

    def links(self, key_papers: list[tuple[int, str]]) -> ConceptLinks:
        data = self.cleaned_data
        return ConceptLinks.build(
            key_papers=key_papers,
            related=[c.pk for c in data["related"]],
            aliases=data["aliases"],
        )


class KeyPaperForm(forms.Form):
    paper = forms.CharField(
        label="Paper",
        required=False,
        max_length=500,
        help_text="An arXiv id, or words of the title, authors or abstract; then pick.",
    )
    note = forms.CharField(label="Note", required=False, max_length=500)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["paper"].widget.attrs.update(paper_picker_attrs(self.prefix))

    def clean_paper(self) -> Paper | None:
        return find_paper(self.cleaned_data.get("paper", ""))


class BaseKeyPaperFormSet(forms.BaseFormSet):
    def key_papers(self) -> list[tuple[int, str]]:
        """(paper id, note) in the chosen order, without removed and empty rows."""
        rows = []
        for form in self.ordered_forms:
            paper = form.cleaned_data.get("paper")
            if paper is not None:
                rows.append((paper.pk, form.cleaned_data.get("note", "")))
        return rows

    def clean(self) -> None:
        seen: set[int] = set()
        for form in self.forms:
            if self._should_delete_form(form) or not getattr(form, "cleaned_data", None):
                continue
            paper = form.cleaned_data.get("paper")
            if paper is not None and paper.pk in seen:
                form.add_error("paper", "This paper is already a key paper above.")
            elif paper is not None:
                seen.add(paper.pk)


KeyPaperFormSet = forms.formset_factory(
    KeyPaperForm,
    formset=BaseKeyPaperFormSet,
    extra=2,
    can_order=True,
    can_delete=True,
    max_num=MAX_KEY_PAPERS,
    absolute_max=MAX_KEY_PAPERS + 10,
    validate_max=True,
)


def key_paper_initial(concept: Concept) -> list[dict]:
    rows = concept.key_papers.select_related("paper").only(
        "position", "note", "paper__arxiv_id", "paper__title"
    )
    return [
        {"paper": paper_key(row.paper), "note": row.note, "ORDER": n, "title": row.paper.title}
        for n, row in enumerate(rows.order_by("position", "id"), start=1)
    ]
