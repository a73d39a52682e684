"""The evidence audit: the command's formats and the editors' page."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from entries.models import Claim, Evidence
from importer.load import NoteSource, notes_import
from tests.factories import ClaimFactory, EntryFactory

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).resolve().parents[3] / "importer" / "samples"
FIELDS = {"id", "entry_date", "text", "paper", "evidence", "caveats", "suggestions"}


@pytest.fixture
def imported(db):
    sources = [NoteSource(name=p.name, data=p.read_bytes()) for p in sorted(SAMPLES.glob("*.txt"))]
    report = notes_import(sources=sources, author=None)
    assert report.ok
    return report


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("evidence_audit", *args, stdout=out)
    return out.getvalue()


def test_audit_command_json_has_every_claim_with_its_fields(imported):
    rows = json.loads(_run("--format", "json"))
    assert len(rows) == Claim.objects.count()
    assert all(FIELDS | {"evidence_reason"} <= set(row) for row in rows)
    secondary = [r for r in rows if r["evidence"] == Evidence.SECONDARY]
    assert secondary
    assert all(r["evidence_reason"] for r in secondary)
    for row in rows:
        assert all(set(s) == {"kind", "value", "reason"} for s in row["suggestions"])
        assert all(s["value"] != Evidence.FULL_TEXT for s in row["suggestions"])


def test_audit_command_topic_filter(imported):
    rows = json.loads(_run("--format", "json", "--topic", "verifier-free-rewards"))
    feed = Claim.objects.filter(entry__topics__slug="verifier-free-rewards")
    assert sorted(r["id"] for r in rows) == sorted(feed.values_list("pk", flat=True))


def test_audit_command_csv_and_table(imported):
    table = list(csv.reader(io.StringIO(_run("--format", "csv"))))
    assert table[0][:3] == ["id", "entry_id", "entry_date"]
    assert len(table) == Claim.objects.count() + 1
    text = _run()
    assert text.endswith(f"{Claim.objects.count()} claims.\n")
    assert "from the note" in text


def test_audit_command_unknown_topic_is_an_error(db):
    with pytest.raises(CommandError, match="No topic has the slug"):
        _run("--topic", "nowhere")


def test_audit_page_shows_marks_reasons_and_suggestions(client, editor, imported):
    client.force_login(editor)
    page = client.get("/review/audit/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "from the note:" in body
    # The first entry in the queue is the item whose own words name the abstract.
    assert "with no figure in the abstract" in body
    assert '<span class="mark-reason-level">· the claim&#x27;s own words</span>' in body
    assert "Suggested" in body


def test_audit_page_topic_and_evidence_filters(client, editor, imported):
    client.force_login(editor)
    page = client.get("/review/audit/?topic=verifier-free-rewards&evidence=secondary")
    rows = page.content.decode().count('id="audit-claim-')
    feed = Claim.objects.filter(entry__topics__slug="verifier-free-rewards")
    assert rows == feed.filter(evidence="secondary").count() == feed.count() - 1


def test_audit_page_bad_input_is_a_clear_4xx(client, editor):
    client.force_login(editor)
    missing = client.get("/review/audit/?topic=nowhere")
    bad = client.get("/review/audit/?evidence=certain")
    assert missing.status_code == 404
    assert "No topic has the slug “nowhere”" in missing.content.decode()
    assert bad.status_code == 400
    assert "must be one of" in bad.content.decode()


def test_audit_page_is_for_editors_only(client, contributor):
    assert client.get("/review/audit/").url.startswith("/accounts/login/")
    client.force_login(contributor)
    assert client.get("/review/audit/").status_code == 403


def test_audit_page_htmx_gets_only_the_results(client, editor, imported):
    client.force_login(editor)
    page = client.get("/review/audit/?topic=verifier-free-rewards", HTTP_HX_REQUEST="true")
    body = page.content.decode()
    assert page.status_code == 200
    assert "<html" not in body and 'id="audit-results"' in body
    assert "HX-Request" in page["Vary"]


def test_audit_page_queries_are_bounded(client, editor, django_assert_max_num_queries):
    for _ in range(30):
        entry = EntryFactory()
        for position in range(3):
            ClaimFactory(entry=entry, position=position)
    client.force_login(editor)
    client.get("/review/audit/")  # warm the session and permission caches
    with django_assert_max_num_queries(12):
        page = client.get("/review/audit/?page=2")
    assert page.status_code == 200
    assert page.content.decode().count('id="audit-claim-') == 40


def test_review_queue_shows_the_words_behind_each_mark_without_htmx(client, other_editor):
    sources = [
        NoteSource(name="feed.txt", data=(SAMPLES / "verifier_free_rewards_feed.txt").read_bytes())
    ]
    assert notes_import(sources=sources, author=None).ok
    client.force_login(other_editor)
    body = client.get("/review/").content.decode()
    assert "Why these marks" in body
    assert "from the note:" in body
    # The first entry in the queue is the item whose own words name the abstract.
    assert "with no figure in the abstract" in body
    assert '<span class="mark-reason-level">· the claim&#x27;s own words</span>' in body


def _section_scoped():
    body = (
        "Scoped Reading\n\nDefinition\n\nA page about scope.\n\n"
        "State of the Art (2026-05-01)\n\n"
        "Everything in this section comes from abstracts only.\n\n"
        "Tidal marshes stored more carbon where sediment supply was high.\n"
    )
    report = notes_import(sources=[NoteSource(name="scope.txt", data=body.encode())], author=None)
    assert report.ok
    return Claim.objects.get(text__startswith="Tidal marshes")


def test_audit_shows_which_words_gave_each_mark(client, editor, db):
    claim = _section_scoped()
    rows = {row["id"]: row for row in json.loads(_run("--format", "json"))}
    assert rows[claim.pk]["evidence"] == "abstract_only"
    assert rows[claim.pk]["evidence_level"] == "section"
    assert "comes from abstracts only" in rows[claim.pk]["evidence_reason"]
    (csv_row,) = [r for r in csv.DictReader(io.StringIO(_run("--format", "csv")))]
    assert csv_row["evidence_level"] == "section"
    client.force_login(editor)
    page = client.get("/review/audit/").content.decode()
    assert '<span class="mark-reason-level">· the words of its section</span>' in page


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://evil.example","x")', "+1+2", "-2+3", "@SUM(A1)", " =1+1", "\t=1"],
)
def test_audit_command_csv_neutralises_formulas(db, text):
    ClaimFactory(text=text)
    rows = list(csv.reader(io.StringIO(_run("--format", "csv"))))
    header, row = rows
    assert row[header.index("text")] == "'" + text
