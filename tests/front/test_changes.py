"""/changes/: concept revisions and entry events, newest first, filterable, paginated."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from entries.models import EntryEvent, EntryStatus
from tests.factories import EntryFactory, make_concept
from wiki.models import Revision
from wiki.services import revision_create

HTMX = {"HTTP_HX_REQUEST": "true"}


def at(minutes: int) -> dt.datetime:
    return timezone.now() - dt.timedelta(minutes=minutes)


@pytest.fixture
def history(editor, contributor):
    """A published concept (3 min ago), a pending edit (2 min ago), and events on a published
    entry (1 min ago) and on a draft (now)."""
    concept = make_concept("Reward Modeling", body="Text.", author=editor)
    Revision.objects.filter(concept=concept).update(created=at(3))
    pending = revision_create(
        concept=concept,
        author=contributor,
        title=concept.title,
        summary=concept.summary,
        body="Secret pending text.",
        edit_summary="Pending edit",
        base_revision=concept.current_revision,
    )
    Revision.objects.filter(pk=pending.pk).update(created=at(2))
    published = EntryFactory(status=EntryStatus.PUBLISHED, headline="Published entry")
    EntryEvent.objects.create(entry=published, actor=editor, action="approved")
    EntryEvent.objects.filter(entry=published).update(created=at(1))
    draft = EntryFactory(status=EntryStatus.DRAFT, headline="Draft entry")
    EntryEvent.objects.create(entry=draft, actor=contributor, action="created")
    return concept


def described(response) -> list[str]:
    return [
        c.revision.edit_summary if c.kind == "revision" else c.event.entry.headline
        for c in response.context["changes"]
    ]


@pytest.mark.django_db
def test_recent_changes_editor_sees_everything_newest_first(editor_client, history):
    response = editor_client.get("/changes/")

    assert response.status_code == 200
    assert described(response) == [
        "Draft entry",
        "Published entry",
        "Pending edit",
        "Created the page",
    ]


@pytest.mark.django_db
def test_recent_changes_anonymous_sees_only_published_work(client, history):
    response = client.get("/changes/")

    assert described(response) == ["Published entry", "Created the page"]


@pytest.mark.django_db
def test_recent_changes_charlie_sees_no_pending_revisions_or_drafts(client, charlie, history):
    client.force_login(charlie)

    response = client.get("/changes/")

    assert described(response) == ["Published entry", "Created the page"]
    assert "Pending edit" not in response.content.decode()


@pytest.mark.django_db
def test_recent_changes_filters_by_user_and_kind(editor_client, history):
    by_user = editor_client.get("/changes/", {"user": "cora"})
    by_kind = editor_client.get("/changes/", {"kind": "revision"})
    both = editor_client.get("/changes/", {"user": "erin", "kind": "entry"})

    assert described(by_user) == ["Draft entry", "Pending edit"]
    assert described(by_kind) == ["Pending edit", "Created the page"]
    assert described(both) == ["Published entry"]


@pytest.mark.django_db
def test_recent_changes_htmx_returns_results_fragment(editor_client, history):
    response = editor_client.get("/changes/", {"kind": "entry"}, **HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="changes-results">')
    assert "<html" not in html
    assert "Published entry" in html


@pytest.mark.django_db
def test_recent_changes_bad_kind_is_400_with_message(editor_client, history):
    response = editor_client.get("/changes/", {"kind": "bogus"})

    assert response.status_code == 400
    assert "That filter is not valid" in response.content.decode()


@pytest.mark.django_db
def test_recent_changes_paginates_in_bounded_queries(client, editor, django_assert_max_num_queries):
    concept = make_concept("Reward Modeling", body="0", author=editor)
    for n in range(1, 60):
        revision_create(
            concept=concept,
            author=editor,
            title=concept.title,
            summary="",
            body=str(n),
            base_revision=concept.current_revision,
        )
        concept.refresh_from_db()
    for _ in range(60):
        entry = EntryFactory(status=EntryStatus.PUBLISHED)
        EntryEvent.objects.create(entry=entry, actor=editor, action="approved")

    with django_assert_max_num_queries(5):
        first = client.get("/changes/")
    last = client.get("/changes/", {"page": 3})

    assert len(first.context["changes"]) == 50
    assert first.context["page"].paginator.count == 120
    assert len(last.context["changes"]) == 20
    assert 'href="?page=2"' in first.content.decode()


def test_changes_lists_papers_added_with_who_added_them(client, editor):
    from papers.models import Paper

    client.force_login(editor)
    response = client.post(
        "/papers/new/",
        {"title": "A freshly added paper", "read_level": "abstract_only", "arxiv_id": "2608.17528"},
    )
    assert response.status_code == 302, response.content.decode()[:500]
    assert Paper.objects.get(arxiv_id="2608.17528").added_by == editor
    client.logout()
    everything = client.get("/changes/").content.decode()
    assert "A freshly added paper" in everything
    only_papers = client.get("/changes/", {"kind": "paper", "user": editor.username})
    assert [c.paper.title for c in only_papers.context["changes"]] == ["A freshly added paper"]
    only_entries = client.get("/changes/", {"kind": "entry"}).content.decode()
    assert "A freshly added paper" not in only_entries
