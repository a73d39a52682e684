from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_http_methods

from accounts.roles import is_editor
from core.htmx import render_page
from importer.forms import ImportForm
from importer.load import NoteSource, notes_import
from importer.notes import MAX_FILE_BYTES


@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    """Editors upload notes; the page shows the import's summary or each file's error."""
    if not is_editor(request.user):
        raise PermissionDenied("Import is for editors.")
    can_publish = request.user.is_superuser
    report = None
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES, can_publish=can_publish)
        if form.is_valid():
            sources = [
                NoteSource(name=f.name, data=f.read(MAX_FILE_BYTES + 1))
                for f in form.cleaned_data["files"]
            ]
            report = notes_import(
                sources=sources,
                author=request.user,
                status=form.entry_status,
                dry_run=form.cleaned_data["dry_run"],
            )
    else:
        form = ImportForm(can_publish=can_publish)
    return render_page(request, "importer/upload.html", {"form": form, "report": report})
