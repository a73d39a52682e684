"""Entry pages through the test client: writing, editing and reading."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from entries.models import Entry, EntryStatus, Evidence
from entries.review.workflow import entry_transition
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

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


# Writing


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


# Reading


def test_entry_page_shows_claims_badges_quote_source_and_log(
    client, make_entry, editor, no_figure, abstract_paper
):
    entry = make_entry(S.PENDING, claims=0)
    claim = ClaimFactory(
        entry=entry, text="No number here.", paper=abstract_paper, quote="We show it works.",
        evidence=Evidence.ABSTRACT_ONLY,
    )  # fmt: skip
    claim.caveats.add(no_figure)
    entry_transition(entry=entry, to=S.PUBLISHED, by=editor, version=entry.version, comment="Fine.")

    html = client.get(f"/entries/{entry.pk}/").content.decode()

    assert (
        'class="badge badge-level badge-evidence-abstract_only" href="/help/evidence/'
        '#evidence-abstract_only" title="Evidence: abstract only, only the abstract was read"'
    ) in html
    assert ">abstract only</a>" in html
    assert ">no figure stated</a>" in html
    assert "<summary>Quote</summary><blockquote>We show it works.</blockquote>" in html
    assert f'href="/papers/{abstract_paper.arxiv_id}/"' in html
    # The decision is public; its comment is for the author and editors only.
    assert "approved" in html and "Fine." not in html
    client.force_login(editor)
    assert "Fine." in client.get(f"/entries/{entry.pk}/").content.decode()


def test_unpublished_entry_hidden_from_readers(client, make_entry, other_contributor):
    entry = make_entry(S.PENDING)
    assert client.get(f"/entries/{entry.pk}/").status_code == 404
    client.force_login(other_contributor)
    assert client.get(f"/entries/{entry.pk}/").status_code == 404


def test_unmarked_claim_says_not_yet_marked_to_every_reader(
    client, make_entry, contributor, other_contributor
):
    entry = make_entry(S.PUBLISHED, claims=1, marked=False)
    for user in (None, other_contributor, contributor):
        if user is not None:
            client.force_login(user)
        html = client.get(f"/entries/{entry.pk}/").content.decode()
        # The claim's badge, and the count beside the entry.
        assert html.count('href="/help/evidence/#evidence-unmarked"') == 2
        assert ">not yet marked</a>" in html


def test_entry_page_with_100_claims_bounded_queries(
    client, make_entry, editor, django_assert_max_num_queries
):
    entry = make_entry(S.PENDING, claims=100, marked=False)
    client.force_login(editor)
    client.get(f"/entries/{entry.pk}/")  # warm caches (session, content types)

    with django_assert_max_num_queries(12):
        response = client.get(f"/entries/{entry.pk}/")
    assert response.content.decode().count('class="claim claim-review"') == 100

    entry_transition(entry=entry, to=S.CHANGES_REQUESTED, by=editor, comment="x")
    Entry.objects.filter(pk=entry.pk).update(status=S.PUBLISHED)
    client.logout()
    with django_assert_max_num_queries(8):
        response = client.get(f"/entries/{entry.pk}/")
    assert response.content.decode().count('class="claim"') == 100


def test_topic_page_lists_published_entries_newest_first(client, make_entry, topic):
    old = make_entry(S.PUBLISHED, date=dt.date(2026, 1, 1), headline="Older news")
    new = make_entry(S.PUBLISHED, date=dt.date(2026, 3, 1), headline="Newer news")
    make_entry(S.PENDING, headline="Not yet")

    html = client.get(f"/topics/{topic.slug}/").content.decode()

    assert html.index(new.headline) < html.index(old.headline)
    assert "Not yet" not in html
    assert "full text" in html  # badge summary


def test_topic_filter_by_evidence_and_caveat(client, make_entry, topic, no_figure):
    entry = make_entry(S.PUBLISHED, claims=0)
    ClaimFactory(entry=entry, text="Read in full, 3 points.", evidence=Evidence.FULL_TEXT)
    abstract = ClaimFactory(entry=entry, text="Abstract says so.", evidence=Evidence.ABSTRACT_ONLY)
    abstract.caveats.add(no_figure)

    by_evidence = client.get(f"/topics/{topic.slug}/?evidence=abstract_only").content.decode()
    by_caveat = client.get(
        f"/topics/{topic.slug}/?caveat=no-figure-stated", **HTMX
    ).content.decode()
    bad = client.get(f"/topics/{topic.slug}/?evidence=rumour")

    assert "Abstract says so." in by_evidence and "Read in full" not in by_evidence
    assert "Abstract says so." in by_caveat and "<html" not in by_caveat
    assert bad.status_code == 400
    assert "is not an evidence level" in bad.content.decode()


def test_topic_index(client, make_entry, topic):
    make_entry(S.PUBLISHED)
    html = client.get("/topics/").content.decode()
    assert f'href="/topics/{topic.slug}/"' in html and "1 entry" in html


def test_topic_feed_parses_with_the_right_entries(client, make_entry, topic):
    first = make_entry(S.PUBLISHED, headline="First published", date=dt.date(2026, 2, 1))
    second = make_entry(S.PUBLISHED, headline="Second published", date=dt.date(2026, 3, 1))
    make_entry(S.DRAFT, headline="A draft")
    elsewhere = EntryFactory(status=S.PUBLISHED, headline="Other topic")
    elsewhere.topics.add(make_concept("Process Supervision"))

    response = client.get(f"/topics/{topic.slug}/feed/")

    assert response["Content-Type"].startswith("application/xml")
    root = ET.fromstring(response.content)
    ns = {"a": "http://www.w3.org/2005/Atom"}
    assert root.find("a:title", ns).text == "Reward Modeling · Research Wiki"
    entries = root.findall("a:entry", ns)
    assert [e.find("a:title", ns).text for e in entries] == [second.headline, first.headline]
    assert entries[0].find("a:link", ns).get("href").endswith(f"/entries/{second.pk}/")


def test_topic_feed_unknown_topic_404(client, db):
    assert client.get("/topics/nope/feed/").status_code == 404


def test_my_entries_shows_states_and_comments(client, make_entry, contributor, editor):
    entry = make_entry(S.PENDING, headline="Sent back")
    entry_transition(entry=entry, to=S.CHANGES_REQUESTED, by=editor, comment="Name the benchmark.")
    make_entry(S.DRAFT, headline="Still a draft")
    client.force_login(contributor)

    html = client.get("/entries/mine/").content.decode()

    assert "Sent back" in html and "Still a draft" in html
    assert "Name the benchmark." in html
    assert html.index("changes requested") < html.index("Still a draft")


def test_my_entries_requires_login(client):
    assert client.get("/entries/mine/").status_code == 302


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
