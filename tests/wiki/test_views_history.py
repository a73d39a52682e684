"""Concept history, diffs, reverts and the review of pending revisions through the test
client."""

from __future__ import annotations

import pytest

from tests.factories import concept_form_data, make_concept, pending_edit
from wiki.models import RevisionStatus
from wiki.services import revision_create

HTMX = {"HTTP_HX_REQUEST": "true"}
BASE = "Intro paragraph.\n\nMiddle paragraph.\n\nClosing paragraph.\n"


# History, diff, revision, revert


@pytest.fixture
def two_revisions(editor):
    concept = make_concept("Reward Modeling", body="One two three.", author=editor)
    revision_create(
        concept=concept,
        author=editor,
        title=concept.title,
        summary=concept.summary,
        body="One two four five.",
        edit_summary="Changed the end",
        base_revision=concept.current_revision,
    )
    return concept


@pytest.mark.django_db
def test_concept_history_lists_revisions_with_size_change(client, two_revisions):
    response = client.get("/wiki/reward-modeling/history/")

    html = response.content.decode()
    assert [r.number for r in response.context["revisions"]] == [2, 1]
    assert "Changed the end" in html
    assert "+14" in html  # revision 1: 14 characters from nothing
    assert "+4" in html  # revision 2: 18 - 14


@pytest.mark.django_db
def test_concept_history_htmx_returns_only_the_list(client, two_revisions):
    html = client.get("/wiki/reward-modeling/history/", **HTMX).content.decode()

    assert html.lstrip().startswith('<div id="history">')
    assert "<html" not in html


@pytest.mark.django_db
def test_concept_history_hides_pending_revisions_from_charlie(client, charlie, editor, contributor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "Secret.")
    client.force_login(charlie)

    response = client.get("/wiki/reward-modeling/history/")

    assert [r.number for r in response.context["revisions"]] == [1]
    assert client.get(f"/wiki/reward-modeling/revisions/{pending.number}/").status_code == 404


@pytest.mark.django_db
def test_concept_diff_highlights_words(client, two_revisions):
    response = client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 2})

    html = response.content.decode()
    assert "<del>three</del>" in html
    assert "<ins>four five</ins>" in html


@pytest.mark.django_db
def test_concept_diff_htmx_returns_fragment(client, two_revisions):
    html = client.get("/wiki/reward-modeling/diff/", {"a": 2, "b": 1}, **HTMX).content.decode()

    assert html.lstrip().startswith('<section class="card diff-view"')
    assert "Revision 1 → revision 2" in html


@pytest.mark.django_db
def test_concept_diff_inline_pushes_its_address_older_revision_first(client, two_revisions):
    response = client.get("/wiki/reward-modeling/diff/", {"b": 1, "a": 2}, **HTMX)

    assert response["HX-Push-Url"] == "/wiki/reward-modeling/diff/?a=1&b=2"
    assert "HX-Push-Url" not in client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 2})


@pytest.mark.django_db
def test_concept_diff_bad_input_is_400_and_missing_revision_404(client, two_revisions):
    assert client.get("/wiki/reward-modeling/diff/", {"a": "x"}).status_code == 400
    assert client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 9}).status_code == 404


@pytest.mark.django_db
def test_revision_detail_shows_old_text(client, two_revisions):
    html = client.get("/wiki/reward-modeling/revisions/1/").content.decode()

    assert "One two three." in html
    assert "an older text" in html


