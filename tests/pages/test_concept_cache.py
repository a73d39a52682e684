"""The concept page for signed-in people: the shared part comes from the cache, the
person's own chrome is theirs alone, and a write renders again only what it changed."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from entries.models import EntryStatus, Evidence
from entries.review.services import claim_mark
from pages.concept_page import concept_page_shared
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.services import concept_edit

PATH = "/wiki/reward-modeling/"
APPROVE = "/wiki/reward-modeling/revisions/"


def _content(html: str) -> str:
    """The page below its header, the person's token in their "Watch" form aside (a token
    is new on every request)."""
    below = html.split("</header>")[1]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'value="T"', below)


def _page(client) -> str:
    response = client.get(PATH)
    assert response.status_code == 200
    return response.content.decode()


def _concept_with_entries(n: int = 3):
    concept = make_concept("Reward Modeling", body="Body text.")
    paper = PaperFactory(arxiv_id="2401.00001")
    entries = []
    for day in range(n):
        entry = EntryFactory(
            status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 1 + day), headline=f"Result {day}"
        )
        entry.topics.add(concept)
        ClaimFactory(entry=entry, text=f"Claim of result {day}.", paper=paper,
                     evidence=Evidence.ABSTRACT_ONLY)  # fmt: skip
        entries.append(entry)
    return concept, entries


def _propose(concept, author):
    return concept_edit(
        concept=concept, author=author, title=concept.title, summary=concept.summary,
        body="A proposed text.", edit_summary="proposal", base_revision=concept.current_revision,
    )  # fmt: skip


@pytest.mark.parametrize("who", ["contributor", "editor"])
def test_signed_in_page_takes_the_shared_part_from_the_cache(
    client, db, request, who, django_assert_max_num_queries
):
    _concept_with_entries()
    client.force_login(request.getfixturevalue(who))
    first = _page(client)
    with django_assert_max_num_queries(2) as queries:
        second = _page(client)
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    assert "entries_claim" not in sql
    assert "entries_entry" not in sql
    assert _content(second) == _content(first)
    assert "Claim of result 2." in second
    assert 'href="/wiki/reward-modeling/edit/"' in second


def test_each_person_sees_their_own_chrome(client, editor, contributor, other_contributor):
    concept, _ = _concept_with_entries()
    revision = _propose(concept, contributor)
    assert revision.is_pending
    notice = f'Your change (<a href="{APPROVE}{revision.number}/">revision {revision.number}</a>)'
    approve = f'action="{APPROVE}{revision.number}/approve/"'

    client.force_login(editor)
    as_editor = _page(client)
    client.force_login(contributor)
    as_author = _page(client)
    client.force_login(other_contributor)
    as_other = _page(client)
    client.logout()
    as_reader = _page(client)

    assert approve in as_editor and "1 pending change" in as_editor
    assert notice in as_author and approve not in as_author
    assert notice not in as_other and approve not in as_other
    assert notice not in as_reader and approve not in as_reader
    assert 'href="/wiki/reward-modeling/edit/"' in as_other
    assert 'href="/wiki/reward-modeling/edit/"' not in as_reader
    assert ">erin<" in as_editor and ">cora<" in as_author and ">colin<" in as_other


def test_shared_part_carries_nothing_personal_or_editor_only(client, editor, contributor):
    concept, _ = _concept_with_entries()
    _propose(concept, contributor)
    client.force_login(editor)  # the editor's request fills the cache first
    _page(client)
    for contributor_role in (True, False):
        shared = concept_page_shared(concept.slug, contributor=contributor_role)
        html = shared["head"] + shared["main"]
        for personal in ("csrfmiddlewaretoken", "erin", "cora", "Approve", "pending change"):
            assert personal not in html
        assert ('href="/wiki/reward-modeling/edit/"' in html) == contributor_role


def _claims_read_for(queries) -> list[set[str]]:
    """The entry ids of each query that reads claims (rows of the claims table) by entry."""
    found = []
    for query in queries.captured_queries:
        match = re.search(r'"entries_claim"\."entry_id" IN \(([^)]*)\)', query["sql"])
        if match and 'FROM "entries_claim"' in query["sql"]:
            found.append({part.strip() for part in match.group(1).split(",")})
    return found


def test_marking_one_claim_renders_only_its_entry_again(
    client, contributor, other_editor, django_assert_max_num_queries
):
    _, entries = _concept_with_entries(3)
    client.force_login(contributor)
    _page(client)
    changed = entries[1]
    claim_mark(claim=changed.claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    with django_assert_max_num_queries(16) as queries:
        body = _page(client)
    everyone = {str(e.pk) for e in entries}
    # One read of every shown entry's claims for their digests; one load of the claims to
    # render, for the changed entry alone.
    assert sorted(_claims_read_for(queries), key=len) == [{str(changed.pk)}, everyone]
    section = body[body.index(f'id="entry-{changed.pk}"') :]
    assert "full text" in section[: section.index("</section>")]


def test_a_write_elsewhere_renders_no_section_again(
    client, contributor, editor, django_assert_max_num_queries
):
    _, entries = _concept_with_entries(3)
    client.force_login(contributor)
    before = _page(client)
    make_concept("Another Concept")
    with django_assert_max_num_queries(16) as queries:
        after = _page(client)
    assert _claims_read_for(queries) == [{str(e.pk) for e in entries}]
    assert _content(after) == _content(before)
