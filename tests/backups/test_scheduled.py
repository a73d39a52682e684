"""Scheduled backups: one a period whichever worker asks, restorable, the newest kept."""

from __future__ import annotations

import datetime as dt
import json

from django.core.management import call_command

from backups.scheduled import backup_claim, backups_prune, period_folder
from tests.factories import make_concept


def test_a_due_backup_is_made_once_a_period(db, tmp_path, settings, capsys):
    settings.BACKUPS_DIR = str(tmp_path)
    make_concept("Reward Modeling")

    call_command("backup_due")
    call_command("backup_due")  # another worker, the same period

    (made,) = [p for p in tmp_path.iterdir()]
    assert made.name.startswith("wiki-")
    manifest = json.loads((made / "manifest.json").read_text())
    assert manifest["format"] == "research-wiki-backup"
    assert (made / "concepts" / "reward-modeling.md").exists()
    out = capsys.readouterr().out
    assert "Backup queued into" in out and "No backup due." in out


def test_nothing_is_backed_up_without_a_folder(db, settings, capsys):
    settings.BACKUPS_DIR = ""
    call_command("backup_due")
    assert backup_claim() is None
    assert "No backup due." in capsys.readouterr().out


def test_periods_start_on_their_boundary_in_utc():
    now = dt.datetime(2026, 12, 4, 15, 42, 7, tzinfo=dt.UTC)
    assert period_folder(now, 86_400) == "wiki-20261204-000000"
    assert period_folder(now, 3_600) == "wiki-20261204-150000"


def test_the_newest_backups_are_kept(db, tmp_path, settings):
    settings.BACKUPS_DIR, settings.BACKUPS_KEEP = str(tmp_path), 2
    for day in (1, 2, 3):
        (tmp_path / f"wiki-2026120{day}-000000").mkdir()
    (tmp_path / "notes").mkdir()  # not a backup: left alone

    call_command("backup_due")

    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[0] == "notes"
    assert len(names) == 3 and "wiki-20261203-000000" in names
    assert not (tmp_path / "wiki-20261201-000000").exists()
    assert backups_prune(tmp_path, keep=2) == []
