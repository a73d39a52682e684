"""The concept page through the test client: body, entries, key papers and backlinks,
aliases, pending changes by role, and its query count."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from tests.factories import (
    ClaimFactory,
    EntryFactory,
    PaperFactory,
    make_concept,
    pending_edit,
)
from wiki.models import KeyPaper


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
