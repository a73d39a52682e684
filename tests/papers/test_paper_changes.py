"""Papers are shared records: a paper that published text cites is changed only by editors
(form and API), every change is kept with who, when, from and to, shown on the paper's page
and in recent changes, and can be reverted; the read level never changes silently
(issue #27, item 1)."""

from __future__ import annotations

import pytest

from api.services import token_create
from papers.models import Paper, PaperChange, ReadLevel
from papers.people import people_lines
from papers.services import papers_read_level_raise

pytestmark = pytest.mark.django_db

PHISHING = "https://evil.example/login"


def _edit_data(paper, **changes):
    data = {
        "title": paper.title,
        "arxiv_id": paper.arxiv_id or "",
        "url": paper.url,
        "abstract": paper.abstract,
        "read_level": paper.read_level,
        "authors": people_lines(paper.people),
        "organisation": paper.organisation,
        "published": paper.published.isoformat() if paper.published else "",
    }
    return {**data, **changes}


def test_contributor_cannot_change_a_cited_paper_in_the_form(world, contributor, client):
    client.force_login(contributor)
    paper = world.paper  # cited by a published entry

    response = client.post(
        f"{paper.get_absolute_url()}edit/", _edit_data(paper, url=PHISHING, title="Hijacked")
    )

    assert response.status_code == 403
    assert "only an editor" in response.content.decode()
    paper.refresh_from_db()
    assert (paper.title, paper.url) == ("Scaling Reward Models", "")
    assert not PaperChange.objects.exists()


def test_contributor_cannot_change_a_cited_paper_through_the_api(world, contributor, client):
    token = token_create(user=contributor, name="pipeline")[1]

    response = client.post(
        "/api/papers/",
        {"arxiv_id": world.paper.arxiv_id, "title": "Hijacked", "read_level": "metadata_only"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )

    assert response.status_code == 403
    paper = Paper.objects.get(pk=world.paper.pk)
    assert (paper.title, paper.read_level) == ("Scaling Reward Models", ReadLevel.FULL_TEXT)


def test_contributor_may_still_fix_a_paper_nothing_published_cites(contributor, client):
    paper = Paper.objects.create(title="Typo in tilte", read_level=ReadLevel.ABSTRACT_ONLY)
    client.force_login(contributor)

    response = client.post(f"/papers/{paper.pk}/edit/", _edit_data(paper, title="Typo in title"))

    assert response.status_code == 302
    (change,) = PaperChange.objects.all()
    assert (change.field, change.before, change.after, change.actor) == (
        "title",
        "Typo in tilte",
        "Typo in title",
        contributor,
    )


def test_editor_change_is_kept_shown_and_revertible(world, editor, other_editor, client):
    paper = world.paper
    client.force_login(editor)
    response = client.post(
        f"{paper.get_absolute_url()}edit/",
        _edit_data(paper, read_level=ReadLevel.ABSTRACT_ONLY, url="https://example.org/p"),
    )
    assert response.status_code == 302
    changes = {c.field: (c.before, c.after) for c in PaperChange.objects.all()}
    assert changes == {
        "read_level": ("full_text", "abstract_only"),
        "url": ("", "https://example.org/p"),
    }

    page = client.get(paper.get_absolute_url()).content.decode()
    assert "changed the read level" in page
    changes_page = client.get("/changes/").content.decode()
    assert "read level changed" in changes_page

    read_level = PaperChange.objects.get(field="read_level")
    client.force_login(other_editor)
    reverted = client.post(f"{paper.get_absolute_url()}changes/{read_level.pk}/revert/")

    assert reverted.status_code == 302
    paper.refresh_from_db()
    assert paper.read_level == ReadLevel.FULL_TEXT
    back = PaperChange.objects.get(reverts=read_level)
    assert (back.before, back.after, back.actor) == ("abstract_only", "full_text", other_editor)


def test_contributor_cannot_revert(world, editor, contributor, client):
    client.force_login(editor)
    client.post(f"{world.paper.get_absolute_url()}edit/", _edit_data(world.paper, title="New"))
    change = PaperChange.objects.get()
    client.force_login(contributor)

    response = client.post(f"{world.paper.get_absolute_url()}changes/{change.pk}/revert/")

    assert response.status_code == 403
    assert Paper.objects.get(pk=world.paper.pk).title == "New"


def test_an_import_raising_the_read_level_leaves_a_trace(db):
    paper = Paper.objects.create(title="Only metadata", read_level=ReadLevel.METADATA_ONLY)

    assert papers_read_level_raise(paper_ids=[paper.pk]) == 1

    (change,) = PaperChange.objects.filter(paper=paper)
    assert (change.field, change.before, change.after, change.actor) == (
        "read_level",
        "metadata_only",
        "abstract_only",
        None,
    )


def test_paper_page_with_history_has_bounded_queries(
    world, editor, client, django_assert_max_num_queries
):
    client.force_login(editor)
    for n in range(5):
        client.post(
            f"{world.paper.get_absolute_url()}edit/", _edit_data(world.paper, title=f"T{n}")
        )
    with django_assert_max_num_queries(40):
        response = client.get(world.paper.get_absolute_url())
    assert response.content.decode().count("changed the title") == 5


def test_the_edit_form_says_up_front_when_only_an_editor_may_change_the_details(
    client, world, contributor, editor
):
    client.force_login(contributor)
    page = client.get(f"/papers/{world.paper.arxiv_id}/edit/").content.decode()
    assert "only an editor may change its details" in page
    client.force_login(editor)
    page = client.get(f"/papers/{world.paper.arxiv_id}/edit/").content.decode()
    assert "only an editor may change its details" not in page
