"""The first run: demo accounts a newcomer can log in with, and try the four-eyes rule."""

from __future__ import annotations

import re

from django.core.management import call_command

from entries.models import Entry, EntryStatus
from results.models import Result
from wiki.models import Concept


def _passwords(out: str) -> dict[str, str]:
    return dict(re.findall(r"^║   (\S+)\s+(\S+)\s+║$", out, re.MULTILINE))


def _log_in(client, username: str, password: str) -> bool:
    """Through the login page, as a person does (the lockout guard needs the request)."""
    client.logout()
    response = client.post("/accounts/login/", {"username": username, "password": password})
    return response.status_code == 302


def test_demo_has_two_editors_and_a_contributor_whose_passwords_work(client, db, capsys):
    call_command("setup_demo")
    passwords = _passwords(capsys.readouterr().out)

    assert sorted(passwords) == ["contributor", "editor", "editor2"]
    assert all(_log_in(client, u, p) for u, p in passwords.items())


def test_demo_accounts_have_addresses_a_digest_can_reach(client, db, capsys):
    call_command("setup_demo")
    passwords = _passwords(capsys.readouterr().out)
    _log_in(client, "editor", passwords["editor"])

    page = client.get("/watching/").content.decode()

    assert "has no email address" not in page


def test_one_demo_editor_approves_what_the_other_submitted(client, db, capsys):
    call_command("setup_demo")
    passwords = _passwords(capsys.readouterr().out)
    _log_in(client, "editor", passwords["editor"])
    client.post(
        "/entries/new/",
        {
            "date": "2026-11-30",
            "headline": "A finding to review",
            "lead": "",
            "topics": [Concept.objects.get(title="Reward Modeling").pk],
            "claims-TOTAL_FORMS": 1,
            "claims-INITIAL_FORMS": 0,
            "claims-0-text": "Accuracy rises by 4 points.",
            "claims-0-evidence": "abstract_only",
            "op": "submit",
        },
    )
    entry = Entry.objects.get(headline="A finding to review")

    _log_in(client, "editor2", passwords["editor2"])
    # "4 points" is proposed as a result: the second editor decides it before approving.
    (proposed,) = Result.objects.filter(claim__entry=entry)
    decided = client.post(
        f"/results/{proposed.pk}/decide/",
        {"decision": "discard", "seen_version": entry.version},
    )
    assert decided.status_code == 302
    entry.refresh_from_db()
    response = client.post(
        f"/entries/{entry.pk}/transition/",
        {"to": EntryStatus.PUBLISHED, "seen_version": entry.version},
    )

    entry.refresh_from_db()
    assert response.status_code in (200, 302)
    assert entry.status == EntryStatus.PUBLISHED


def test_reset_passwords_prints_new_ones_and_the_old_stop_working(client, db, capsys):
    call_command("setup_demo")
    old = _passwords(capsys.readouterr().out)

    call_command("setup_demo", reset_passwords=True)
    new = _passwords(capsys.readouterr().out)

    assert sorted(new) == sorted(old)
    assert _log_in(client, "editor2", new["editor2"])
    assert not _log_in(client, "editor2", old["editor2"])


def test_a_second_run_says_how_to_get_passwords_again(db, capsys):
    call_command("setup_demo")
    capsys.readouterr()

    call_command("setup_demo")

    assert "--reset-passwords" in capsys.readouterr().out


def test_passwords_come_last_in_a_box(db, capsys):
    call_command("setup_demo")

    lines = capsys.readouterr().out.strip().splitlines()

    assert lines[-1].startswith("╚") and lines[-1].endswith("╝")
    box = lines[next(n for n, line in enumerate(lines) if line.startswith("╔")) :]
    assert {len(line) for line in box} == {len(box[0])}  # every line as wide as the frame
    assert len(_passwords("\n".join(box))) == 3
