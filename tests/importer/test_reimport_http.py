"""Re-importing notes over a published entry through /import/: the published text stays,
the change waits for review as a revision, and the summary says so."""

from __future__ import annotations

import datetime as dt

from django.core.files.uploadedfile import SimpleUploadedFile

from entries.models import Entry, EntryStatus
from importer.load import NoteSource, notes_import
from tests.factories import results_decided
from wiki.models import Concept


def test_reimport_upload_over_a_published_entry_routes_to_review(
    client, editor, other_editor, samples_dir
):
    text = (samples_dir / "tool_use_curriculum.txt").read_text()
    notes_import(
        sources=[NoteSource(name="tool_use_curriculum.txt", data=text.encode())],
        author=None,
        status=EntryStatus.PUBLISHED,
    )
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    published = Entry.objects.get(topics=concept, date=dt.date(2026, 3, 2))
    before = (published.headline, published.lead, list(published.claims.values_list("text")))
    changed = text.replace("than random order.", "than a random order.")
    client.force_login(editor)

    response = client.post(
        "/import/", {"files": [SimpleUploadedFile("notes.txt", changed.encode(), "text/plain")]}
    )

    published.refresh_from_db()
    revision = published.revisions.get()
    body = response.content.decode()
    assert response.status_code == 200
    assert published.status == EntryStatus.PUBLISHED
    assert (published.headline, published.lead, list(published.claims.values_list("text"))) == (
        before
    )
    assert revision.status == EntryStatus.PENDING
    assert "got a revision that waits in the" in body
    # The editor who imported it wrote the revision: another editor approves it.
    for claim in revision.claims.all():
        client.post(f"/claims/{claim.pk}/mark/", {"evidence": "editorial"})
    revision.refresh_from_db()
    approve = {"to": "published", "seen_version": revision.version}
    refused = client.post(f"/entries/{revision.pk}/transition/", approve)
    client.force_login(other_editor)
    results_decided(revision)  # its figures, proposed as results, decided as an editor would
    approved = client.post(f"/entries/{revision.pk}/transition/", approve)
    published.refresh_from_db()
    assert refused.status_code == 403
    assert approved.status_code == 302
    assert published.claims.filter(text__endswith="than a random order.").exists()
