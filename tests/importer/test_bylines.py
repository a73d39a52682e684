"""What the notes importer made says so, instead of "by unknown"."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from entries.models import Entry
from wiki.models import Concept

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported(samples_dir):
    call_command(
        "import_notes", str(samples_dir / "tool_use_curriculum.txt"), "--status", "published"
    )
    return Concept.objects.get(title="Tool-Use Curriculum")


def test_imported_concept_names_its_source_on_the_page_and_in_its_history(client, imported):
    page = client.get(imported.get_absolute_url()).content.decode()
    history = client.get(imported.get_absolute_url() + "history/").content.decode()

    assert "Revision 1 imported from tool_use_curriculum.txt" in page
    assert "imported from tool_use_curriculum.txt" in history
    assert "unknown" not in page + history


def test_imported_entry_says_imported_not_unknown(client, imported):
    entry = Entry.objects.published().first()

    page = client.get(entry.get_absolute_url()).content.decode()

    assert "<dt>Author</dt><dd>imported</dd>" in page
