"""Anonymous readers get whole pages from the cache, and never a page older than a write."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.db import connection

from config.settings import cache_namespace
from config.settings import code_release as cache_release
from core.cache import Unstored, cached_parts, content_version
from entries.models import EntryStatus, Evidence
from entries.review.services import claim_mark
from entries.writing.services import ClaimData, entry_create
from papers.models import Paper
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.models import Concept
from wiki.services import revision_create


def _get(client, path):
    response = client.get(path)
    assert response.status_code == 200
    return response


def test_anonymous_reader_gets_the_second_view_from_the_cache(client, db):
    make_concept("Reward Modeling", body="First text.")
    assert _get(client, "/wiki/reward-modeling/")["X-Page-Cache"] == "miss"
    second = _get(client, "/wiki/reward-modeling/")
    assert second["X-Page-Cache"] == "hit"
    assert "First text." in second.content.decode()


def test_signed_in_readers_are_never_served_from_the_cache(client, contributor):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    _get(client, "/wiki/reward-modeling/")
    response = _get(client, "/wiki/reward-modeling/")
    assert "X-Page-Cache" not in response
    assert "cora" in response.content.decode()


def test_cached_page_carries_nothing_personal(client, db):
    make_concept("Reward Modeling")
    _get(client, "/wiki/reward-modeling/")
    body = _get(client, "/wiki/reward-modeling/").content.decode()
    assert "csrfmiddlewaretoken" not in body
    assert "x-csrftoken" not in body


def test_edit_through_the_site_is_seen_at_once(client, editor):
    concept = make_concept("Reward Modeling", body="Old text.")
    _get(client, "/wiki/reward-modeling/")
    editor_client = client.__class__()
    editor_client.force_login(editor)
    response = editor_client.post(
        "/wiki/reward-modeling/edit/",
        {
            "title": "Reward Modeling",
            "summary": concept.summary,
            "body": "New text.",
            "edit_summary": "update",
            "base_revision": concept.current_revision.number,
        },
    )
    assert response.status_code == 302
    body = _get(client, "/wiki/reward-modeling/").content.decode()
    assert "New text." in body
    assert "Old text." not in body


def test_write_outside_any_request_is_seen_at_once(client, editor):
    concept = make_concept("Reward Modeling", body="Old text.")
    _get(client, "/wiki/reward-modeling/")
    revision_create(
        concept=concept,
        author=editor,
        title=concept.title,
        summary=concept.summary,
        body="Text from a service call.",
        base_revision=concept.current_revision,
    )
    assert "Text from a service call." in _get(client, "/wiki/reward-modeling/").content.decode()


def _publish_fresh_result(concept):
    entry_create(
        author=None,
        date=dt.date(2026, 9, 30),
        headline="A fresh result",
        topics=[concept],
        claims=[ClaimData(text="It works by 3 points.", evidence="full_text")],
        status=EntryStatus.PUBLISHED,
    )


def test_published_entry_appears_on_cached_concept_and_topic_pages(client, db):
    concept = make_concept("Reward Modeling")
    for path in ("/wiki/reward-modeling/", "/topics/reward-modeling/", "/"):
        _get(client, path)
    _publish_fresh_result(concept)
    for path in ("/wiki/reward-modeling/", "/topics/reward-modeling/", "/"):
        assert "A fresh result" in _get(client, path).content.decode(), path


def test_paper_change_by_bulk_update_is_seen(client, db):
    paper = PaperFactory(arxiv_id="2608.17528", title="Old title")
    _get(client, "/papers/2608.17528/")
    Paper.objects.filter(pk=paper.pk).update(title="New title")
    assert "New title" in _get(client, "/papers/2608.17528/").content.decode()


def test_management_command_writes_invalidate_pages(client, db):
    _get(client, "/wiki/")
    call_command("seed_demo", concepts=2, papers=5, entries=0, claims_per_entry=0, seed=3)
    response = _get(client, "/wiki/")
    assert response["X-Page-Cache"] == "miss"
    assert Concept.objects.order_by("title").first().title in response.content.decode()


def test_requests_that_change_no_content_keep_the_cache(client, contributor):
    make_concept("Reward Modeling")
    _get(client, "/wiki/reward-modeling/")
    before = content_version()
    client.post("/accounts/login/", {"username": "cora", "password": "wrong"})
    client.get("/search/", {"q": "reward"})
    assert content_version() == before
    assert _get(client, "/wiki/reward-modeling/")["X-Page-Cache"] == "hit"


def test_page_cache_can_be_switched_off(client, db, settings):
    settings.PAGE_CACHE_ENABLED = False
    make_concept("Reward Modeling")
    _get(client, "/wiki/reward-modeling/")
    assert "X-Page-Cache" not in _get(client, "/wiki/reward-modeling/")


def _shared_folder_cache(settings, folder) -> None:
    """The page cache of a deployment: a folder, namespaced by this database."""
    settings.CACHES = {
        **settings.CACHES,
        "pages": {
            "BACKEND": "core.file_cache.FileCache",
            "LOCATION": str(folder),
            "KEY_PREFIX": cache_namespace(connection.settings_dict),
            "VERSION": settings.CODE_RELEASE,  # as every server of this release has it
        },
    }


@pytest.mark.django_db(transaction=True)
def test_a_site_on_another_database_sharing_the_folder_leaves_this_cache_alone(
    client, settings, tmp_path
):
    _shared_folder_cache(settings, tmp_path / "cache")
    make_concept("Reward Modeling", summary="Summary seen first.")
    _get(client, "/wiki/reward-modeling/")
    assert _get(client, "/wiki/reward-modeling/")["X-Page-Cache"] == "hit"
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}",
        "CACHE_DIR": str(tmp_path / "cache"),
    }
    code = (
        "from django.conf import settings; from django.core.management import call_command; "
        "call_command('migrate', verbosity=0); call_command('seed_demo', concepts=2, papers=2, "
        "entries=0, claims_per_entry=0, seed=3, verbosity=0); "
        "print(settings.CACHES['pages']['KEY_PREFIX'])"
    )
    other = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0", "-c", code],
        env=env, check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    assert other and other != cache_namespace(connection.settings_dict)
    assert _get(client, "/wiki/reward-modeling/")["X-Page-Cache"] == "hit"


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs a database two processes share"
)
@pytest.mark.django_db(transaction=True)
def test_write_from_another_process_invalidates_the_shared_cache(client, settings, tmp_path):
    _shared_folder_cache(settings, tmp_path)
    make_concept("Reward Modeling", summary="Summary seen first.")
    assert "Summary seen first." in _get(client, "/wiki/reward-modeling/").content.decode()
    assert _get(client, "/wiki/reward-modeling/")["X-Page-Cache"] == "hit"
    db = connection.settings_dict
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CACHE_DIR": str(tmp_path),
    }
    code = (
        "from wiki.models import Revision; "
        "Revision.objects.filter(concept__slug='reward-modeling')"
        ".update(html='<p>Changed elsewhere.</p>')"
    )
    subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", code], env=env, check=True)
    assert "Changed elsewhere." in _get(client, "/wiki/reward-modeling/").content.decode()


def test_cached_feed_keeps_its_content_type_and_downloads_stay_downloads(client, db):
    make_concept("Reward Modeling")
    first = _get(client, "/topics/reward-modeling/feed/")
    second = _get(client, "/topics/reward-modeling/feed/")
    assert second["X-Page-Cache"] == "hit"
    assert second["Content-Type"] == first["Content-Type"]
    assert second["Content-Type"].startswith("application/xml")
    # The BibTeX export streams, so it is never cached and stays an attachment.
    PaperFactory(arxiv_id="2608.17528")
    for _ in range(2):
        export = _get(client, "/papers/?format=bibtex")
        assert export["Content-Disposition"] == 'attachment; filename="papers.bib"'


def _concept_with_a_marked_claim():
    concept = make_concept("Reward Modeling")
    paper = PaperFactory(title="Source", arxiv_id="2401.00001")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, headline="A finding")
    entry.topics.add(concept)
    claim = ClaimFactory(entry=entry, text="Accuracy rose.", evidence=Evidence.ABSTRACT_ONLY,
                         paper=paper)  # fmt: skip
    return claim, paper


def test_signed_in_reader_sees_a_new_mark_on_the_shared_sections(client, editor, other_editor):
    claim, _ = _concept_with_a_marked_claim()
    client.force_login(editor)
    assert "abstract only" in _get(client, "/wiki/reward-modeling/").content.decode()
    claim_mark(claim=claim, by=other_editor, evidence=Evidence.FULL_TEXT, caveats=[])
    body = _get(client, "/wiki/reward-modeling/").content.decode()
    assert "full text" in body
    assert "abstract only" not in body


def test_shared_sections_follow_a_change_to_a_cited_paper(client, contributor):
    _, paper = _concept_with_a_marked_claim()
    client.force_login(contributor)
    assert "arXiv:2401.00001" in _get(client, "/wiki/reward-modeling/").content.decode()
    Paper.objects.filter(pk=paper.pk).update(arxiv_version=3)
    assert "arXiv:2401.00001v3" in _get(client, "/wiki/reward-modeling/").content.decode()


def test_shared_sections_are_rendered_once_between_writes(
    client, contributor, django_assert_max_num_queries
):
    _concept_with_a_marked_claim()
    client.force_login(contributor)
    first = _get(client, "/wiki/reward-modeling/").content.decode()
    # A hit skips the claims, their caveats and the entry count.
    with django_assert_max_num_queries(12) as queries:
        second = _get(client, "/wiki/reward-modeling/").content.decode()
    assert not any("entries_claim" in q["sql"] for q in queries.captured_queries)
    start = first.index('<div class="sota-list">')
    end = first.index("</div>", first.index("Accuracy rose."))
    assert second[start:end] == first[start:end]


def test_feed_shared_by_signed_in_readers_shows_a_new_entry(client, contributor):
    concept = make_concept("Reward Modeling")
    client.force_login(contributor)
    assert "A fresh result" not in _get(client, "/topics/reward-modeling/feed/").content.decode()
    _publish_fresh_result(concept)
    response = _get(client, "/topics/reward-modeling/feed/")
    assert response["Content-Type"].startswith("application/xml")
    assert "A fresh result" in response.content.decode()


def test_feed_links_follow_the_host_it_was_asked_on(client, db, settings):
    settings.ALLOWED_HOSTS = ["wiki.example.org", "mirror.example.org"]
    make_concept("Reward Modeling")
    first = client.get("/topics/reward-modeling/feed/", HTTP_HOST="wiki.example.org")
    second = client.get("/topics/reward-modeling/feed/", HTTP_HOST="mirror.example.org")
    assert "http://wiki.example.org/topics/reward-modeling/" in first.content.decode()
    assert "http://mirror.example.org/topics/reward-modeling/" in second.content.decode()


def test_a_new_release_of_the_code_gets_a_fresh_page_cache(tmp_path):
    """Pages cached from one release's templates are never served by the next."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "static").mkdir()
    app = tmp_path / "wiki"
    app.mkdir()
    (app / "apps.py").write_text("")
    page = tmp_path / "templates" / "page.html"
    page.write_text("<p>one</p>")
    before = cache_release(tmp_path)

    same = cache_release(tmp_path)
    page.write_text("<p>two</p>")
    after = cache_release(tmp_path)

    assert same == before
    assert after != before


def test_a_part_rendered_from_newer_data_is_shown_but_not_kept(db):
    calls = []

    def render(missing):
        calls.append(list(missing))
        return {"a": "fresh a", "b": Unstored("newer b")}

    first = cached_parts("test-parts", {"a": "d1", "b": "d1"}, render)
    again = cached_parts("test-parts", {"a": "d1", "b": "d1"}, render)

    assert first == {"a": "fresh a", "b": "newer b"}
    assert again == first
    # "a" was kept under its digest; "b", whose data had moved on, is rendered again.
    assert calls == [["a", "b"], ["b"]]
