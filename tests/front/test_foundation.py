from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import IntegrityError, connection, connections, transaction

from accounts import roles
from entries.models import Caveat, Entry, EntryStatus
from papers.identifiers import InvalidArxivId, find_arxiv_ids, parse_arxiv_id
from papers.models import Paper
from papers.services import paper_get_or_create_by_arxiv
from tests.factories import PaperFactory, UserFactory, make_concept
from wiki.models import Concept, ConceptAlias, Revision
from wiki.services import revision_create

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw", "expected_id", "expected_version"),
    [
        ("2608.17528", "2608.17528", None),
        ("arXiv:2608.17528v2", "2608.17528", 2),
        ("arxiv: 2608.17528", "2608.17528", None),
        ("https://arxiv.org/abs/2608.17528", "2608.17528", None),
        ("http://arxiv.org/abs/2608.17528v3", "2608.17528", 3),
        ("https://arxiv.org/pdf/2608.17528v1.pdf", "2608.17528", 1),
        ("https://export.arxiv.org/abs/2608.17528/", "2608.17528", None),
        ("  2608.17528  ", "2608.17528", None),
        ("0704.0001", "0704.0001", None),
        ("hep-th/9901001", "hep-th/9901001", None),
        ("hep-th/9901001v3", "hep-th/9901001", 3),
        ("https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001", None),
        ("math.GT/0309136", "math.GT/0309136", None),
        ("cond-mat/0102536v1", "cond-mat/0102536", 1),
    ],
)
def test_arxiv_id_normalises_every_spelling(raw, expected_id, expected_version):
    assert parse_arxiv_id(raw) == (expected_id, expected_version)


@pytest.mark.parametrize(
    "raw",
    ["", "   ", "hello", "2613.12345", "2608.175", "2608.175289", "12.34", "hep-th/99010",
     "https://example.org/abs/2608.17528", "2608.17528v", "javascript:alert(1)"],
)  # fmt: skip
def test_arxiv_id_rejects_invalid_with_a_message(raw):
    with pytest.raises(InvalidArxivId) as excinfo:
        parse_arxiv_id(raw)
    assert "arXiv id" in str(excinfo.value)


def test_find_arxiv_ids_in_prose_ignores_longer_numbers():
    text = "See arXiv 2609.33848 and (2608.17528v2); not 3.11.2026 nor 12608.17528."
    assert find_arxiv_ids(text) == ["2609.33848", "2608.17528"]


def test_paper_spellings_are_one_paper(db):
    first, created = paper_get_or_create_by_arxiv(arxiv_id="arXiv:2608.17528v2")
    second, created_again = paper_get_or_create_by_arxiv(
        arxiv_id="https://arxiv.org/abs/2608.17528"
    )
    assert (created, created_again) == (True, False)
    assert first.pk == second.pk
    assert first.arxiv_id == "2608.17528"
    assert first.arxiv_version == 2


def test_database_rejects_duplicate_arxiv_id(db):
    PaperFactory(arxiv_id="2608.17528")
    with pytest.raises(IntegrityError), transaction.atomic():
        Paper.objects.create(arxiv_id="2608.17528", title="Duplicate")


def test_papers_without_arxiv_id_may_coexist(db):
    Paper.objects.create(arxiv_id=None, title="A book")
    Paper.objects.create(arxiv_id=None, title="Another book")
    assert Paper.objects.filter(arxiv_id__isnull=True).count() == 2


def test_database_rejects_duplicate_concept_title_in_any_case(db):
    make_concept("Reward Modeling")
    with pytest.raises(IntegrityError), transaction.atomic():
        Concept.objects.create(title="reward modeling", slug="reward-modeling-2")


def test_database_rejects_duplicate_alias_name(db):
    concept = make_concept("Reward Modeling")
    ConceptAlias.objects.create(concept=concept, name="RM", slug="rm")
    with pytest.raises(IntegrityError), transaction.atomic():
        ConceptAlias.objects.create(concept=concept, name="rm", slug="rm-2")


def test_database_rejects_duplicate_revision_number(db):
    concept = make_concept("Reward Modeling")
    with pytest.raises(IntegrityError), transaction.atomic():
        Revision.objects.create(concept=concept, number=1, title="x")


