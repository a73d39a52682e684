"""Concepts through the test client: index, create, edit and preview; the
happy path, a user without access (charlie), and the htmx fragment of each view."""

from __future__ import annotations

import pytest

from entries.models import EntryStatus
from tests.factories import (
    EntryFactory,
    PaperFactory,
    concept_form_data,
    make_concept,
)
from wiki.models import Concept, KeyPaper, RevisionStatus
from wiki.services import revision_create

HTMX = {"HTTP_HX_REQUEST": "true"}
BASE = "Intro paragraph.\n\nMiddle paragraph.\n\nClosing paragraph.\n"


# Index


@pytest.mark.django_db
def test_concept_index_lists_concepts_alphabetically_with_counts(client):
    beta = make_concept("beta Concept")
    alpha = make_concept("Alpha Concept")
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    entry.topics.add(beta)
    EntryFactory(status=EntryStatus.DRAFT).topics.add(beta)
    PaperFactory().topics.add(beta, alpha)

    response = client.get("/wiki/")

    concepts = list(response.context["concepts"])
    assert concepts == [alpha, beta]
    assert [(c.entry_count, c.paper_count) for c in concepts] == [(0, 1), (1, 1)]
    assert "1 entry" in response.content.decode()


@pytest.mark.django_db
def test_concept_index_hides_unpublished_concepts(client, contributor):
    from wiki.services import concept_create

    concept_create(title="Waiting", author=contributor)

    response = client.get("/wiki/")

    assert list(response.context["concepts"]) == []


@pytest.mark.django_db
def test_concept_index_htmx_filter_returns_only_results(client):
    make_concept("Reward Modeling")
    distil = make_concept("Knowledge Distillation")
    distil.aliases.create(name="Distilling", slug="distilling")

    response = client.get("/wiki/", {"q": "distil"}, **HTMX)

    html = response.content.decode()
    assert "Knowledge Distillation" in html
    assert "Reward Modeling" not in html
    assert html.lstrip().startswith('<div id="concept-results"')
    assert "<html" not in html


@pytest.mark.django_db
def test_concept_index_charlie_sees_no_new_button(client, charlie):
    client.force_login(charlie)

    response = client.get("/wiki/")

    assert response.status_code == 200
    assert "/wiki/new/" not in response.content.decode()


# New


@pytest.mark.django_db
def test_concept_new_editor_creates_published_concept(editor_client):
    response = editor_client.post(
        "/wiki/new/",
        {"title": "Reward Modeling", "summary": "Scores.", "body": "Text.", "edit_summary": ""},
    )

    concept = Concept.objects.get(title="Reward Modeling")
    assert response["Location"] == "/wiki/reward-modeling/"
    assert concept.current_revision.edit_summary == "Created the page"


@pytest.mark.django_db
def test_concept_new_form_has_designed_labels_and_prefilled_title(contributor_client):
    html = contributor_client.get("/wiki/new/", {"title": "Wanted Page"}).content.decode()

    for label in ("Title", "Summary", "Body", "Edit summary"):
        assert f">{label}</label>" in html
    assert 'value="Wanted Page"' in html
    # The designed label, and beside it what saving does for a contributor.
    assert ">Save</button>" in html
    assert "Saving submits your change for review" in html


@pytest.mark.django_db
def test_concept_edit_button_says_save_for_an_editor_whose_save_publishes(editor_client, editor):
    make_concept("Reward Modeling", body=BASE, author=editor)

    html = editor_client.get("/wiki/reward-modeling/edit/").content.decode()

    assert ">Save</button>" in html
    assert "submit for review" not in html


@pytest.mark.django_db
def test_concept_new_duplicate_title_is_400_with_message(editor_client):
    make_concept("Reward Modeling")

    response = editor_client.post("/wiki/new/", {"title": "reward modeling", "body": ""})

    assert response.status_code == 400
    assert "already has this title" in response.content.decode()


@pytest.mark.django_db
def test_concept_new_charlie_is_forbidden(client, charlie):
    client.force_login(charlie)

    assert client.get("/wiki/new/").status_code == 403
    assert client.post("/wiki/new/", {"title": "X"}).status_code == 403
    assert not Concept.objects.exists()


