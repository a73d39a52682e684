"""Reading entries through the test client: the entry page, topics, the topic feed and
"My entries"."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from entries.models import Entry, EntryStatus, Evidence
from entries.review.workflow import entry_transition
from tests.factories import ClaimFactory, EntryFactory, make_concept

S = EntryStatus
HTMX = {"HTTP_HX_REQUEST": "true"}


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
