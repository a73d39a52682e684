"""The review queue's feedback: the unmarked count follows each mark, and a refused
decision brings the editor back to the entry in the queue with the reason beside it."""

from __future__ import annotations

import pytest

from entries.models import Entry, EntryStatus, Evidence

S = EntryStatus
HTMX = {"HTTP_HX_REQUEST": "true"}


def _badge(html: str, pk: int) -> str:
    return html.split(f'id="unmarked-{pk}"')[1].split("</span></span>")[0]


def test_mark_in_queue_sends_the_new_unmarked_count_out_of_band(editor_client, make_entry):
    entry = make_entry(S.PENDING, claims=3, marked=False)
    claim = entry.claims.first()

    response = editor_client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": "editorial", "next": "/review/"}, **HTMX
    )

    html = response.content.decode()
    assert f'id="unmarked-{entry.pk}" hx-swap-oob="innerHTML"' in html
    assert "2 unmarked" in _badge(html, entry.pk)


def test_last_mark_in_queue_says_all_marked(editor_client, make_entry):
    entry = make_entry(S.PENDING, claims=1, marked=False)

    response = editor_client.post(
        f"/claims/{entry.claims.get().pk}/mark/",
        {"evidence": "secondary", "next": "/review/?page=1"},
        **HTMX,
    )

    assert "all marked" in _badge(response.content.decode(), entry.pk)


def test_mark_on_entry_page_sends_no_queue_badge(editor_client, make_entry):
    entry = make_entry(S.PENDING, claims=2, marked=False)

    response = editor_client.post(
        f"/claims/{entry.claims.first().pk}/mark/",
        {"evidence": "secondary", "next": entry.get_absolute_url()},
        **HTMX,
    )

    assert f'id="unmarked-{entry.pk}"' not in response.content.decode()


def test_apply_all_in_queue_updates_the_count(editor_client, make_entry, abstract_paper):
    entry = make_entry(S.PENDING, claims=0)
    entry.claims.create(position=0, text="No number.", paper=abstract_paper)

    response = editor_client.post(
        f"/entries/{entry.pk}/apply-suggestions/", {"next": "/review/"}, **HTMX
    )

    assert "all marked" in _badge(response.content.decode(), entry.pk)
    assert entry.claims.get().evidence == Evidence.ABSTRACT_ONLY


def test_queue_badge_is_a_live_region(editor_client, make_entry):
    entry = make_entry(S.PENDING, claims=2, marked=False)

    html = editor_client.get("/review/").content.decode()

    assert f'id="unmarked-{entry.pk}" role="status" aria-live="polite"' in html
    assert "2 unmarked" in _badge(html, entry.pk)


def test_mark_in_queue_bounded_queries(editor_client, make_entry, django_assert_max_num_queries):
    small = make_entry(S.PENDING, claims=2, marked=False)
    large = make_entry(S.PENDING, claims=30, marked=False)
    data = {"evidence": "editorial", "next": "/review/"}
    editor_client.post(f"/claims/{small.claims.last().pk}/mark/", data, **HTMX)  # warm caches
    counts = []
    for entry in (small, large):
        with django_assert_max_num_queries(20) as queries:
            editor_client.post(f"/claims/{entry.claims.first().pk}/mark/", data, **HTMX)
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]


# Refused decisions


def _decide(client, entry, to="published", headers=None, **extra):
    data = {"to": to, "seen_status": entry.status, "seen_version": entry.version}
    return client.post(f"/entries/{entry.pk}/transition/", {**data, **extra}, **(headers or {}))


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_four_eyes_refusal_returns_to_the_queue_with_its_message(
    client, make_entry, editor, headers
):
    entry = make_entry(S.PENDING, author=editor)
    client.force_login(editor)

    response = _decide(client, entry, next="/review/", headers=headers)

    where = response["HX-Redirect"] if headers else response["Location"]
    assert where == f"/review/#entry-{entry.pk}"
    page = client.get("/review/").content.decode()
    item = page.split(f'id="entry-{entry.pk}"')[1]
    assert 'class="form-error review-message" role="alert"' in item.split("review-body")[0]
    assert '<ul class="messages"' not in page  # said once, beside the entry
    entry.refresh_from_db()
    assert entry.status == S.PENDING


def test_stale_approval_returns_to_the_queue_with_its_message(editor_client, make_entry):
    entry = make_entry(S.PENDING)
    Entry.objects.filter(pk=entry.pk).update(version=3)  # changed twice since it was read
    entry.version = 2

    response = _decide(editor_client, entry, next="/review/")

    assert response["Location"] == f"/review/#entry-{entry.pk}"
    item = editor_client.get("/review/").content.decode().split(f'id="entry-{entry.pk}"')[1]
    assert "review-message" in item.split("review-body")[0]


def test_refusal_for_unmarked_claims_returns_to_the_queue(editor_client, make_entry):
    entry = make_entry(S.PENDING, marked=False)

    response = _decide(editor_client, entry, next="/review/")

    assert response["Location"] == f"/review/#entry-{entry.pk}"
    entry.refresh_from_db()
    assert entry.status == S.PENDING


def test_refusal_from_the_entry_page_stays_on_the_entry_page(editor_client, make_entry):
    entry = make_entry(S.PENDING, marked=False)

    response = _decide(editor_client, entry, next=entry.get_absolute_url())

    assert response.status_code == 400
    assert "unmarked" in response.content.decode()


def test_missing_permission_is_refused(client, make_entry, charlie):
    entry = make_entry(S.PENDING)
    client.force_login(charlie)

    response = _decide(client, entry, next="/review/")

    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.status == S.PENDING
