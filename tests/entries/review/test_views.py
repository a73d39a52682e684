"""The review queue and evidence marking through the test client."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client

from entries.models import Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.review.workflow import entry_transition
from tests.factories import ClaimFactory

S = EntryStatus
HTMX = {"HTTP_HX_REQUEST": "true"}


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
    editor_client.get("/review/")  # the account, once per session
    for _ in range(3):
        make_entry(S.PENDING, claims=5, marked=False)
    editor_client.get("/review/")  # the open entry's claims, rendered once
    make_entry(S.DRAFT)  # any write: the queue is read again
    # 14: the open entry's writers are read once, for the four-eyes rule; the entries due
    # for re-review (none here) in one more.
    with django_assert_max_num_queries(14) as small:
        editor_client.get("/review/")
    with django_assert_max_num_queries(14) as small_warm:
        editor_client.get("/review/")
    for _ in range(7):
        make_entry(S.PENDING, claims=20, marked=False)

    with django_assert_max_num_queries(14) as large:
        response = editor_client.get("/review/")
    with django_assert_max_num_queries(14) as large_warm:
        editor_client.get("/review/")

    assert response.status_code == 200
    assert len(large.captured_queries) == len(small.captured_queries)
    # Until the next write, the queue is read from the cache (entries.review.review_page).
    assert len(large_warm.captured_queries) == len(small_warm.captured_queries) <= 2


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
    editor_client.get("/review/0/")  # the account, once per session
    with django_assert_max_num_queries(12) as few_cold:
        editor_client.get(f"/review/{small.pk}/")
    with django_assert_max_num_queries(12) as few:
        editor_client.get(f"/review/{small.pk}/")
    with django_assert_max_num_queries(12) as many_cold:
        editor_client.get(f"/review/{large.pk}/")
    with django_assert_max_num_queries(12) as many:
        editor_client.get(f"/review/{large.pk}/")
    # Claims rendered once are reused (entries.review.review_page): a warm item asks fewer.
    assert len(many.captured_queries) == len(few.captured_queries)
    assert len(many_cold.captured_queries) == len(few_cold.captured_queries)


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
    from entries.writing.services import ClaimData, entry_update

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
    assert re.search(r'Entries <span[^>]*class="muted count">23</span>', first.content.decode())
    assert editor_client.get("/review/", {"page": "x"}).status_code == 200