def test_revisions_are_numbered_consecutively(db, editor):
    concept = make_concept("Reward Modeling", author=editor)
    for text in ["two", "three"]:
        revision_create(
            concept=concept,
            author=editor,
            title=concept.title,
            summary="",
            body=text,
            base_revision=None,
        )
    assert list(concept.revisions.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    concept.refresh_from_db()
    assert concept.current_revision.body == "three"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_get_distinct_revision_numbers():
    editor = UserFactory(username="racer", role="Editor")
    concept = make_concept("Concurrency", author=editor)
    barrier = threading.Barrier(6)
    errors: list[BaseException] = []

    def save(i: int) -> None:
        try:
            barrier.wait()
            revision_create(
                concept=concept,
                author=editor,
                title=concept.title,
                summary="",
                body=f"text {i}",
                base_revision=None,
            )
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    numbers = sorted(concept.revisions.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4, 5, 6, 7]


def test_caveats_are_seeded(db):
    assert list(Caveat.objects.values_list("name", flat=True)) == [
        "no figure stated",
        "relative gains only",
        "benchmark not named",
        "model not named",
        "no variance reported",
        "no baseline named",
        "contamination not checked",
    ]


def test_groups_have_exactly_the_role_permissions(db):
    for name, expected in [
        ("Contributor", roles.CONTRIBUTOR_PERMISSIONS),
        ("Editor", roles.EDITOR_PERMISSIONS),
    ]:
        group = Group.objects.get(name=name)
        granted = {
            f"{app}.{code}"
            for app, code in group.permissions.values_list("content_type__app_label", "codename")
        }
        assert granted == set(expected)


def test_roles_follow_groups(db):
    editor = UserFactory(username="ed", role="Editor")
    contributor = UserFactory(username="co", role="Contributor")
    nobody = UserFactory(username="no")
    assert [roles.is_editor(u) for u in (editor, contributor, nobody)] == [True, False, False]
    assert [roles.can_contribute(u) for u in (editor, contributor, nobody)] == [True, True, False]


def test_demo_content_loads_into_an_empty_database(db, capsys):
    call_command("setup_demo")
    out = capsys.readouterr().out
    assert "editor" in out and "contributor" in out
    # Three concepts written for the demo, and two more from the sample notes, imported
    # through the notes importer with their entries waiting for review.
    assert Concept.objects.published().count() == 5
    # Two published entries, and five each stating a result on the demo benchmark.
    assert Entry.objects.filter(status=EntryStatus.PUBLISHED).count() == 7
    assert Entry.objects.filter(status=EntryStatus.PENDING).count() == 7
    # A second run adds nothing and prints no password.
    call_command("setup_demo")
    out = capsys.readouterr().out
    assert "already" in out
    assert Concept.objects.count() == 5


def test_healthz_answers_ok(client, db):
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")


def test_home_page_lists_published_entries_only(client, db):
    call_command("setup_demo")
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Process rewards beat outcome rewards on long derivations" in body
    assert "Rubric rewards for agents without a checker" not in body  # still pending


def test_navigation_shows_user_name_and_review_for_editors(client, editor, contributor):
    client.force_login(contributor)
    body = client.get("/").content.decode()
    assert "cora" in body and 'href="/review/"' not in body
    client.force_login(editor)
    body = client.get("/").content.decode()
    assert "erin" in body and 'href="/review/"' in body


def test_login_page_logs_in(client, contributor):
    response = client.post(
        "/accounts/login/", {"username": "cora", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "cora"


def test_login_with_wrong_password_says_so(client, contributor):
    response = client.post("/accounts/login/", {"username": "cora", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def _production_env(**extra: str) -> dict[str, str]:
    dropped = {"DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        DEBUG="0",
        SECRET_KEY="x" * 20 + "a-real-looking-production-secret-key-9f8e7d6c5b4a",
        ALLOWED_HOSTS="wiki.example.org",
    )
    env.update(extra)
    return env


def test_check_deploy_is_clean_in_production():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_secret_key():
    env = _production_env()
    del env["SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_bad_boolean_setting_is_a_clear_error():
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=_production_env(DEBUG="maybe"),
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose not installed")
def test_compose_file_is_valid_once_env_is_made_from_the_example(tmp_path):
    """The README's first step: cp .env.example .env, then set SECRET_KEY in it."""
    shutil.copy(ROOT / "docker-compose.yml", tmp_path)
    (tmp_path / ".env").write_text(
        (ROOT / ".env.example").read_text() + "\nSECRET_KEY=compose-test-key\n"
    )
    result = subprocess.run(
        ["docker-compose", "config", "-q"], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_logout_by_get_asks_for_confirmation_and_post_logs_out(client, contributor):
    client.force_login(contributor)
    response = client.get("/accounts/logout/")
    assert response.status_code == 200
    assert "Log out?" in response.content.decode()
    assert client.get("/").context["user"].is_authenticated
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_home_shows_editors_the_review_queue_size(client, editor):
    call_command("setup_demo")
    client.force_login(editor)
    body = client.get("/").content.decode()
    assert "7 items waiting" in body


def test_home_shows_contributors_their_drafts(client, contributor):
    from tests.factories import EntryFactory

    EntryFactory(author=contributor, headline="My unfinished draft", status=EntryStatus.DRAFT)
    EntryFactory(headline="Someone else's draft", status=EntryStatus.DRAFT)
    client.force_login(contributor)
    body = client.get("/").content.decode()
    assert "My unfinished draft" in body
    assert "Someone else's draft" not in body


def test_home_lists_topics_by_latest_activity(client, db):
    call_command("setup_demo")
    page = client.get("/").context["page"]
    titles = [t.title for t in page.active_topics]
    assert titles == ["Knowledge Distillation", "Process Supervision"]


def test_home_renders_in_bounded_queries(client, editor, django_assert_max_num_queries):
    call_command("setup_demo")
    client.force_login(editor)
    with django_assert_max_num_queries(12):
        assert client.get("/").status_code == 200


def test_favicon_redirects_to_the_static_icon(client, db):
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Location"]) == (301, "/static/favicon.svg")
