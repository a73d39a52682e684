"""Concept pages through the test client: the happy path, a user without access (charlie),
and the htmx fragment of each view."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.models import Concept, KeyPaper, RevisionStatus
from wiki.services import revision_create

HTMX = {"HTTP_HX_REQUEST": "true"}
BASE = "Intro paragraph.\n\nMiddle paragraph.\n\nClosing paragraph.\n"


def form_data(concept, **changes):
    revision = concept.current_revision
    data = {
        "title": revision.title,
        "summary": revision.summary,
        "body": revision.body,
        "edit_summary": "",
        "base_revision": revision.number,
    }
    return {**data, **changes}


def pending_edit(concept, author, body):
    return revision_create(
        concept=concept,
        author=author,
        title=concept.title,
        summary=concept.summary,
        body=body,
        edit_summary="Cora's change",
        base_revision=concept.current_revision,
    )


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
    assert "badge-evidence-unmarked" not in html
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
    assert "waiting for an editor" in author.content.decode()


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

    with django_assert_max_num_queries(15):
        response = client.get("/wiki/reward-modeling/")

    assert response.status_code == 200
    # The newest twenty sections; the topic feed pages through the other 180.
    assert len(response.context["entries"]) == 20
    assert response.context["entries"][0].date == dt.date(2026, 1, 1) + dt.timedelta(days=199)
    assert "180 earlier entries" in response.content.decode()
    assert len(response.context["backlinks"]) == 50
    assert response.content.decode().count("State of the Art (") == 20


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
    assert ">Save</button>" in html


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
        "/wiki/reward-modeling/edit/", form_data(concept, body=BASE + "New.\r\n")
    )

    concept.refresh_from_db()
    assert response.status_code == 302
    assert concept.current_revision.number == 2
    assert concept.current_revision.body == BASE + "New.\n"


@pytest.mark.django_db
def test_concept_edit_contributor_saves_pending_revision(contributor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = contributor_client.post(
        "/wiki/reward-modeling/edit/", form_data(concept, body="Changed.\n"), follow=True
    )

    concept.refresh_from_db()
    assert concept.current_revision.number == 1
    assert concept.revisions.get(number=2).status == RevisionStatus.PENDING
    assert "waiting for an editor" in response.content.decode()


@pytest.mark.django_db
def test_concept_edit_stale_base_merges_and_says_so(editor_client, editor, other_editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    stale = form_data(concept, body=BASE.replace("Closing paragraph.", "Closing, mine."))
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
    stale = form_data(concept, body=BASE.replace("Middle paragraph.", "My middle."))
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

    editor_client.post("/wiki/reward-modeling/edit/", form_data(concept))

    assert concept.revisions.count() == 1


@pytest.mark.django_db
def test_concept_edit_charlie_is_forbidden(client, charlie, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)
    client.force_login(charlie)

    assert client.get("/wiki/reward-modeling/edit/").status_code == 403
    response = client.post("/wiki/reward-modeling/edit/", form_data(concept, body="x"))
    assert response.status_code == 403
    assert concept.revisions.count() == 1


@pytest.mark.django_db
def test_concept_edit_too_long_body_is_400(editor_client, editor):
    concept = make_concept("Reward Modeling", body=BASE, author=editor)

    response = editor_client.post(
        "/wiki/reward-modeling/edit/", form_data(concept, body="x" * 300_001)
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
        "/wiki/reward-modeling/edit/", form_data(concept, body="*New*", preview="1")
    )

    assert "<em>New</em>" in response.content.decode()
    assert concept.revisions.count() == 1


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
def test_concept_diff_bad_input_is_400_and_missing_revision_404(client, two_revisions):
    assert client.get("/wiki/reward-modeling/diff/", {"a": "x"}).status_code == 400
    assert client.get("/wiki/reward-modeling/diff/", {"a": 1, "b": 9}).status_code == 404


@pytest.mark.django_db
def test_revision_detail_shows_old_text(client, two_revisions):
    html = client.get("/wiki/reward-modeling/revisions/1/").content.decode()

    assert "One two three." in html
    assert "an older text" in html


@pytest.mark.django_db
def test_revision_revert_creates_revision_with_old_text(editor_client, two_revisions):
    response = editor_client.post("/wiki/reward-modeling/revisions/1/revert/")

    two_revisions.refresh_from_db()
    assert response.status_code == 302
    assert two_revisions.current_revision.number == 3
    assert two_revisions.current_revision.body == "One two three."


@pytest.mark.django_db
def test_revision_revert_charlie_is_forbidden_and_anonymous_sent_to_login(
    client, charlie, two_revisions
):
    anonymous = client.post("/wiki/reward-modeling/revisions/1/revert/")
    client.force_login(charlie)
    forbidden = client.post("/wiki/reward-modeling/revisions/1/revert/")

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    assert forbidden.status_code == 403
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

    from wiki.services import revisions_pending

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
        form_data(concept, title="Reward Modeling", edit_summary="US spelling"),
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
    editor_client.post("/wiki/reward-modelling/edit/", form_data(concept, title="Reward Modelling"))
    assert [a.name for a in concept.aliases.all()] == ["Reward Modeling"]
