"""Re-review dates: an editor sets one on a published State of the Art entry; on and after
it the concept and topic pages say the entry is due, and the review queue lists it until an
editor marks it re-reviewed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from entries.models import Entry, EntryEvent, EntryStatus, Evidence
from entries.review.rereview import (
    CLEARED,
    REREVIEWED,
    SET,
    ReviewDateRefused,
    add_months,
    entry_review_by_set,
)
from tests.factories import ClaimFactory, EntryFactory, make_concept

CONCEPT = "/wiki/reward-modeling/"
TOPIC = "/topics/reward-modeling/"
DUE = "Due for re-review since"


def _today() -> dt.date:
    return timezone.localdate()


def _url(entry: Entry) -> str:
    return f"/entries/{entry.pk}/review-by/"


@pytest.fixture
def published(make_entry, other_editor):
    """The concept's latest State of the Art entry (written by a contributor)."""
    return make_entry(EntryStatus.PUBLISHED, date=dt.date(2026, 10, 1), headline="Latest state")


@pytest.fixture
def days_later(monkeypatch):
    """Moves the clock on by some days, as time passing would: every reader of the time
    (``timezone.now``, hence ``timezone.localdate``) sees the later day."""

    def move(days: int) -> None:
        real = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: real + dt.timedelta(days=days))

    return move


def test_add_months_keeps_the_day_or_the_months_last():
    assert add_months(dt.date(2026, 8, 31), 6) == dt.date(2027, 2, 28)
    assert add_months(dt.date(2026, 12, 4), 6) == dt.date(2027, 6, 4)


def test_editor_sets_the_date_from_the_entry_page(editor_client, editor, published):
    when = _today() + dt.timedelta(days=30)
    version, updated = published.version, published.updated

    response = editor_client.post(_url(published), {"action": "set", "review_by": when})

    assert response.status_code == 302
    published.refresh_from_db()
    assert published.review_by == when
    # Scheduling, not content: no revision, no new version, the text untouched.
    assert (published.version, published.updated) == (version, updated)
    assert published.status == EntryStatus.PUBLISHED
    assert Entry.objects.filter(revision_of=published).count() == 0
    event = published.events.get(action=SET)
    assert (event.actor, event.detail) == (
        editor,
        {"review_by": {"from": None, "to": when.isoformat()}},
    )
    page = editor_client.get(published.get_absolute_url()).content.decode()
    assert "set the re-review date" in page
    assert f'value="{when.isoformat()}"' in page


def test_editor_clears_the_date(editor_client, published):
    published.review_by = _today() + dt.timedelta(days=3)
    published.save(update_fields=["review_by"])

    response = editor_client.post(_url(published), {"action": "clear", "review_by": ""})

    assert response.status_code == 302
    published.refresh_from_db()
    assert published.review_by is None
    assert published.events.filter(action=CLEARED).count() == 1


@pytest.mark.parametrize("who", ["contributor", "charlie"])
def test_only_editors_set_the_date(client, request, who, published):
    client.force_login(request.getfixturevalue(who))

    response = client.post(_url(published), {"action": "set", "review_by": _today()})

    assert response.status_code == 403
    assert "Only editors set re-review dates." in response.content.decode()
    published.refresh_from_db()
    assert published.review_by is None
    assert EntryEvent.objects.filter(action=SET).count() == 0


def test_anonymous_is_sent_to_log_in(client, published):
    response = client.post(_url(published), {"action": "set", "review_by": _today()})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "set", "review_by": "2020-01-01"}, "2020-01-01 has passed"),
        ({"action": "set", "review_by": "next tuesday"}, "Enter the re-review date as YYYY-MM-DD."),
        ({"action": "set", "review_by": "2027-02-30"}, "Enter the re-review date as YYYY-MM-DD."),
        ({"action": "set", "review_by": ""}, "Choose a re-review date"),
        ({"action": "publish", "review_by": "2030-01-01"}, "Choose one of the buttons."),
        ({}, "Choose one of the buttons."),
    ],
)
def test_a_past_or_malformed_date_is_a_400_with_a_message(editor_client, published, data, message):
    response = editor_client.post(_url(published), data)

    assert response.status_code == 400
    assert message in response.content.decode()
    published.refresh_from_db()
    assert published.review_by is None


