from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from entries.models import Entry, EntryStatus
from wiki.models import Concept

pytestmark = pytest.mark.django_db

URL = "/import/"


def _upload(samples_dir, *names: str) -> list[SimpleUploadedFile]:
    return [SimpleUploadedFile(n, (samples_dir / n).read_bytes(), "text/plain") for n in names]


def test_import_page_asks_anonymous_visitors_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("who", ["contributor", "charlie"])
def test_import_page_is_for_editors_only(client, who, request, samples_dir):
    client.force_login(request.getfixturevalue(who))
    assert client.get(URL).status_code == 403
    response = client.post(URL, {"files": _upload(samples_dir, "agent_news.txt")})
    assert response.status_code == 403
    assert Entry.objects.count() == 0


def test_import_page_shows_the_form(editor_client):
    response = editor_client.get(URL)
    body = response.content.decode()
    assert response.status_code == 200
    assert "Import notes" in body and 'type="file"' in body and "multiple" in body
    assert 'name="status"' not in body  # editors' imports always wait for review


def test_import_page_imports_and_shows_the_summary(editor_client, editor, samples_dir):
    response = editor_client.post(
        URL, {"files": _upload(samples_dir, "tool_use_curriculum.txt", "agent_news.txt")}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Import finished" in body
    assert "Tool-Use Curriculum" in body and "Curricula for agents" in body
    assert Entry.objects.pending().count() == 7
    assert set(Entry.objects.values_list("author", flat=True)) == {editor.pk}
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    assert f'href="{concept.get_absolute_url()}"' in body


def test_import_page_second_upload_says_nothing_new(editor_client, samples_dir):
    editor_client.post(URL, {"files": _upload(samples_dir, "agent_news.txt")})
    body = editor_client.post(URL, {"files": _upload(samples_dir, "agent_news.txt")}).content
    assert "Nothing new: every file was imported before" in body.decode()


def test_import_page_dry_run(editor_client, samples_dir):
    response = editor_client.post(
        URL, {"files": _upload(samples_dir, "agent_news.txt"), "dry_run": "on"}
    )
    assert "Dry run: nothing was saved" in response.content.decode()
    assert Entry.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.txt", b"", "empty"),
        ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary file"),
        ("latin.txt", "Titre\n\nDéfinition\n".encode("latin-1"), "not UTF-8 text"),
        ("huge.txt", b"word " * 500_000, "larger than the limit"),
        ("prose.txt", b"Hello\n\nJust some prose.\n", "neither a concept page"),
        ("cut.txt", b"Site\nTopic\n3 articles\nOne.\n1 Oct 2026\n", "count mismatch"),
    ],
)
def test_import_page_shows_errors_in_place(editor_client, name, data, message):
    response = editor_client.post(URL, {"files": [SimpleUploadedFile(name, data)]})
    body = response.content.decode()
    assert response.status_code == 200
    assert message in body and name in body
    assert "Nothing of this file was saved" in body
    assert Entry.objects.count() == 0


def test_import_page_error_names_the_line(editor_client):
    data = b"Title\n\nState of the Art (2026-02-31)\n\nText.\n"
    body = editor_client.post(URL, {"files": [SimpleUploadedFile("d.txt", data)]}).content
    assert "Line 3" in body.decode()


def test_import_page_without_files_says_so(editor_client):
    response = editor_client.post(URL, {})
    assert response.status_code == 200
    assert "Choose one or more files to import." in response.content.decode()


def test_import_page_htmx_gets_only_the_results(editor_client, samples_dir):
    response = editor_client.post(
        URL, {"files": _upload(samples_dir, "agent_news.txt")}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="import-results"')
    assert "<html" not in body and "Import finished" in body


def test_superuser_may_publish_at_once(client, samples_dir):
    from tests.factories import UserFactory

    admin = UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(admin)
    assert 'name="status"' in client.get(URL).content.decode()
    client.post(URL, {"files": _upload(samples_dir, "agent_news.txt"), "status": "published"})
    assert Entry.objects.filter(status=EntryStatus.PUBLISHED).count() == 3


def test_editor_cannot_publish_by_posting_status(editor_client, samples_dir):
    editor_client.post(
        URL, {"files": _upload(samples_dir, "agent_news.txt"), "status": "published"}
    )
    assert Entry.objects.filter(status=EntryStatus.PENDING).count() == 3
