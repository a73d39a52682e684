from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from entries.models import Entry, EntryStatus
from wiki.models import Concept

pytestmark = pytest.mark.django_db


def test_import_notes_prints_a_line_per_file_and_a_summary(samples_dir, capsys):
    call_command(
        "import_notes",
        str(samples_dir / "tool_use_curriculum.txt"),
        str(samples_dir / "agent_news.txt"),
    )
    out = capsys.readouterr().out
    assert "tool_use_curriculum.txt: concept page “Tool-Use Curriculum”" in out
    assert "agent_news.txt: topic feed “Curricula for agents”" in out
    assert "entries   7 created, 0 updated, 0 unchanged" in out
    assert Entry.objects.pending().count() == 7


def test_import_notes_twice_says_nothing_new(samples_dir, capsys):
    path = str(samples_dir / "agent_news.txt")
    call_command("import_notes", path)
    capsys.readouterr()
    call_command("import_notes", path)
    out = capsys.readouterr().out
    assert "agent_news.txt: topic feed “Curricula for agents” — nothing new" in out
    assert "Nothing new: every file was imported before." in out


def test_import_notes_reads_a_directory(samples_dir, capsys):
    call_command("import_notes", str(samples_dir), "--status", "published")
    assert Concept.objects.filter(title="Tool-Use Curriculum").exists()
    assert Entry.objects.filter(status=EntryStatus.PUBLISHED).count() == 7


def test_import_notes_error_names_file_and_line_and_fails(tmp_path, samples_dir, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("Title\n\nState of the Art (2026-02-31)\n\nText.\n")
    with pytest.raises(CommandError, match="1 of 2 files failed"):
        call_command("import_notes", str(bad), str(samples_dir / "agent_news.txt"))
    err = capsys.readouterr().err
    assert "bad.txt, line 3: unparseable date “2026-02-31”" in err
    assert Entry.objects.count() == 3  # the good file went in


def test_import_notes_dry_run_saves_nothing(samples_dir, capsys):
    call_command("import_notes", str(samples_dir / "agent_news.txt"), "--dry-run")
    assert "Would import (dry run, nothing saved):" in capsys.readouterr().out
    assert Entry.objects.count() == 0 and Concept.objects.count() == 0


def test_import_notes_author(samples_dir, editor):
    call_command("import_notes", str(samples_dir / "agent_news.txt"), "--author", "erin")
    assert set(Entry.objects.values_list("author", flat=True)) == {editor.pk}


def test_import_notes_unknown_author_or_path(samples_dir, tmp_path):
    with pytest.raises(CommandError, match="No user named"):
        call_command("import_notes", str(samples_dir / "agent_news.txt"), "--author", "nobody")
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_notes", str(tmp_path / "missing.txt"))


def test_import_notes_exit_status_is_non_zero_on_error(tmp_path, capsys):
    from django.core.management import execute_from_command_line

    bad = tmp_path / "bad.txt"
    bad.write_text("Neither\n\nshape.\n")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_notes", str(bad)])
    assert exited.value.code == 1
    assert "bad.txt, line 1: neither a concept page" in capsys.readouterr().err
