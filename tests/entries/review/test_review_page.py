"""The review queue's shared rows (entries.review.review_page): whatever changes what a row shows,
whoever writes it, the next page shows the change; nothing of one editor reaches another."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client

from entries.models import Caveat, Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.review.services import claim_mark
from papers.models import Paper
from tests.factories import PaperFactory
from wiki.models import Concept

S = EntryStatus
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def queued(make_entry):
    """A pending entry whose two claims cite a paper, the queue seen once (rows cached)."""
    entry = make_entry(S.PENDING, headline="Queued entry", claims=2, marked=False)
    paper = PaperFactory(title="Original title", authors="Ada Lovelace")
    entry.claims.update(paper=paper)
    return entry


def _queue(client: Client, path: str = "/review/") -> str:
    html = client.get(path).content.decode()
    assert "\x00" not in html  # every marker filled in
    return html


def test_a_claim_marked_shows_at_once_in_the_row_and_the_count(editor_client, queued, editor):
    assert "2 unmarked" in _queue(editor_client)
    claim = queued.claims.first()

    claim_mark(claim=claim, by=editor, evidence=Evidence.FULL_TEXT, caveats=[])
    html = _queue(editor_client)

    assert "1 unmarked" in html and "2 unmarked" not in html
    row = html[html.index(f'id="claim-review-{claim.pk}"') :]
    assert '<option value="full_text" selected>' in row[: row.index("</form>")]


def test_a_bulk_update_of_a_mark_shows_too(editor_client, queued):
    _queue(editor_client)
    claim = queued.claims.first()
    caveat = Caveat.objects.first()

    Claim.objects.filter(pk=claim.pk).update(evidence=Evidence.SECONDARY)
    claim.caveats.add(caveat)
    html = _queue(editor_client)

    row = html[html.index(f'id="claim-review-{claim.pk}"') :]
    row = row[: row.index('<form class="mark-form"')]
    assert f'href="/help/evidence/#caveat-{caveat.slug}"' in row
    assert "badge-evidence-secondary" in row


def test_a_paper_edited_shows_in_the_claims_that_cite_it(editor_client, queued):
    assert "Original title" in _queue(editor_client)

    Paper.objects.filter(pk=queued.claims.first().paper_id).update(
        title="Edited title", authors="Grace Hopper"
    )
    html = _queue(editor_client)

    assert "Original title" not in html and "Edited title" in html
    assert "Hopper" in html


def test_a_topic_renamed_shows_in_the_summary(editor_client, queued, topic):
    assert f'<span class="chip">{topic.title}</span>' in _queue(editor_client)

    Concept.objects.filter(pk=topic.pk).update(title="Preference Learning")
    html = _queue(editor_client)

    assert '<span class="chip">Preference Learning</span>' in html
    assert f'<span class="chip">{topic.title}</span>' not in html


def test_an_author_renamed_shows_in_the_summary(editor_client, queued, contributor):
    assert f"by {contributor.username}" in _queue(editor_client)

    get_user_model().objects.filter(pk=contributor.pk).update(username="cora-renamed")

    assert "by cora-renamed" in _queue(editor_client)


def test_a_caveat_reworded_shows_in_every_claims_checkboxes(editor_client, queued):
    caveat = Caveat.objects.first()
    _queue(editor_client)

    Caveat.objects.filter(pk=caveat.pk).update(name="Reworded caveat")
    html = _queue(editor_client)

    assert html.count("> Reworded caveat</label>") == 2


def test_each_editor_gets_their_own_token_and_four_eyes_state(
    queued, editor, other_editor, settings
):
    # The entry's author is an editor too: the four-eyes rule keeps the Approve button from
    # them, not from the other editor, whose page is made from the same cached rows.
    Entry.objects.filter(pk=queued.pk).update(author=editor)
    writer, other = Client(), Client()
    writer.force_login(editor)
    other.force_login(other_editor)

    for _ in range(2):  # the second round reads the rows cached by the first
        mine, theirs = _queue(writer), _queue(other)
        assert "another editor approves it (the four-eyes rule)" in mine
        assert 'value="published"' not in mine
        assert 'value="published"' in theirs
        assert "four-eyes" not in theirs
        # Each form's token (masked anew per call) unmasks to the person's own secret.
        secrets = {
            name: {
                _unmask_cipher_token(token)
                for token in re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
            }
            for name, html in (("mine", mine), ("theirs", theirs))
        }
        assert secrets["mine"] == {writer.cookies["csrftoken"].value}
        assert secrets["theirs"] == {other.cookies["csrftoken"].value}


def test_the_page_to_come_back_to_is_this_page(editor_client, queued):
    _queue(editor_client)

    html = _queue(editor_client, "/review/?page=1")

    claim = queued.claims.first()
    row = html[html.index(f'id="claim-review-{claim.pk}"') :]
    assert 'name="next" value="/review/?page=1"' in row[: row.index("</form>")]


def test_a_mark_posted_from_a_cached_row_is_accepted(editor_client, queued):
    html = _queue(editor_client)
    _queue(editor_client)  # rows from the cache
    claim = queued.claims.first()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    version = re.search(rf'id="seen-version-{queued.pk}" value="(\d+)"', html).group(1)
    client = Client(enforce_csrf_checks=True)
    client.cookies = editor_client.cookies

    response = client.post(
        f"/claims/{claim.pk}/mark/",
        {"csrfmiddlewaretoken": token, "evidence": "secondary", "seen_version": version},
        **HTMX,
    )

    assert response.status_code == 200
    claim.refresh_from_db()
    assert claim.evidence == Evidence.SECONDARY


def test_an_edit_by_the_other_editor_takes_their_approve_button_away(queued, other_editor):
    client = Client()
    client.force_login(other_editor)
    assert 'value="published"' in _queue(client)

    EntryEvent.objects.create(entry=queued, actor=other_editor, action="edited")

    html = _queue(client)
    assert 'value="published"' not in html
    assert "another editor approves it (the four-eyes rule)" in html


def test_a_message_for_one_editor_stays_with_that_editor(queued, editor, other_editor):
    writer, other = Client(), Client()
    writer.force_login(editor)
    other.force_login(other_editor)
    Entry.objects.filter(pk=queued.pk).update(author=editor)
    _queue(other)  # the shared page, cached

    data = {"to": "published", "seen_status": "pending", "seen_version": queued.version}
    writer.post(f"/entries/{queued.pk}/transition/", {**data, "next": "/review/"})
    mine, theirs = _queue(writer), _queue(other)

    assert 'class="form-error review-message"' in mine
    assert "review-message" not in theirs
    assert "review-message" not in _queue(writer)  # said once


def test_the_entries_count_drops_when_one_is_approved_from_the_queue(editor_client, make_entry):
    first = make_entry(S.PENDING, headline="First queued", claims=1, marked=True)
    make_entry(S.PENDING, headline="Second queued", claims=1, marked=True)
    before = _queue(editor_client)

    data = {"to": "published", "seen_status": "pending", "seen_version": first.version}
    editor_client.post(f"/entries/{first.pk}/transition/", {**data, "next": "/review/"})

    assert '<span id="pending-entries-count" class="muted count">2</span>' in before
    assert '<span id="pending-entries-count" class="muted count">1</span>' in _queue(editor_client)
