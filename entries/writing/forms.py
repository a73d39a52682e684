"""The entry form and its ordered claim forms."""

from __future__ import annotations

from django import forms
from django.http import QueryDict

from core.limits import MAX_CLAIM, MAX_LEAD, MAX_QUOTE
from core.widgets import ChipPicker
from entries.models import EVIDENCE_PICK_ORDER, MAX_CLAIMS, Caveat, Entry, Evidence
from entries.writing.services import ClaimData
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import Paper
from papers.picker import find_paper, paper_key, paper_picker_attrs
from wiki.models import Concept

CLAIMS_PREFIX = "claims"
CLAIM_FIELDS = ("id", "text", "paper", "quote", "evidence", "evidence_reason", "caveats")
# The evidence select, "full text" furthest from "unmarked" (see EVIDENCE_PICK_ORDER).
EVIDENCE_CHOICES = [(value, Evidence(value).label) for value in EVIDENCE_PICK_ORDER]
REASON_LABEL = "Why “full text”"
REASON_HELP = (
    "Needed when the source paper was read only in abstract or metadata here: where was "
    "the full paper read?"
)


def papers_by_key(values: list[str]) -> dict[str, Paper]:
    """Resolve many "Source paper" values in two queries (for showing what each names)."""
    pks, arxiv = {}, {}
    for raw in values:
        value = (raw or "").strip()
        if value.isascii() and value.isdigit():
            pks[int(value)] = raw
        elif value:
            try:
                arxiv[parse_arxiv_id(value).id] = raw
            except InvalidArxivId:
                continue
    found: dict[str, Paper] = {}
    if pks:
        for paper in Paper.objects.filter(pk__in=pks):
            found[pks[paper.pk]] = paper
    if arxiv:
        for paper in Paper.objects.filter(arxiv_id__in=arxiv):
            found[arxiv[paper.arxiv_id]] = paper
    return found


class EntryForm(forms.Form):
    date = forms.DateField(
        label="Date", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    headline = forms.CharField(label="Headline", max_length=300)
    lead = forms.CharField(
        label="Lead",
        required=False,
        max_length=MAX_LEAD,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Markdown. One paragraph: what happened and why it matters. $…$ shows math "
        "(LaTeX).",
    )
    topics = forms.ModelMultipleChoiceField(
        label="Topics",
        queryset=Concept.objects.published().only("pk", "title"),
        required=False,
        widget=ChipPicker(empty="No concepts yet: topics are concept pages."),
        help_text="The concepts this entry is about.",
    )
    # The version the form was opened on: a save over a newer version is a conflict.
    seen_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class ClaimForm(forms.Form):
    id = forms.IntegerField(required=False, widget=forms.HiddenInput)
    text = forms.CharField(
        label="Claim",
        max_length=MAX_CLAIM,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One statement, short Markdown; $…$ shows math (LaTeX).",
    )
    paper = forms.CharField(
        label="Source paper",
        required=False,
        max_length=500,
        help_text="Type its title, arXiv id or DOI, or words of the title or authors and pick.",
    )
    quote = forms.CharField(
        label="Quote",
        required=False,
        max_length=MAX_QUOTE,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Optional: the supporting sentence, verbatim from the source.",
    )

    def __init__(self, *args, can_mark: bool = False, caveat_choices=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.can_mark = can_mark
        if can_mark:
            self.fields["evidence"] = forms.ChoiceField(
                label="Evidence", choices=EVIDENCE_CHOICES, initial=Evidence.UNMARKED
            )
            self.fields["evidence_reason"] = forms.CharField(
                label=REASON_LABEL, required=False, max_length=1000, help_text=REASON_HELP
            )
            self.fields["caveats"] = forms.MultipleChoiceField(
                label="Caveats",
                choices=caveat_choices,
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
        self.fields["paper"].widget.attrs.update(paper_picker_attrs(self.prefix))

    def clean_paper(self) -> Paper | None:
        return find_paper(self.cleaned_data.get("paper", ""))


class BaseClaimFormSet(forms.BaseFormSet):
    def claim_data(self, caveat_names: dict[str, str]) -> list[ClaimData]:
        """The valid forms as ClaimData, in order (caveat ids mapped to names)."""
        result = []
        for form in self.forms:
            data = form.cleaned_data
            if not data:
                continue
            can_mark = form.can_mark
            result.append(
                ClaimData(
                    text=data["text"],
                    paper=data.get("paper"),
                    quote=data.get("quote", ""),
                    evidence=data.get("evidence") if can_mark else None,
                    caveats=[caveat_names[c] for c in data.get("caveats", []) if c in caveat_names]
                    if can_mark
                    else None,
                    pk=data.get("id"),
                    evidence_reason=data.get("evidence_reason", "") if can_mark else "",
                )
            )
        return result


ClaimFormSet = forms.formset_factory(
    ClaimForm,
    formset=BaseClaimFormSet,
    extra=0,
    max_num=MAX_CLAIMS,
    validate_max=True,
    absolute_max=MAX_CLAIMS,
)


def claim_rows_from_post(data: QueryDict) -> list[dict]:
    """The claims as typed (even invalid), in order, to re-show after add/remove/move."""
    try:
        total = min(int(data.get(f"{CLAIMS_PREFIX}-TOTAL_FORMS", 0)), MAX_CLAIMS)
    except ValueError:
        total = 0
    rows = []
    for i in range(total):
        key = f"{CLAIMS_PREFIX}-{i}-"
        rows.append(
            {
                "id": data.get(key + "id", ""),
                "text": data.get(key + "text", ""),
                "paper": data.get(key + "paper", ""),
                "quote": data.get(key + "quote", ""),
                "evidence": data.get(key + "evidence", Evidence.UNMARKED),
                "evidence_reason": data.get(key + "evidence_reason", ""),
                "caveats": data.getlist(key + "caveats"),
            }
        )
    return rows


def apply_claim_op(rows: list[dict], op: str) -> list[dict]:
    """ "add", "remove-N", "up-N", "down-N" on the list of typed claims."""
    rows = list(rows)
    name, _, index = op.partition("-")
    if name == "add":
        if len(rows) < MAX_CLAIMS:
            rows.append({"evidence": Evidence.UNMARKED, "caveats": []})
        return rows
    try:
        i = int(index)
    except ValueError:
        return rows
    if not 0 <= i < len(rows):
        return rows
    if name == "remove":
        del rows[i]
    elif name == "up" and i > 0:
        rows[i - 1], rows[i] = rows[i], rows[i - 1]
    elif name == "down" and i < len(rows) - 1:
        rows[i + 1], rows[i] = rows[i], rows[i + 1]
    return rows


def claim_rows_from_entry(entry: Entry) -> list[dict]:
    """Initial claim rows of an entry (claims with paper and caveats prefetched)."""
    return [
        {
            "id": claim.pk,
            "text": claim.text,
            "paper": paper_key(claim.paper) if claim.paper else "",
            "quote": claim.quote,
            "evidence": claim.evidence,
            "evidence_reason": claim.evidence_reason,
            "caveats": [str(c.pk) for c in claim.caveats.all()],
        }
        for claim in entry.claims.all()
    ]


def caveat_choices() -> list[tuple[str, str]]:
    return [(str(c.pk), c.name) for c in Caveat.objects.all()]
