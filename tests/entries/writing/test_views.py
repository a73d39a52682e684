"""Writing and editing entries through the test client: the form and its claims, the paper
picker, the "Source paper" field."""

from __future__ import annotations

from entries.models import Entry, EntryStatus, Evidence
from tests.factories import PaperFactory

S = EntryStatus
HTMX = {"HTTP_HX_REQUEST": "true"}


def _entry_post(topic, claims, op="save", **extra):
    data = {
        "date": "2026-09-30",
        "headline": "Rubric rewards help agents",
        "lead": "A lead with *emphasis*.",
        "topics": [topic.pk],
        "claims-TOTAL_FORMS": len(claims),
        "claims-INITIAL_FORMS": 0,
        "op": op,
        **extra,
    }
    for i, claim in enumerate(claims):
        for key, value in claim.items():
            data[f"claims-{i}-{key}"] = value
    return data


def test_entry_new_requires_login(client):
    response = client.get("/entries/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_entry_new_refused_without_role(client, charlie, topic):
    client.force_login(charlie)
    assert client.get("/entries/new/").status_code == 403
    assert client.post("/entries/new/", _entry_post(topic, [])).status_code == 403
    assert Entry.objects.count() == 0


def test_entry_new_form_has_the_labels(contributor_client):
    html = contributor_client.get("/entries/new/").content.decode()
    for label in ["Date", "Headline", "Lead", "Topics", "Claim", "Source paper", "Quote"]:
        assert f">{label}</label>" in html
    assert ">Save draft</button>" in html
    assert ">Submit for review</button>" in html
    assert ">Evidence</label>" not in html


def test_entry_new_form_shows_marks_to_editors(editor_client):
    html = editor_client.get("/entries/new/").content.decode()
    assert ">Evidence</label>" in html
    assert "no figure stated</label>" in html


def test_entry_create_and_submit(contributor_client, contributor, topic, abstract_paper):
    claims = [
        {"text": "Rubrics beat scalar rewards.", "paper": abstract_paper.arxiv_id},
        {"text": "Gains of 4 points.", "paper": f"arXiv:{abstract_paper.arxiv_id}v2", "quote": "4"},
    ]

    response = contributor_client.post("/entries/new/", _entry_post(topic, claims, op="submit"))

    entry = Entry.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/entries/{entry.pk}/"
    assert (entry.status, entry.author, entry.headline) == (
        S.PENDING,
        contributor,
        "Rubric rewards help agents",
    )
    assert "<em>emphasis</em>" in entry.lead_html
    assert [(c.text, c.paper) for c in entry.claims.all()] == [
        ("Rubrics beat scalar rewards.", abstract_paper),
        ("Gains of 4 points.", abstract_paper),
    ]
    assert [c.evidence for c in entry.claims.all()] == [Evidence.UNMARKED] * 2
    assert list(entry.topics.all()) == [topic]
    assert list(entry.events.values_list("action", "to_status")) == [
        ("created", S.DRAFT),
        ("submitted", S.PENDING),
    ]


def test_entry_save_draft(contributor_client, topic):
    contributor_client.post("/entries/new/", _entry_post(topic, [{"text": "A claim."}]))
    assert Entry.objects.get().status == S.DRAFT


def test_entry_unknown_paper_is_a_form_error(contributor_client, topic):
    response = contributor_client.post(
        "/entries/new/", _entry_post(topic, [{"text": "A claim.", "paper": "2609.99999"}])
    )
    assert response.status_code == 400
    assert "No paper in the library matches" in response.content.decode()
    assert Entry.objects.count() == 0


def test_entry_garbage_input_is_400_not_500(contributor_client):
    response = contributor_client.post(
        "/entries/new/", {"date": "yesterday", "claims-TOTAL_FORMS": "x", "op": "save"}
    )
    assert response.status_code == 400
    assert Entry.objects.count() == 0


def test_claim_add_keeps_typed_text_and_saves_nothing(contributor_client, topic):
    data = _entry_post(topic, [{"text": "Typed but not saved.", "quote": "verbatim"}], op="add")

    response = contributor_client.post("/entries/new/", data, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html  # only the claims fragment
    assert "Typed but not saved." in html and "verbatim" in html
    assert 'name="claims-TOTAL_FORMS" value="2"' in html
    assert Entry.objects.count() == 0


def test_claim_move_and_remove(contributor_client, topic):
    claims = [{"text": "First."}, {"text": "Second."}, {"text": "Third."}]

    moved = contributor_client.post("/entries/new/", _entry_post(topic, claims, op="up-2"), **HTMX)
    removed = contributor_client.post(
        "/entries/new/", _entry_post(topic, claims, op="remove-0"), **HTMX
    )

    html = moved.content.decode()
    assert html.index("First.") < html.index("Third.") < html.index("Second.")
    html = removed.content.decode()
    assert "First." not in html and html.index("Second.") < html.index("Third.")


def test_claim_ops_work_without_javascript(contributor_client, topic):
    response = contributor_client.post(
        "/entries/new/", _entry_post(topic, [{"text": "Kept."}], op="add", headline="Kept headline")
    )
    html = response.content.decode()
    assert "<html" in html and "Kept." in html and 'value="Kept headline"' in html


def test_edit_permissions(client, make_entry, contributor, other_contributor, editor, charlie):
    draft = make_entry(S.DRAFT)
    pending = make_entry(S.PENDING)

    client.force_login(other_contributor)
    assert client.get(f"/entries/{draft.pk}/edit/").status_code == 404
    assert client.post(f"/entries/{draft.pk}/edit/", {"op": "save"}).status_code == 403
    client.force_login(charlie)
    assert client.post(f"/entries/{draft.pk}/edit/", {"op": "save"}).status_code == 403
    client.force_login(contributor)
    assert client.get(f"/entries/{draft.pk}/edit/").status_code == 200
    assert client.get(f"/entries/{pending.pk}/edit/").status_code == 403
    client.force_login(editor)
    assert client.get(f"/entries/{pending.pk}/edit/").status_code == 200


def test_edit_keeps_marks_of_unchanged_claims(client, make_entry, contributor, topic):
    entry = make_entry(S.CHANGES_REQUESTED, claims=2)
    first, second = entry.claims.all()
    client.force_login(contributor)
    data = _entry_post(
        topic,
        [{"id": first.pk, "text": first.text}, {"id": second.pk, "text": "Rewritten, 5 points."}],
        seen_status=S.CHANGES_REQUESTED,
    )
    data["claims-INITIAL_FORMS"] = 2

    response = client.post(f"/entries/{entry.pk}/edit/", data)

    assert response.status_code == 302
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.evidence, second.evidence) == (Evidence.FULL_TEXT, Evidence.UNMARKED)
    assert second.text == "Rewritten, 5 points."


def test_edit_published_entry_makes_a_revision(client, make_entry, contributor, topic):
    entry = make_entry(S.PUBLISHED, claims=1)
    client.force_login(contributor)
    data = _entry_post(topic, [{"text": "Changed claim."}], headline="A better headline")

    response = client.post(f"/entries/{entry.pk}/edit/", data)

    revision = Entry.objects.get(revision_of=entry)
    assert response["Location"] == f"/entries/{revision.pk}/"
    entry.refresh_from_db()
    assert entry.headline != "A better headline"
    assert client.get(f"/entries/{entry.pk}/edit/")["Location"] == f"/entries/{revision.pk}/edit/"
    page = client.get(f"/entries/{revision.pk}/").content.decode()
    assert "Changes against the published entry" in page


def test_paper_options_autocomplete(contributor_client, abstract_paper):
    PaperFactory(title="Something else")

    by_title = contributor_client.get("/entries/papers/", {"claims-0-paper": "rubrics"}, **HTMX)
    by_id = contributor_client.get("/entries/papers/", {"q": abstract_paper.arxiv_id})
    page = contributor_client.get("/entries/papers/", {"q": "nothing like it"})

    fragment = by_title.content.decode()
    assert 'role="listbox" id="claims-0-paper-listbox"' in fragment
    assert fragment.count('role="option"') == 1
    assert f'data-value="{abstract_paper.arxiv_id}" data-label="Rubrics Without Checkers"' in (
        fragment
    )
    assert "Rubrics Without Checkers" in by_id.content.decode()
    assert "No paper in the library matches" in page.content.decode()


def test_paper_options_offers_to_add_a_paper_none_matches(contributor_client, db):
    none = contributor_client.get(
        "/entries/papers/", {"claims-2-paper": "A Paper Nobody Added"}, **HTMX
    )

    fragment = none.content.decode()
    assert 'href="/papers/new/?title=A+Paper+Nobody+Added"' in fragment
    assert "Add this paper" in fragment
    assert 'id="claims-2-paper-listbox"' in fragment


def test_paper_options_need_a_login(client, db):
    response = client.get("/entries/papers/", {"q": "rubrics"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_new_paper_form_is_filled_from_add_this_paper(contributor_client, db):
    page = contributor_client.get("/papers/new/", {"title": "A  Paper Nobody Added"})

    assert 'value="A Paper Nobody Added"' in page.content.decode()


# The "Source paper" field: what typed without picking a suggestion names a paper


def test_source_paper_typed_as_its_exact_title_is_accepted(contributor_client, topic):
    paper = PaperFactory(title="Step Labels at Scale: A Study of Process Rewards")
    PaperFactory(title="Step Labels at Scale, Again")
    typed = "  step labels at  scale: a study of process rewards "

    response = contributor_client.post(
        "/entries/new/", _entry_post(topic, [{"text": "Labels help.", "paper": typed}])
    )

    assert response.status_code == 302
    assert Entry.objects.get().claims.get().paper == paper


def test_source_paper_typed_as_a_doi_is_accepted(contributor_client, topic):
    paper = PaperFactory(doi="10.1234/abc.5678", arxiv_id=None)

    response = contributor_client.post(
        "/entries/new/",
        _entry_post(topic, [{"text": "Labels help.", "paper": "https://doi.org/10.1234/ABC.5678"}]),
    )

    assert response.status_code == 302
    assert Entry.objects.get().claims.get().paper == paper


def test_source_paper_title_two_papers_share_asks_to_pick(contributor_client, topic):
    PaperFactory(title="Outcome First")
    PaperFactory(title="Outcome First")

    response = contributor_client.post(
        "/entries/new/", _entry_post(topic, [{"text": "Labels help.", "paper": "Outcome First"}])
    )

    assert response.status_code == 400
    assert "Several papers in the library are titled “Outcome First”" in response.content.decode()
    assert Entry.objects.count() == 0


def test_source_paper_unknown_keeps_what_was_typed(contributor_client, topic):
    response = contributor_client.post(
        "/entries/new/",
        _entry_post(topic, [{"text": "My careful claim.", "paper": "Nothing Like It"}]),
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert "No paper in the library matches “Nothing Like It”" in html
    assert "My careful claim." in html
    assert 'value="Nothing Like It"' in html
