"""Key papers, related concepts and aliases edited in the browser: the same revision and
review rules as the body."""

from __future__ import annotations

import pytest

from tests.factories import PaperFactory, concept_links_data, make_concept
from wiki.models import KeyPaper, Revision, RevisionStatus
from wiki.services import revision_revert
from wiki.workflow import revision_approve


@pytest.fixture
def concept(db):
    return make_concept("Reward Modeling", body="Intro.\n")


@pytest.fixture
def papers(db):
    return [PaperFactory(title=f"Key paper {n}") for n in range(3)]


def key_titles(concept) -> list[tuple[str, str]]:
    rows = KeyPaper.objects.filter(concept=concept).order_by("position")
    return [(row.paper.title, row.note) for row in rows.select_related("paper")]


def edit(client, concept, **links):
    return client.post(f"/wiki/{concept.slug}/edit/", concept_links_data(concept, **links))


def test_editor_key_papers_related_and_aliases_publish_at_once(client, editor, concept, papers):
    other = make_concept("Process Supervision")
    client.force_login(editor)

    response = edit(
        client,
        concept,
        key_papers=[(papers[1].arxiv_id, "The first benchmark"), (str(papers[0].pk), "")],
        related=[other.pk],
        aliases="Reward models, RM",
    )

    assert response.status_code == 302
    assert key_titles(concept) == [("Key paper 1", "The first benchmark"), ("Key paper 0", "")]
    assert list(other.related.values_list("title", flat=True)) == ["Reward Modeling"]
    assert set(concept.aliases.values_list("name", flat=True)) == {"Reward models", "RM"}
    page = client.get(concept.get_absolute_url()).content.decode()
    assert "The first benchmark" in page
    assert "Reward models" in page


def test_contributor_change_waits_for_review_and_is_invisible_until_approved(
    client, contributor, other_editor, concept, papers
):
    client.force_login(contributor)

    response = edit(client, concept, key_papers=[(papers[0].arxiv_id, "Start here")], aliases="RM")

    assert response.status_code == 302
    pending = Revision.objects.get(concept=concept, status=RevisionStatus.PENDING)
    assert key_titles(concept) == []
    assert list(concept.aliases.all()) == []
    client.logout()
    assert "Start here" not in client.get(concept.get_absolute_url()).content.decode()
    assert client.get("/wiki/rm/").status_code == 404

    revision_approve(revision=pending, by=other_editor)

    assert key_titles(concept) == [("Key paper 0", "Start here")]
    assert client.get("/wiki/rm/")["Location"] == concept.get_absolute_url()


def test_contributor_change_shows_in_words_in_the_review_queue(
    client, contributor, other_editor, concept, papers
):
    client.force_login(contributor)
    edit(client, concept, key_papers=[(papers[0].arxiv_id, "")], aliases="RM")
    client.force_login(other_editor)

    html = client.get("/review/").content.decode()

    assert "Added key paper “Key paper 0”." in html
    assert "Added alias “RM”." in html


def test_revert_restores_key_papers(client, editor, concept, papers):
    client.force_login(editor)
    edit(client, concept, key_papers=[(papers[0].arxiv_id, "first"), (papers[1].arxiv_id, "")])
    concept.refresh_from_db()
    kept = concept.current_revision
    edit(client, concept, key_papers=[(papers[2].arxiv_id, "other")])
    assert key_titles(concept) == [("Key paper 2", "other")]

    revision_revert(revision=kept, by=editor)

    assert key_titles(concept) == [("Key paper 0", "first"), ("Key paper 1", "")]


def test_order_fields_reorder_and_remove_without_javascript(client, editor, concept, papers):
    client.force_login(editor)
    data = concept_links_data(concept, key_papers=[(p.arxiv_id, "") for p in papers], extra_rows=0)
    data |= {"key_papers-0-ORDER": "3", "key_papers-2-ORDER": "1", "key_papers-1-DELETE": "on"}

    client.post(f"/wiki/{concept.slug}/edit/", data)

    assert key_titles(concept) == [("Key paper 2", ""), ("Key paper 0", "")]


def test_diff_names_key_paper_and_alias_changes(client, editor, concept, papers):
    client.force_login(editor)
    edit(client, concept, key_papers=[(papers[0].arxiv_id, "")], aliases="RM")
    concept.refresh_from_db()
    edit(client, concept, key_papers=[(papers[0].arxiv_id, "Now with a note")])

    html = client.get(f"/wiki/{concept.slug}/diff/", {"a": 2, "b": 3}).content.decode()

    assert "Changed the note on “Key paper 0” to “Now with a note”." in html
    assert "Removed alias “RM”." in html


def test_duplicate_alias_is_a_form_error(client, editor, concept):
    client.force_login(editor)

    response = edit(client, concept, aliases="RM\nrm")

    assert response.status_code == 400
    assert "“rm” is listed twice." in response.content.decode()
    assert concept.revisions.count() == 1


def test_alias_that_is_another_concepts_title_is_a_form_error(client, editor, concept):
    make_concept("Process Supervision")
    client.force_login(editor)

    response = edit(client, concept, aliases="process supervision")

    assert response.status_code == 400
    assert "“process supervision” is already another concept&#x27;s title or alias." in (
        response.content.decode()
    )
    assert list(concept.aliases.all()) == []


def test_unknown_key_paper_is_a_form_error(client, editor, concept):
    client.force_login(editor)

    response = edit(client, concept, key_papers=[("2999.99999", "")])

    assert response.status_code == 400
    assert "No paper in the library matches “2999.99999”" in response.content.decode()


def test_stale_alias_edit_is_a_conflict_that_keeps_the_users_words(
    client, editor, contributor, concept
):
    opened = concept_links_data(concept, aliases="Mine")
    client.force_login(editor)
    edit(client, concept, aliases="Theirs")
    client.force_login(contributor)

    response = client.post(f"/wiki/{concept.slug}/edit/", opened)

    assert response.status_code == 409
    html = response.content.decode()
    assert "Nothing was saved." in html
    assert ">Mine</textarea>" in html
    assert list(concept.aliases.values_list("name", flat=True)) == ["Theirs"]


def test_stale_body_edit_merges_with_a_key_paper_change(
    client, editor, contributor, concept, papers
):
    opened = concept_links_data(concept, body="Intro.\nMore.\n")
    client.force_login(editor)
    edit(client, concept, key_papers=[(papers[0].arxiv_id, "")])

    response = client.post(f"/wiki/{concept.slug}/edit/", opened)

    assert response.status_code == 302
    concept.refresh_from_db()
    assert concept.current_revision.body == "Intro.\nMore.\n"
    assert key_titles(concept) == [("Key paper 0", "")]


def test_edit_page_queries_are_bounded(
    client, editor, concept, papers, django_assert_max_num_queries
):
    for n in range(5):
        make_concept(f"Other {n}")
    client.force_login(editor)
    edit(client, concept, key_papers=[(p.arxiv_id, "note") for p in papers], aliases="A, B")

    with django_assert_max_num_queries(20):
        response = client.get(f"/wiki/{concept.slug}/edit/")

    assert response.status_code == 200
    assert response.content.decode().count('name="key_papers-') >= 3 * 4


def test_edit_post_queries_are_bounded(
    client, editor, concept, papers, django_assert_max_num_queries
):
    client.force_login(editor)
    data = concept_links_data(concept, key_papers=[(p.arxiv_id, "") for p in papers], aliases="A")

    with django_assert_max_num_queries(70):
        response = client.post(f"/wiki/{concept.slug}/edit/", data)

    assert response.status_code == 302