def test_today_is_accepted_and_is_due_at_once(editor_client, published):
    response = editor_client.post(_url(published), {"action": "set", "review_by": _today()})
    assert response.status_code == 302
    assert DUE in editor_client.get(CONCEPT).content.decode()


@pytest.mark.parametrize("status", [EntryStatus.DRAFT, EntryStatus.PENDING])
def test_only_published_entries_take_a_date(editor_client, make_entry, status):
    entry = make_entry(status)
    response = editor_client.post(_url(entry), {"action": "set", "review_by": _today()})
    assert response.status_code == 400
    assert "Only a published entry" in response.content.decode()


def test_a_published_entry_without_a_topic_takes_no_date(editor, editor_client):
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    with pytest.raises(ReviewDateRefused):
        entry_review_by_set(entry=entry, by=editor, review_by=_today(), today=_today())


def test_the_form_is_for_editors_on_published_entries(
    client, editor_client, contributor, published
):
    assert "Set re-review date" in editor_client.get(published.get_absolute_url()).content.decode()
    client.force_login(contributor)
    assert "Set re-review date" not in client.get(published.get_absolute_url()).content.decode()


@pytest.mark.parametrize("cached", [True, False])
def test_concept_and_topic_pages_say_due_on_and_after_the_date(
    client, editor, published, settings, days_later, cached
):
    settings.PAGE_CACHE_ENABLED = cached
    tomorrow = _today() + dt.timedelta(days=1)
    entry_review_by_set(entry=published, by=editor, review_by=tomorrow, today=_today())

    # Before the date: nothing for readers (and the page is now in the cache, if cached).
    for path in (CONCEPT, TOPIC):
        assert DUE not in client.get(path).content.decode()

    days_later(1)  # the date itself
    for path in (CONCEPT, TOPIC):
        page = client.get(path).content.decode()
        assert f"{DUE} {tomorrow.isoformat()}" in page
        assert published.get_absolute_url() in page

    days_later(40)  # and after it
    assert DUE in client.get(CONCEPT).content.decode()


@pytest.mark.parametrize("who", ["editor", "contributor"])
def test_signed_in_concept_page_turns_due_when_the_day_comes(
    client, request, editor, published, days_later, who
):
    """The signed-in page is one rendering shared by everyone with the same roles: kept per
    day, it cannot keep saying "not due" once the date has passed."""
    tomorrow = _today() + dt.timedelta(days=1)
    entry_review_by_set(entry=published, by=editor, review_by=tomorrow, today=_today())
    client.force_login(request.getfixturevalue(who))
    before = client.get(CONCEPT).content.decode()
    assert DUE not in before
    # Editors see the date coming, quietly; others do not.
    assert ("Re-review on" in before) == (who == "editor")

    days_later(1)

    assert DUE in client.get(CONCEPT).content.decode()


def test_only_the_latest_entry_speaks_for_the_concept(client, editor, published, make_entry):
    published.review_by = _today() - dt.timedelta(days=1)
    published.save(update_fields=["review_by"])
    assert DUE in client.get(CONCEPT).content.decode()

    make_entry(EntryStatus.PUBLISHED, date=dt.date(2026, 11, 1))  # a newer state of the art

    assert DUE not in client.get(CONCEPT).content.decode()


def test_queue_lists_due_entries_oldest_due_first(editor_client, make_entry):
    late = make_entry(EntryStatus.PUBLISHED, headline="Due for long")
    recent = make_entry(EntryStatus.PUBLISHED, headline="Due since yesterday")
    not_yet = make_entry(EntryStatus.PUBLISHED, headline="Due next week")
    for entry, days in ((late, -30), (recent, -1), (not_yet, 7)):
        entry.review_by = _today() + dt.timedelta(days=days)
        entry.save(update_fields=["review_by"])

    page = editor_client.get("/review/").content.decode()

    section = page[page.index('id="due-rereview"') :]
    assert 'id="due-rereview-count" class="muted count">2<' in section
    assert section.index("Due for long") < section.index("Due since yesterday")
    assert "Due next week" not in section
    assert "Reward Modeling" in section
    assert (_today() - dt.timedelta(days=30)).isoformat() in section


def test_queue_due_list_follows_the_day(editor_client, published, days_later):
    published.review_by = _today() + dt.timedelta(days=2)
    published.save(update_fields=["review_by"])
    assert "Latest state" not in _due_section(editor_client)

    days_later(2)

    assert "Latest state" in _due_section(editor_client)


