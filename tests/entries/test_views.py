from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from entries.models import Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.workflow import entry_transition
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

    option = f'<option value="{abstract_paper.arxiv_id}">'
    assert by_title.content.decode().strip() == (
        option + "Rubrics Without Checkers · abstract only</option>"
    )
    assert "Rubrics Without Checkers" in by_id.content.decode()
    assert "No paper in the library matches" in page.content.decode()


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
    entry_transition(entry=entry, to=S.PUBLISHED, by=editor, comment="Fine.")

    html = client.get(f"/entries/{entry.pk}/").content.decode()

    assert 'badge-evidence-abstract_only" title="Evidence level">abstract only<' in html
    assert ">no figure stated<" in html
    assert "<summary>Quote</summary><blockquote>We show it works.</blockquote>" in html
    assert f'href="/papers/{abstract_paper.arxiv_id}/"' in html
    assert "approved" in html and "Fine." in html


def test_unpublished_entry_hidden_from_readers(client, make_entry, other_contributor):
    entry = make_entry(S.PENDING)
    assert client.get(f"/entries/{entry.pk}/").status_code == 404
    client.force_login(other_contributor)
    assert client.get(f"/entries/{entry.pk}/").status_code == 404


def test_unmarked_badge_only_for_editors_and_author(
    client, make_entry, contributor, editor, other_contributor
):
    entry = make_entry(S.PUBLISHED, claims=1, marked=False)
    assert ">unmarked<" not in client.get(f"/entries/{entry.pk}/").content.decode()
    client.force_login(other_contributor)
    assert ">unmarked<" not in client.get(f"/entries/{entry.pk}/").content.decode()
    client.force_login(contributor)
    assert ">unmarked<" in client.get(f"/entries/{entry.pk}/").content.decode()


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

    assert response["Content-Type"].startswith("application/atom+xml")
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


# Review


def test_review_queue_permissions(client, contributor, charlie):
    assert client.get("/review/").status_code == 302
    client.force_login(contributor)
    assert client.get("/review/").status_code == 403
    client.force_login(charlie)
    assert client.get("/review/").status_code == 403


def test_review_queue_lists_pending_oldest_first(editor_client, make_entry, contributor):
    first = make_entry(S.DRAFT, headline="Submitted first", marked=False)
    second = make_entry(S.DRAFT, headline="Submitted second")
    entry_transition(entry=first, to=S.PENDING, by=contributor)
    entry_transition(entry=second, to=S.PENDING, by=contributor)
    make_entry(S.DRAFT, headline="A draft nobody sees")

    html = editor_client.get("/review/").content.decode()

    assert html.index("Submitted first") < html.index("Submitted second")
    assert "A draft nobody sees" not in html
    assert "2 unmarked" in html
    assert ">Evidence</label>" in html


def test_review_queue_bounded_queries(editor_client, make_entry, django_assert_max_num_queries):
    for _ in range(3):
        make_entry(S.PENDING, claims=5, marked=False)
    editor_client.get("/review/")
    with django_assert_max_num_queries(12) as small:
        editor_client.get("/review/")
    for _ in range(7):
        make_entry(S.PENDING, claims=20, marked=False)

    with django_assert_max_num_queries(12) as large:
        response = editor_client.get("/review/")

    assert response.status_code == 200
    assert len(large.captured_queries) == len(small.captured_queries)