@pytest.mark.django_db
def test_concept_new_anonymous_is_sent_to_login(client):
    response = client.post("/wiki/new/", {"title": "X"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


# Edit


@pytest.mark.django_db
def test_concept_edit_editor_saves_new_revision(editor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = editor_client.post(
        "/wiki/reward-modeling/edit/", concept_form_data(concept, body=BASE + "New.\r\n")
    )

    concept.refresh_from_db()
    assert response.status_code == 302
    assert concept.current_revision.number == 2
    assert concept.current_revision.body == BASE + "New.\n"


@pytest.mark.django_db
def test_concept_edit_contributor_saves_pending_revision(contributor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = contributor_client.post(
        "/wiki/reward-modeling/edit/", concept_form_data(concept, body="Changed.\n"), follow=True
    )

    concept.refresh_from_db()
    assert concept.current_revision.number == 1
    assert concept.revisions.get(number=2).status == RevisionStatus.PENDING
    # One banner says so, not a message and a notice saying the same thing.
    assert response.content.decode().count("waiting for an editor") == 1


@pytest.mark.django_db
def test_concept_edit_stale_base_merges_and_says_so(editor_client, editor, other_editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    stale = concept_form_data(concept, body=BASE.replace("Closing paragraph.", "Closing, mine."))
    revision_create(
        concept=concept,
        author=other_editor,
        title=concept.title,
        summary=concept.summary,
        body=BASE.replace("Intro paragraph.", "Intro, theirs."),
        base_revision=concept.current_revision,
    )

    response = editor_client.post("/wiki/reward-modeling/edit/", stale, follow=True)

    concept.refresh_from_db()
    assert concept.current_revision.body == (
        "Intro, theirs.\n\nMiddle paragraph.\n\nClosing, mine.\n"
    )
    assert "merged" in response.content.decode()


@pytest.mark.django_db
def test_concept_edit_overlap_shows_conflict_with_both_texts_and_saves_nothing(
    editor_client, editor, other_editor
):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    stale = concept_form_data(concept, body=BASE.replace("Middle paragraph.", "My middle."))
    revision_create(
        concept=concept,
        author=other_editor,
        title=concept.title,
        summary=concept.summary,
        body=BASE.replace("Middle paragraph.", "Their middle."),
        base_revision=concept.current_revision,
    )

    response = editor_client.post("/wiki/reward-modeling/edit/", stale)

    html = response.content.decode()
    assert response.status_code == 409
    assert "Nothing was saved." in html
    assert "My middle." in html  # kept in the form
    assert "Their middle." in html  # the current text beside it
    assert response.context["form"].initial["base_revision"] == 2
    assert concept.revisions.count() == 2


@pytest.mark.django_db
def test_concept_edit_without_changes_saves_nothing(editor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    editor_client.post("/wiki/reward-modeling/edit/", concept_form_data(concept))

    assert concept.revisions.count() == 1


@pytest.mark.django_db
def test_concept_edit_charlie_is_forbidden(client, charlie, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    client.force_login(charlie)

    assert client.get("/wiki/reward-modeling/edit/").status_code == 403
    response = client.post("/wiki/reward-modeling/edit/", concept_form_data(concept, body="x"))
    assert response.status_code == 403
    assert concept.revisions.count() == 1


@pytest.mark.django_db
def test_concept_edit_too_long_body_is_400(editor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = editor_client.post(
        "/wiki/reward-modeling/edit/", concept_form_data(concept, body="x" * 300_001)
    )

    assert response.status_code == 400
    assert concept.revisions.count() == 1


# Preview


@pytest.mark.django_db
def test_concept_preview_htmx_returns_rendered_fragment(contributor_client):
    make_concept("Reward Modeling")

    response = contributor_client.post(
        "/wiki/preview/", {"body": "**Bold** [[Reward Modeling]]"}, **HTMX
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="preview"')
    assert "<strong>Bold</strong>" in html
    assert 'href="/wiki/reward-modeling/"' in html


@pytest.mark.django_db
def test_concept_preview_charlie_is_forbidden(client, charlie):
    client.force_login(charlie)

    assert client.post("/wiki/preview/", {"body": "x"}).status_code == 403


@pytest.mark.django_db
def test_concept_edit_preview_button_renders_without_saving(editor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = editor_client.post(
        "/wiki/reward-modeling/edit/", concept_form_data(concept, body="*New*", preview="1")
    )

    assert "<em>New</em>" in response.content.decode()
    assert concept.revisions.count() == 1


# A new page takes the same key papers, related concepts and aliases as an edit.


def _new_concept_data(**fields):
    data = {
        "title": "Gödel Machines",
        "summary": "Self-improving programs.",
        "body": "Text.",
        "edit_summary": "",
        "key_papers-TOTAL_FORMS": "2",
        "key_papers-INITIAL_FORMS": "0",
        "aliases": "",
    }
    return data | fields


@pytest.mark.django_db
def test_concept_new_form_offers_key_papers_related_and_aliases(editor_client):
    html = editor_client.get("/wiki/new/").content.decode()

    for label in ("Related concepts", "Aliases"):
        assert f">{label}</label>" in html or f">{label}</legend>" in html
    assert "key_papers-TOTAL_FORMS" in html


@pytest.mark.django_db
def test_concept_new_by_editor_saves_key_papers_related_and_aliases(editor_client, editor):
    other = make_concept("Reward Modeling", author=editor)
    paper = PaperFactory(arxiv_id="2601.00042", title="Self-reference")
    data = _new_concept_data(
        related=[str(other.pk)],
        aliases="Goedel machine\nSelf-improver",
        **{
            "key_papers-0-paper": paper.arxiv_id,
            "key_papers-0-note": "Where it starts",
            "key_papers-0-ORDER": "1",
            "key_papers-1-paper": "",
            "key_papers-1-note": "",
        },
    )

    response = editor_client.post("/wiki/new/", data)

    concept = Concept.objects.get(title="Gödel Machines")
    assert response.status_code == 302
    assert list(concept.related.values_list("title", flat=True)) == ["Reward Modeling"]
    assert sorted(concept.aliases.values_list("name", flat=True)) == [
        "Goedel machine",
        "Self-improver",
    ]
    assert [(k.paper.title, k.note) for k in KeyPaper.objects.filter(concept=concept)] == [
        ("Self-reference", "Where it starts")
    ]


@pytest.mark.django_db
def test_concept_new_by_contributor_shows_one_waiting_banner(contributor_client):
    response = contributor_client.post("/wiki/new/", _new_concept_data(), follow=True)

    assert response.status_code == 200
    assert response.content.decode().count("waiting for an editor") == 1
