from __future__ import annotations

from django import forms

from entries.models import EntryStatus
from importer.notes import MAX_FILE_BYTES

MAX_FILES = 20


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files from one input; each is checked for size here, for content later."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ".txt,.md,.markdown"}))
        # An empty file is reported by the importer, named, beside the others' results.
        kwargs.setdefault("allow_empty_file", True)
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        files = data if isinstance(data, list | tuple) else [data]
        files = [f for f in files if f]
        if not files:
            raise forms.ValidationError("Choose one or more files to import.", code="required")
        if len(files) > MAX_FILES:
            raise forms.ValidationError(f"Import at most {MAX_FILES} files at a time.")
        return [super(MultipleFileField, self).clean(f, initial) for f in files]


class ImportForm(forms.Form):
    files = MultipleFileField(
        label="Files",
        help_text=f"Concept pages or topic feeds, as plain text (.txt) or Markdown (.md); "
        f"up to {MAX_FILES} files of at most {MAX_FILE_BYTES // 1024 // 1024} MB each.",
    )
    dry_run = forms.BooleanField(
        label="Dry run: check the files and show what would change, without saving",
        required=False,
    )
    status = forms.ChoiceField(
        label="Imported entries are",
        choices=[
            (EntryStatus.PENDING, "pending review (their claims wait in the review queue)"),
            (EntryStatus.PUBLISHED, "published at once (a trusted migration)"),
        ],
        initial=EntryStatus.PENDING,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, can_publish: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not can_publish:
            # Only a superuser may skip review: an editor's import waits like any entry.
            del self.fields["status"]

    @property
    def entry_status(self) -> str:
        return self.cleaned_data.get("status") or EntryStatus.PENDING