def _due_section(client) -> str:
    page = client.get("/review/").content.decode()
    start = page.index('id="due-rereview"')
    return page[start : page.index('id="pending-revisions"')]


def test_marking_re_reviewed_moves_the_date_on(editor_client, editor, published):
    published.review_by = _today() - dt.timedelta(days=3)
    published.save(update_fields=["review_by"])
    page = editor_client.get("/review/").content.decode()
    proposed = add_months(_today(), 6).isoformat()
    assert f'value="{proposed}"' in page  # six months on, unless the editor picks a date

    response = editor_client.post(
        _url(published),
        {"action": "reviewed", "review_by": proposed, "next": "/review/#due"},
    )

    assert response.status_code == 302
    assert response["Location"] == "/review/#due"
    published.refresh_from_db()
    assert published.review_by == add_months(_today(), 6)
    event = published.events.get(action=REREVIEWED)
    assert event.actor == editor
    assert "Latest state" not in _due_section(editor_client)


def test_marking_re_reviewed_with_no_next_date_clears_it(editor_client, published):
    published.review_by = _today() - dt.timedelta(days=3)
    published.save(update_fields=["review_by"])

    response = editor_client.post(_url(published), {"action": "reviewed", "review_by": ""})

    assert response.status_code == 302
    published.refresh_from_db()
    assert published.review_by is None
    assert published.events.filter(action=REREVIEWED).count() == 1


def test_contributor_sees_no_queue(contributor_client):
    assert contributor_client.get("/review/").status_code == 403


def _due_entries(n: int, topic, start: int = 0) -> None:
    for i in range(start, start + n):
        entry = EntryFactory(status=EntryStatus.PUBLISHED, review_by=_today() - dt.timedelta(i))
        entry.topics.add(topic, make_concept(f"Concept {i}"))
        ClaimFactory(entry=entry, evidence=Evidence.FULL_TEXT)


def test_queue_queries_stay_bounded_with_many_due(
    editor_client, topic, django_assert_max_num_queries
):
    _due_entries(3, topic)
    with django_assert_max_num_queries(50) as few:
        editor_client.get("/review/")
    _due_entries(60, topic, start=3)

    with django_assert_max_num_queries(len(few.captured_queries)):
        response = editor_client.get("/review/")

    page = response.content.decode()
    assert 'id="due-rereview-count" class="muted count">63<' in page
    assert page.count('class="card due-item"') == 20  # a page of them
    assert "Page 1 of 4" in page
    # Until the next write (or the next day) the list is read from the cache.
    with django_assert_max_num_queries(2):
        editor_client.get("/review/")


def test_api_shows_the_date_read_only(client, published):
    published.review_by = dt.date(2099, 1, 1)
    published.save(update_fields=["review_by"])

    body = client.get(f"/api/v1/entries/{published.pk}/").json()
    schema = client.get("/api/v1/openapi.json").json()

    assert body["review_by"] == "2099-01-01"
    entry_out = schema["components"]["schemas"]["EntryOut"]["properties"]["review_by"]
    assert "Read-only" in entry_out["description"]
    assert "review_by" not in schema["components"]["schemas"]["EntryIn"]["properties"]


def test_a_revision_takes_no_date_and_its_approval_keeps_the_entrys(
    editor, contributor, topic, published
):
    from entries.review.workflow import entry_transition
    from entries.writing.services import revision_start

    when = _today() + dt.timedelta(days=90)
    entry_review_by_set(entry=published, by=editor, review_by=when, today=_today())
    revision = revision_start(
        original=published, by=contributor, date=published.date, headline="Latest state, revised",
        lead="A new lead.", topics=[topic], claims=[],
    )  # fmt: skip
    revision.topics.add(topic)
    with pytest.raises(ReviewDateRefused):
        entry_review_by_set(entry=revision, by=editor, review_by=when, today=_today())

    entry_transition(entry=revision, to=EntryStatus.PENDING, by=contributor)
    revision.refresh_from_db()
    entry_transition(entry=revision, to=EntryStatus.PUBLISHED, by=editor, version=revision.version)

    published.refresh_from_db()
    assert (published.headline, published.review_by) == ("Latest state, revised", when)
