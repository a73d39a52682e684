"""/changes/ after an import: the import's rows are one line that opens to them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.utils import timezone

from entries.models import EntryEvent
from importer.load import NoteSource, notes_import
from papers.models import Paper
from tests.factories import make_concept
from wiki.models import Revision
from wiki.services import revision_create

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).resolve().parent.parent / "importer" / "samples"


def _import(*names: str, author) -> None:
    sources = [NoteSource(name=n, data=(SAMPLES / n).read_bytes()) for n in names]
    report = notes_import(sources=sources, author=author)
    assert all(f.ok for f in report.files), [f.error for f in report.files]


def _rows() -> int:
    return Revision.objects.count() + EntryEvent.objects.count() + Paper.objects.count()


def test_an_import_is_one_expandable_line(editor_client, editor):
    _import("tool_use_curriculum.md", "agent_news.txt", author=editor)

    response = editor_client.get("/changes/")

    items = response.context["changes"]
    assert [item.kind for item in items] == ["import"]
    batch = items[0]
    assert len(batch.changes) == min(_rows(), 50)
    html = response.content.decode()
    summary = html.split('<details class="import-batch">')[1].split("</summary>")[0]
    assert "Imported tool_use_curriculum.md" in summary
    assert f'<span class="change-user">{editor.username}</span>' in summary
    assert all(f"{kind}" in summary for kind in batch.counts)
    assert html.count('class="change-row"') == len(batch.changes)  # the rows, inside
    if response.context["page"].has_next():
        assert "on this page; older ones on the next" in summary


def test_an_import_counts_what_it_wrote(editor_client, editor):
    _import("tool_use_curriculum.md", author=editor)

    batch = editor_client.get("/changes/").context["changes"][0]

    concepts = {c.revision.concept_id for c in batch.changes if c.revision}
    papers = [c for c in batch.changes if c.paper]
    assert batch.sources == ["tool_use_curriculum.md"]
    assert batch.counts[-1] == f"{len(papers)} papers"
    assert f"{len(concepts)} concept" in " ".join(batch.counts)


def test_a_persons_edit_right_after_an_import_keeps_its_own_line(editor_client, editor):
    _import("tool_use_curriculum.md", author=editor)
    concept = make_concept("Reward Modeling", body="Mine.", author=editor)
    revision_create(
        concept=concept,
        author=editor,
        title=concept.title,
        summary="",
        body="Mine, edited.",
        edit_summary="My own edit",
        base_revision=concept.current_revision,
    )

    items = editor_client.get("/changes/").context["changes"]

    assert [i.kind for i in items[:3]] == ["revision", "revision", "import"]
    assert items[0].revision.edit_summary == "My own edit"


def test_imports_apart_in_time_are_separate_lines(editor_client, editor):
    _import("tool_use_curriculum.md", author=editor)
    earlier = timezone.now() - dt.timedelta(hours=1)
    Revision.objects.update(created=earlier)
    Paper.objects.update(added=earlier)
    EntryEvent.objects.update(created=earlier)
    _import("agent_news.txt", author=None)

    items = editor_client.get("/changes/").context["changes"]

    assert [i.kind for i in items] == ["import", "import"]
    assert (items[0].actor_name, items[1].actor_name) == ("", editor.username)
    assert "the importer" in editor_client.get("/changes/").content.decode()


def test_changes_after_an_import_paginate_in_bounded_queries(
    client, editor, django_assert_max_num_queries
):
    _import("tool_use_curriculum.md", "agent_news.txt", author=None)
    total = _rows()

    with django_assert_max_num_queries(5):
        first = client.get("/changes/")
    pages = first.context["page"].paginator.num_pages
    shown = sum(
        len(item.changes) if item.kind == "import" else 1
        for n in range(1, pages + 1)
        for item in client.get("/changes/", {"page": n}).context["changes"]
    )

    assert shown == first.context["page"].paginator.count <= total
