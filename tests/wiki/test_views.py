"""Concept pages through the test client: index, page, create, edit and preview; the
happy path, a user without access (charlie), and the htmx fragment of each view."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from tests.factories import (
    ClaimFactory,
    EntryFactory,
    PaperFactory,
    concept_form_data,
    make_concept,
    pending_edit,
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


# Concept page


@pytest.mark.django_db
def test_concept_detail_shows_body_toc_entries_key_papers_and_backlinks(client, editor):
    concept = make_concept("Reward Modeling", body="## Why it matters\n\nBecause.", author=editor)
    concept.related.add(make_concept("Process Supervision"))
    make_concept("Linker", body="See [[reward modeling]].", author=editor)
    paper = PaperFactory(title="A Key Paper")
    KeyPaper.objects.create(concept=concept, paper=paper, note="Why it is key.")
    old = EntryFactory(
        status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 30), headline="Older finding"
    )
    new = EntryFactory(
        status=EntryStatus.PUBLISHED, date=dt.date(2026, 10, 4), headline="Newer finding"
    )
    draft = EntryFactory(status=EntryStatus.DRAFT, headline="Draft finding")
    for entry in (old, new, draft):
        entry.topics.add(concept)
    ClaimFactory(entry=new, text="Unmarked claim.", evidence=Evidence.UNMARKED)
    ClaimFactory(entry=new, text="Read claim.", evidence=Evidence.FULL_TEXT, paper=paper)

    response = client.get("/wiki/reward-modeling/")

    html = response.content.decode()
    assert response.status_code == 200
    assert [e.headline for e in response.context["entries"]] == ["Newer finding", "Older finding"]
    assert html.index("State of the Art (2026-10-04)") < html.index("State of the Art (2026-09-30)")
    assert "Draft finding" not in html
    assert "Read claim." in html
    # Readers are told an unmarked claim is not yet marked, not shown it as a plain fact.
    assert html.count(">not yet marked</a>") == 1
    assert 'href="#why-it-matters"' in html
    assert "Why it is key." in html
    assert [c.title for c in response.context["backlinks"]] == ["Linker"]
    assert [c.title for c in response.context["related"]] == ["Process Supervision"]


@pytest.mark.django_db
def test_concept_detail_alias_redirects_to_concept(client):
    concept = make_concept("Reward Modeling")
    concept.aliases.create(name="Reward Models", slug="reward-models")

    response = client.get("/wiki/reward-models/")

    assert response.status_code == 302
    assert response["Location"] == "/wiki/reward-modeling/"


@pytest.mark.django_db
def test_concept_detail_unknown_slug_is_404(client):
    assert client.get("/wiki/no-such-page/").status_code == 404


@pytest.mark.django_db
def test_concept_detail_contributor_edit_invisible_to_readers_until_approved(
    client, editor, contributor
):
    concept = make_concept("Reward Modeling", body="Approved text.", author=editor)
    pending = pending_edit(concept, contributor, "Pending text.")

    before = client.get("/wiki/reward-modeling/").content.decode()
    client.force_login(editor)
    client.post(f"/wiki/reward-modeling/revisions/{pending.number}/approve/")
    client.logout()
    after = client.get("/wiki/reward-modeling/").content.decode()

    assert "Approved text." in before
    assert "Pending text." not in before
    assert "Pending text." in after


@pytest.mark.django_db
def test_concept_detail_editor_sees_pending_changes_with_diff_and_buttons(
    editor_client, editor, contributor
):
    concept = make_concept("Reward Modeling", body="Approved text.", author=editor)
    pending_edit(concept, contributor, "Approved text, improved.")

    html = editor_client.get("/wiki/reward-modeling/").content.decode()

    assert "1 pending change" in html
    assert "<ins>, improved</ins>" in html
    assert ">Approve</button>" in html
    assert ">Reject</button>" in html


@pytest.mark.django_db
def test_concept_detail_charlie_sees_no_pending_changes_or_edit_button(
    client, charlie, editor, contributor
):
    concept = make_concept("Reward Modeling", body="Approved text.", author=editor)
    pending_edit(concept, contributor, "Pending text.")
    client.force_login(charlie)

    html = client.get("/wiki/reward-modeling/").content.decode()

    assert "pending change" not in html
    assert "Pending text." not in html
    assert "/wiki/reward-modeling/edit/" not in html


@pytest.mark.django_db
def test_concept_detail_unpublished_concept_is_404_for_readers(client, contributor):
    from wiki.services import concept_create

    concept_create(title="Waiting", body="Draft text.", author=contributor)

    anonymous = client.get("/wiki/waiting/")
    client.force_login(contributor)
    author = client.get("/wiki/waiting/")

    assert anonymous.status_code == 404
    assert author.status_code == 200
    assert author.content.decode().count("waiting for an editor") == 1


@pytest.mark.django_db
def test_concept_detail_bounded_queries_with_200_entries_and_50_backlinks(
    client, editor, django_assert_max_num_queries
):
    concept = make_concept("Reward Modeling", body="## Body\n\nText.", author=editor)
    for n in range(50):
        make_concept(f"Linker {n:02d}", body="See [[Reward Modeling]].")
    paper = PaperFactory()
    caveat = Caveat.objects.first()
    for n in range(200):
        entry = EntryFactory(
            status=EntryStatus.PUBLISHED, date=dt.date(2026, 1, 1) + dt.timedelta(days=n)
        )
        entry.topics.add(concept)
        claim = ClaimFactory(entry=entry, paper=paper, evidence=Evidence.FULL_TEXT)
        claim.caveats.set([caveat])
    for n in range(5):
        KeyPaper.objects.create(concept=concept, paper=PaperFactory(), position=n)
    client.force_login(editor)

    # A cold cache: the shared part and all twenty sections are rendered (with the evidence
    # mix's two aggregates and the count of abstract-only claims among the shown ones), and
    # what the editor watches (for the page's "Watch" button).
    with django_assert_max_num_queries(22):
        response = client.get("/wiki/reward-modeling/")

    assert response.status_code == 200
    body = response.content.decode()
    # The newest twenty sections; the topic feed pages through the other 180.
    newest = dt.date(2026, 1, 1) + dt.timedelta(days=199)
    assert body.index("State of the Art (") == body.index(f"State of the Art ({newest:%Y-%m-%d})")
    assert "180 earlier entries" in body
    assert body.count('href="/wiki/linker-') == 50
    assert body.count("State of the Art (") == 20
    # Warm: the person's chrome only (the page below the header is the same).
    with django_assert_max_num_queries(3):
        again = client.get("/wiki/reward-modeling/").content.decode()
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')  # the "Watch" form's
    assert token.sub("", again.split("</header>")[1]) == token.sub("", body.split("</header>")[1])


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