@pytest.mark.django_db
def test_revert_asks_first_showing_what_changes(editor_client, two_revisions):
    response = editor_client.get("/wiki/reward-modeling/revisions/1/revert/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Revert to revision 1?" in html
    assert "<del>four five.</del>" in html or "four" in html
    assert '<input type="hidden" name="current" value="2">' in html
    assert two_revisions.revisions.count() == 2  # asking saves nothing


@pytest.mark.django_db
def test_revert_refused_when_the_page_changed_since_the_comparison(
    editor_client, editor, two_revisions
):
    two_revisions.refresh_from_db()
    revision_create(
        concept=two_revisions,
        author=editor,
        title=two_revisions.title,
        summary=two_revisions.summary,
        body="Meanwhile, something else.",
        edit_summary="meanwhile",
        base_revision=two_revisions.current_revision,
    )

    response = editor_client.post(
        "/wiki/reward-modeling/revisions/1/revert/", {"current": "2"}, follow=True
    )

    two_revisions.refresh_from_db()
    assert two_revisions.current_revision.number == 3
    assert "The page has changed since you compared it" in response.content.decode()


@pytest.mark.django_db
def test_revert_without_the_text_seen_is_a_400(editor_client, two_revisions):
    response = editor_client.post("/wiki/reward-modeling/revisions/1/revert/")

    assert response.status_code == 400
    assert two_revisions.revisions.count() == 2


@pytest.mark.django_db
def test_revision_revert_creates_revision_with_old_text(editor_client, two_revisions):
    response = editor_client.post("/wiki/reward-modeling/revisions/1/revert/", {"current": "2"})

    two_revisions.refresh_from_db()
    assert response.status_code == 302
    assert two_revisions.current_revision.number == 3
    assert two_revisions.current_revision.body == "One two three."


@pytest.mark.django_db
def test_revision_revert_charlie_is_forbidden_and_anonymous_sent_to_login(
    client, charlie, two_revisions
):
    anonymous = client.post("/wiki/reward-modeling/revisions/1/revert/", {"current": "2"})
    client.force_login(charlie)
    forbidden = client.post("/wiki/reward-modeling/revisions/1/revert/", {"current": "2"})
    asking = client.get("/wiki/reward-modeling/revisions/1/revert/")

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    assert forbidden.status_code == 403
    assert asking.status_code == 403
    assert two_revisions.revisions.count() == 2


# Review


@pytest.mark.django_db
def test_revision_approve_htmx_replaces_card(editor_client, editor, contributor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")

    response = editor_client.post(
        f"/wiki/reward-modeling/revisions/{pending.number}/approve/", **HTMX
    )

    html = response.content.decode()
    concept.refresh_from_db()
    assert html.lstrip().startswith('<article class="card pending-revision reviewed')
    assert "Approved" in html
    assert concept.current_revision == pending


@pytest.mark.django_db
def test_revision_approved_in_the_queue_lowers_its_count(editor_client, editor, contributor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    other = make_concept("Process Supervision", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")
    pending_edit(other, contributor, "Other text.")
    before = editor_client.get("/review/").content.decode()

    response = editor_client.post(
        f"/wiki/reward-modeling/revisions/{pending.number}/approve/",
        {"next": "/review/"},
        **HTMX,
    )

    assert '<span id="pending-revisions-count" class="muted count">2</span>' in before
    assert (
        '<span id="pending-revisions-count" class="muted count" hx-swap-oob="true">1</span>'
        in response.content.decode()
    )


@pytest.mark.django_db
def test_revision_approved_on_the_concept_page_sends_no_queue_count(
    editor_client, editor, contributor
):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")

    response = editor_client.post(
        f"/wiki/reward-modeling/revisions/{pending.number}/approve/",
        {"next": "/wiki/reward-modeling/"},
        **HTMX,
    )

    assert "pending-revisions-count" not in response.content.decode()


@pytest.mark.django_db
def test_revision_reject_form_fallback_redirects_to_next(editor_client, editor, contributor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")

    response = editor_client.post(
        f"/wiki/reward-modeling/revisions/{pending.number}/reject/",
        {"comment": "No.", "next": "/review/"},
    )

    pending.refresh_from_db()
    assert response["Location"] == "/review/"
    assert (pending.status, pending.review_comment) == (RevisionStatus.REJECTED, "No.")


@pytest.mark.django_db
def test_revision_approve_contributor_and_charlie_are_forbidden(
    client, charlie, contributor, editor
):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")
    url = f"/wiki/reward-modeling/revisions/{pending.number}/approve/"

    anonymous = client.post(url)
    client.force_login(charlie)
    as_charlie = client.post(url)
    client.force_login(contributor)
    as_contributor = client.post(url)

    pending.refresh_from_db()
    assert anonymous["Location"].startswith("/accounts/login/")
    assert (as_charlie.status_code, as_contributor.status_code) == (403, 403)
    assert pending.status == RevisionStatus.PENDING


@pytest.mark.django_db
def test_revision_approve_already_reviewed_says_somebody_was_faster(
    editor_client, editor, contributor
):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "New text.")
    url = f"/wiki/reward-modeling/revisions/{pending.number}/approve/"
    editor_client.post(url)

    response = editor_client.post(url, follow=True)

    assert "Somebody else was faster" in response.content.decode()


@pytest.mark.django_db
def test_pending_revision_partial_for_review_queue_is_complete(
    rf, editor, contributor, django_assert_max_num_queries
):
    from django.template.loader import render_to_string

    from wiki.selectors import revisions_pending

    for n in range(10):
        concept = make_concept(f"Concept {n}", body=BASE, author=editor)
        pending_edit(concept, contributor, BASE.replace("Middle", "Better middle"))
    request = rf.get("/review/")
    request.user = editor

    # One query for the queue; two load the editor's permissions once for the context processor.
    with django_assert_max_num_queries(3):
        html = "".join(
            render_to_string(
                "wiki/_pending_revision.html", {"revision": r, "is_editor": True}, request
            )
            for r in revisions_pending()
        )

    assert html.count(">Approve</button>") == 10
    assert html.count("<del>Middle</del><ins>Better middle</ins>") == 10
    assert "cora" in html
    assert "Cora&#x27;s change" in html


@pytest.mark.django_db
def test_revision_urls_with_huge_numbers_are_404_or_400(client, two_revisions):
    huge = 10**20

    assert client.get(f"/wiki/reward-modeling/revisions/{huge}/").status_code == 404
    assert client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": huge}).status_code == 400


def test_renamed_concept_keeps_its_old_title_as_an_alias(editor_client, editor):
    concept = make_concept("Reward Modelling")
    response = editor_client.post(
        "/wiki/reward-modelling/edit/",
        concept_form_data(concept, title="Reward Modeling", edit_summary="US spelling"),
    )
    assert response.status_code == 302

    page = editor_client.get("/wiki/reward-modelling/").content.decode()
    assert "<h1>Reward Modeling</h1>" in page
    assert '<span class="alias">Reward Modelling</span>' in page
    linker = make_concept("Linker", body="See [[Reward Modelling]].", author=editor)
    assert 'href="/wiki/reward-modelling/"' in linker.current_revision.html
    taken = editor_client.post(
        "/wiki/new/", {"title": "reward modelling", "summary": "", "body": "", "edit_summary": ""}
    )
    assert "already" in taken.content.decode()

    concept.refresh_from_db()
    editor_client.post(
        "/wiki/reward-modelling/edit/", concept_form_data(concept, title="Reward Modelling")
    )
    assert [a.name for a in concept.aliases.all()] == ["Reward Modeling"]


# A diff's own address


@pytest.mark.django_db
def test_history_loads_a_diff_inline_and_pushes_its_address(client, two_revisions):
    html = client.get("/wiki/reward-modeling/history/").content.decode()

    form = html.split('class="history-form"')[1].split(">")[0]
    assert 'hx-target="#diff-panel"' in form
    assert 'hx-push-url="true"' in form


@pytest.mark.django_db
def test_concept_diff_address_opened_directly_is_a_full_page(client, two_revisions):
    response = client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 2})

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "<title>Changes to Reward Modeling" in html
    assert 'href="/wiki/reward-modeling/diff/?a=1&amp;b=2">Link to this comparison' in html
    assert response["Vary"].count("HX-Request") == 1


@pytest.mark.django_db
def test_concept_diff_of_a_pending_revision_is_for_who_may_see_it(
    client, charlie, editor, contributor
):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    pending = pending_edit(concept, contributor, "Secret.")
    url = f"/wiki/{concept.slug}/diff/"
    query = {"a": 1, "b": pending.number}

    assert client.get(url, query).status_code == 404
    client.force_login(charlie)
    assert client.get(url, query).status_code == 404
    client.force_login(editor)
    assert "Secret" in client.get(url, query).content.decode()


@pytest.mark.django_db
def test_concept_diff_bounded_queries(client, two_revisions, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        response = client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 2})
    assert response.status_code == 200
