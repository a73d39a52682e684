"""export_wiki / import_wiki: a backup restored into a fresh database is the same wiki."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import CommandError

from backups import services as backup
from entries.models import Caveat, Entry, EntryStatus
from entries.review.services import claim_mark
from entries.writing.services import ClaimData, entry_update
from tests.factories import UserFactory, build_world, make_concept
from tests.papers.test_month_counts import counted_by_hand, kept
from wiki.models import Concept, ConceptAlias, ConceptLink, KeyPaper, WantedLink


def _everything() -> dict[str, list[dict]]:
    """Every row of every backed-up table, all columns but the users' password hashes and
    the search vectors (rebuilt from the text on restore; searching is checked below)."""
    dump = {}
    for label in backup.BACKED_UP:
        model = apps.get_model(label)
        fields = [
            f.name
            for f in (*model._meta.concrete_fields, *model._meta.many_to_many)
            if not f.primary_key and f.name != "password" and f.name not in backup.DERIVED_FIELDS
        ]
        rows = serializers.serialize("python", model.objects.order_by("pk"), fields=fields)
        for row in rows:
            for name, value in row["fields"].items():
                if name in ("permissions", "user_permissions"):
                    # Permission rows are made by migrate, with ids that differ between
                    # databases: compare them by name.
                    row["fields"][name] = backup._permission_names(value)
                elif isinstance(value, list):  # many-to-many: the order does not matter
                    row["fields"][name] = sorted(value)
        dump[label] = rows
    return dump


def _rich_wiki():
    """A wiki with one of everything: revisions of every status, aliases, key papers,
    related concepts, wikilinks (existing and wanted), papers, entries in every state with
    claims, caveats and events, a revision of a published entry, users with roles."""
    editor = UserFactory(username="erin", role="Editor", first_name="Erin", last_name="Ed")
    contributor = UserFactory(username="cora", role="Contributor")
    other_editor = UserFactory(username="eddie", role="Editor")
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    admin.user_permissions.add(Permission.objects.get(codename="view_logentry"))
    UserFactory(username="ivy", is_active=False)
    world = build_world(editor=editor, contributor=contributor, other_editor=other_editor)
    other = make_concept(
        "Policy Gradient", body="See [[Reward Modeling]] and [[Missing Page]].", author=editor
    )
    other.related.add(world.concept)
    ConceptAlias.objects.create(concept=world.concept, name="RM", slug="rm")
    KeyPaper.objects.create(concept=world.concept, paper=world.paper, position=1, note="Key.")
    seed = Caveat.objects.create(name="single seed", slug="single-seed", position=99)
    claim = world.published.claims.first()
    claim_mark(claim=claim, by=editor, evidence="secondary", caveats=[seed])
    entry_update(
        entry=Entry.objects.get(pk=world.published.pk),
        by=contributor,
        date=world.published.date,
        headline="A published finding, revised",
        lead="New lead.",
        topics=[world.concept],
        claims=[ClaimData(text="Revised claim with 5 points.", paper=world.paper)],
    )
    assert ConceptLink.objects.exists() and WantedLink.objects.exists()
    assert Entry.objects.filter(revision_of__isnull=False).exists()
    return world


def test_every_table_is_backed_up_or_left_out_on_purpose():
    tables = {model._meta.label_lower for model in apps.get_models()}
    m2m_tables = {
        f.remote_field.through._meta.label_lower
        for model in apps.get_models()
        for f in model._meta.many_to_many
    }

    assert tables - m2m_tables == set(backup.BACKED_UP) | set(backup.NOT_BACKED_UP)


@pytest.mark.django_db(transaction=True)
def test_backup_restores_every_row_into_a_fresh_database(tmp_path):
    _rich_wiki()
    before = _everything()
    call_command("export_wiki", str(tmp_path / "backup"))

    call_command("flush", interactive=False)
    assert not get_user_model().objects.exists()
    call_command("import_wiki", str(tmp_path / "backup"))

    after = _everything()
    assert _differences(before, after) == []
    assert after == before
    # Not in the backup: counted again by the database as the papers came back.
    assert kept() == counted_by_hand() != {}


def _differences(before: dict, after: dict) -> list[str]:
    """Readable differences: table, row and column."""
    found = []
    for label, rows in before.items():
        restored = {row["pk"]: row["fields"] for row in after.get(label, [])}
        for row in rows:
            other = restored.get(row["pk"])
            if other is None:
                found.append(f"{label} {row['pk']}: missing")
                continue
            for name, value in row["fields"].items():
                if other.get(name) != value:
                    found.append(f"{label} {row['pk']} {name}: {value!r} != {other.get(name)!r}")
        if len(restored) != len(rows):
            found.append(f"{label}: {len(rows)} rows before, {len(restored)} after")
    return found


@pytest.mark.django_db(transaction=True)
def test_restored_wiki_keeps_working(tmp_path, client):
    world = _rich_wiki()
    call_command("export_wiki", str(tmp_path / "backup"))
    call_command("flush", interactive=False)
    call_command("import_wiki", str(tmp_path / "backup"))
    old_max = max(Concept.objects.values_list("pk", flat=True))

    erin = get_user_model().objects.get(username="erin")
    fresh = make_concept("After The Restore", author=erin)

    assert fresh.pk > old_max  # ids carry on after the restored ones
    assert not erin.has_usable_password()
    assert erin.groups.get().name == "Editor"
    assert erin.has_perm("entries.review_entry")
    page = client.get(world.concept.get_absolute_url())
    assert page.status_code == 200
    assert "Second text." in page.content.decode()
    assert client.get("/rm/".join(["/wiki", ""])).status_code in (301, 302)
    assert client.get(world.published.get_absolute_url()).status_code == 200
    assert "A published finding" in _hit_titles(client, "published finding")
    assert "Reward Modeling" in _hit_titles(client, "reward modeling")


def _hit_titles(client, q: str) -> list[str]:
    """The titles of what the search page finds for ``q`` (the restored search vectors)."""
    response = client.get("/search/", {"q": q})
    assert response.status_code == 200
    return [hit.title for hit in response.context["results"].hits]


def test_backup_writes_readable_markdown_and_a_manifest(db, tmp_path):
    world = _rich_wiki()

    call_command("export_wiki", str(tmp_path))

    concept_md = (tmp_path / "concepts" / "reward-modeling.md").read_text()
    assert concept_md.startswith("# Reward Modeling\n")
    assert "Second text." in concept_md
    assert "Also called: RM" in concept_md
    assert "- Scaling Reward Models (arXiv:2608.17528): Key." in concept_md
    entry_files = sorted(p.name for p in (tmp_path / "entries").iterdir())
    assert f"2026-09-30-{world.published.pk}-a-published-finding.md" in entry_files
    published_md = (
        tmp_path / "entries" / f"2026-09-30-{world.published.pk}-a-published-finding.md"
    ).read_text()
    assert "secondary; single seed" in published_md
    assert "Source: arXiv:2608.17528" in published_md
    assert "title = {Scaling Reward Models}" in (tmp_path / "papers.bib").read_text()
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert (manifest["format"], manifest["format_version"]) == ("research-wiki-backup", 1)
    assert manifest["counts"]["papers.paper"] == 2
    users = json.loads((tmp_path / "data" / "auth.user.json").read_text())
    assert all("password" not in row["fields"] for row in users)
    assert "pbkdf2" not in (tmp_path / "data" / "auth.user.json").read_text()
    assert "md5$" not in (tmp_path / "data" / "auth.user.json").read_text()


def test_import_refuses_a_database_with_content(db, tmp_path):
    _rich_wiki()
    call_command("export_wiki", str(tmp_path))

    with pytest.raises(CommandError, match="The database is not empty"):
        call_command("import_wiki", str(tmp_path))


def test_export_refuses_a_folder_with_files(db, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")

    with pytest.raises(CommandError, match="is not empty"):
        call_command("export_wiki", str(tmp_path))


def test_import_refuses_what_is_not_a_backup(db, tmp_path):
    with pytest.raises(CommandError, match="holds no backup"):
        call_command("import_wiki", str(tmp_path))
    (tmp_path / "manifest.json").write_text(
        '{"format": "research-wiki-backup", "format_version": 9}'
    )
    with pytest.raises(CommandError, match="format version 9"):
        call_command("import_wiki", str(tmp_path))


@pytest.mark.django_db(transaction=True)
def test_import_refuses_a_damaged_backup_and_leaves_the_database_empty(tmp_path):
    _rich_wiki()
    call_command("export_wiki", str(tmp_path))
    call_command("flush", interactive=False)
    papers = tmp_path / "data" / "papers.paper.json"
    papers.write_text(json.dumps(json.loads(papers.read_text())[:1]))

    with pytest.raises(CommandError, match="the backup is damaged"):
        call_command("import_wiki", str(tmp_path))

    assert not get_user_model().objects.exists()
    assert backup.database_is_empty()
    assert EntryStatus.DRAFT  # the module imported; nothing else to check


def test_export_and_import_print_progress_unless_quiet(db, tmp_path, capsys):
    call_command("export_wiki", str(tmp_path / "loud"))
    loud = capsys.readouterr().out
    call_command("export_wiki", str(tmp_path / "quiet"), quiet=True)
    quiet = capsys.readouterr().out

    assert "[1/" in loud and "rows" in loud
    assert "[1/" not in quiet and "Backed up" in quiet