def test_review_queue_opens_the_longest_waiting_entry_and_links_the_others(
    editor_client, make_entry
):
    first = make_entry(S.PENDING, headline="Waiting longest", claims=2, marked=False)
    second = make_entry(S.PENDING, headline="Waiting less", claims=3, marked=False)

    html = editor_client.get("/review/", {"page": 1}).content.decode()

    assert f'id="claim-review-{first.claims.first().pk}"' in html
    assert f'id="claim-review-{second.claims.first().pk}"' not in html
    item_url = f"/review/{second.pk}/?next=/review/%3Fpage%3D1"
    assert f'hx-get="{item_url}"' in html
    assert f'href="/entries/{second.pk}/">Review it on the entry page' in html
    assert "3 claims" in html and "3 unmarked" in html

    item = editor_client.get(item_url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in item
    assert all(f'id="claim-review-{c.pk}"' in item for c in second.claims.all())
    assert 'name="next" value="/review/?page=1"' in item
    assert "3 claims still unmarked" in item


def test_review_item_is_for_editors_and_tells_when_someone_else_decided(
    editor_client, contributor, make_entry
):
    entry = make_entry(S.PENDING)
    client = Client()
    assert client.get(f"/review/{entry.pk}/").status_code == 302
    client.force_login(contributor)
    assert client.get(f"/review/{entry.pk}/").status_code == 403
    Entry.objects.filter(pk=entry.pk).update(status=S.PUBLISHED)

    response = editor_client.get(f"/review/{entry.pk}/")

    assert response.status_code == 200
    assert "no longer waiting for review: it is published now" in response.content.decode()
    assert editor_client.get("/review/999999/").status_code == 404


def test_review_item_bounded_queries(editor_client, make_entry, django_assert_max_num_queries):
    small = make_entry(S.PENDING, claims=2, marked=False)
    large = make_entry(S.PENDING, claims=30, marked=False)
    editor_client.get(f"/review/{small.pk}/")
    with django_assert_max_num_queries(12) as few:
        editor_client.get(f"/review/{small.pk}/")
    with django_assert_max_num_queries(12) as many:
        editor_client.get(f"/review/{large.pk}/")
    assert len(many.captured_queries) == len(few.captured_queries)


def test_mark_claim_htmx_returns_fragment_and_enables_approve(editor_client, make_entry, no_figure):
    entry = make_entry(S.PENDING, claims=2, marked=False)
    first, second = entry.claims.all()
    Claim.objects.filter(pk=first.pk).update(evidence=Evidence.FULL_TEXT)

    response = editor_client.post(
        f"/claims/{second.pk}/mark/",
        {"evidence": "secondary", "caveats": [no_figure.pk]},
        **HTMX,
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert f'id="claim-review-{second.pk}"' in html
    assert f'id="approve-{entry.pk}" hx-swap-oob="true"' in html
    assert (
        "Every claim is marked." in html
        and "disabled" not in html.split(f'id="approve-{entry.pk}"')[1]
    )
    second.refresh_from_db()
    assert second.evidence == Evidence.SECONDARY
    assert list(second.caveats.all()) == [no_figure]
    assert second.marked_by is not None


def test_mark_claim_refused_to_contributor_and_charlie(client, make_entry, contributor, charlie):
    entry = make_entry(S.PENDING, claims=1, marked=False)
    claim = entry.claims.get()
    assert client.post(f"/claims/{claim.pk}/mark/", {"evidence": "full_text"}).status_code == 302
    for user in (contributor, charlie):
        client.force_login(user)
        response = client.post(f"/claims/{claim.pk}/mark/", {"evidence": "full_text"})
        assert response.status_code == 403
    claim.refresh_from_db()
    assert claim.evidence == Evidence.UNMARKED


def test_mark_claim_bad_value_is_400(editor_client, make_entry):
    claim = make_entry(S.PENDING, claims=1, marked=False).claims.get()
    response = editor_client.post(f"/claims/{claim.pk}/mark/", {"evidence": "rumour"}, **HTMX)
    assert response.status_code == 400
    assert "Choose an evidence level" in response.content.decode()


def test_mark_claim_without_javascript_redirects_back(editor_client, make_entry):
    claim = make_entry(S.PENDING, claims=1, marked=False).claims.get()
    response = editor_client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": "editorial", "next": "/review/"}
    )
    assert (response.status_code, response["Location"]) == (302, "/review/")


def test_apply_one_suggestion(editor_client, make_entry, abstract_paper):
    entry = make_entry(S.PENDING, claims=0)
    claim = ClaimFactory(entry=entry, text="No number.", paper=abstract_paper)

    response = editor_client.post(
        f"/claims/{claim.pk}/apply/", {"kind": "evidence", "value": "abstract_only"}, **HTMX
    )
    again = editor_client.post(
        f"/claims/{claim.pk}/apply/", {"kind": "evidence", "value": "abstract_only"}, **HTMX
    )

    claim.refresh_from_db()
    assert response.status_code == 200
    assert claim.evidence == Evidence.ABSTRACT_ONLY
    assert list(claim.caveats.all()) == []  # only the clicked suggestion
    assert again.status_code == 400
    assert "no longer applies" in again.content.decode()


def test_apply_all_suggestions(editor_client, make_entry, abstract_paper):
    entry = make_entry(S.PENDING, claims=0)
    a = ClaimFactory(entry=entry, text="No number.", paper=abstract_paper)
    b = ClaimFactory(entry=entry, text="Up 3 points.", evidence=Evidence.UNMARKED)

    response = editor_client.post(f"/entries/{entry.pk}/apply-suggestions/", **HTMX)

    assert response.status_code == 200
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.evidence == Evidence.ABSTRACT_ONLY
    assert [c.name for c in a.caveats.all()] == ["no figure stated"]
    assert (b.evidence, b.caveats.count()) == (Evidence.UNMARKED, 0)


def test_review_page_shows_pending_revision_diff(editor_client, make_entry, other_contributor):
    from entries.services import ClaimData, entry_update

    entry = make_entry(S.PUBLISHED, claims=1, author=other_contributor)
    claim = entry.claims.get()
    rewritten = ClaimData(
        text=claim.text + " Now 7 points.", evidence=None, caveats=None, pk=claim.pk
    )
    revision = entry_update(
        entry=entry, by=other_contributor, date=entry.date, headline=entry.headline, lead="",
        topics=[], claims=[rewritten],
    )  # fmt: skip
    entry_transition(entry=revision, to=S.PENDING, by=other_contributor)

    html = editor_client.get("/review/").content.decode()

    assert "Changes against the published entry" in html
    assert "<ins> Now 7 points.</ins>" in html or "<ins>points. Now 7 points.</ins>" in html
    assert "Evidence <del>full text</del> → <ins>unmarked</ins>" in html


def test_events_record_actor_and_comment(make_entry, editor):
    entry = make_entry(S.PENDING)
    entry_transition(entry=entry, to=S.REJECTED, by=editor, comment="Out of scope.")
    event = EntryEvent.objects.filter(entry=entry).last()
    assert (event.actor, event.action, event.comment) == (editor, "rejected", "Out of scope.")


@pytest.mark.parametrize("url", ["/entries/999999/", "/entries/999999/edit/"])
def test_missing_entry_404(editor_client, url):
    assert editor_client.get(url).status_code == 404


def test_edit_form_shows_the_date_in_iso_for_the_date_input(client, make_entry, contributor):
    entry = make_entry(S.DRAFT, date=dt.date(2026, 9, 30))
    client.force_login(contributor)
    html = client.get(f"/entries/{entry.pk}/edit/").content.decode()
    assert 'type="date" name="date" value="2026-09-30"' in html


def test_review_queue_shows_twenty_entries_a_page_oldest_first(editor_client, make_entry):
    entries = [make_entry(S.PENDING, claims=1, marked=False) for _ in range(23)]

    first = editor_client.get("/review/")
    second = editor_client.get("/review/", {"page": 2})

    assert [e.pk for e in first.context["entries"]] == [e.pk for e in entries[:20]]
    assert [e.pk for e in second.context["entries"]] == [e.pk for e in entries[20:]]
    assert "Page 1 of 2" in first.content.decode()
    assert 'Entries <span class="muted count">23</span>' in first.content.decode()
    assert editor_client.get("/review/", {"page": "x"}).status_code == 200
