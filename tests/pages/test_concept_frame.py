"""The concept page's frame (entries list, links, key papers, staleness, pending changes) is
kept across a claim's mark, which rebuilds only what shows claims; every other write
shows on the very next signed-in request."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.conf import settings
from django.core.cache import caches

from core.cache import memo
from entries.models import Entry, EntryStatus, Evidence
from entries.review.services import claim_mark
from papers.models import Paper
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept
from wiki.models import ConceptAlias, ConceptLink, KeyPaper
from wiki.services import concept_edit

PATH = "/wiki/reward-modeling/"


def _content(html: str) -> str:
    """The page below its header, the person's token in their "Watch" form aside (a token
    is new on every request)."""
    below = html.split("</header>")[1]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'value="T"', below)


def _page(client) -> str:
    response = client.get(PATH)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def page(db):
    concept = make_concept("Reward Modeling", body="Body text.")
    paper = PaperFactory(arxiv_id="2401.00001", published=dt.date(2026, 1, 1), title="Old")
    entries = []
    for day in range(3):
        entry = EntryFactory(
            status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 1 + day), headline=f"Result {day}"
        )
        entry.topics.add(concept)
        ClaimFactory(entry=entry, text=f"Claim of result {day}.", paper=paper,
                     evidence=Evidence.ABSTRACT_ONLY)  # fmt: skip
        entries.append(entry)
    return concept, entries, paper


def test_a_mark_shows_at_once_and_reads_no_frame_again(
    client, page, contributor, other_editor, django_assert_max_num_queries
):
    _, entries, _ = page
    client.force_login(contributor)
    before = _page(client)
    assert 'data-count="3"' in before  # the abstract-only toggle
    assert "3 published claims" in before
    claim_mark(claim=entries[0].claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    with django_assert_max_num_queries(10) as queries:
        after = _page(client)
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    for frame_table in ("wiki_concept", "wiki_keypaper", "wiki_revision", "papers_paper_topics"):
        assert f'FROM "{frame_table}"' not in sql
    assert 'data-count="2"' in after
    assert "full text" in after
    assert "Result 2" in after and "Body text." in after


def _rename_concept(concept, entries, paper, editor):
    concept_edit(concept=concept, author=editor, title="Reward Models",
                 summary="", body="Body text.", edit_summary="rename",
                 base_revision=concept.current_revision)  # fmt: skip
    return "Reward Models"


def _new_headline(concept, entries, paper, editor):
    Entry.objects.filter(pk=entries[1].pk).update(headline="A better result")
    return "A better result"


def _new_entry(concept, entries, paper, editor):
    entry = EntryFactory(status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 20),
                         headline="Newest result")  # fmt: skip
    entry.topics.add(concept)
    return "Newest result"


def _alias(concept, entries, paper, editor):
    ConceptAlias.objects.create(concept=concept, name="Preference Models", slug="preference-models")
    return "Preference Models"


def _backlink(concept, entries, paper, editor):
    source = make_concept("Policy Gradients")
    ConceptLink.objects.create(source=source, target=concept)
    return 'href="/wiki/policy-gradients/"'


def _key_paper(concept, entries, paper, editor):
    KeyPaper.objects.create(concept=concept, paper=paper, note="Where it began.")
    return "Where it began."


def _newer_paper(concept, entries, paper, editor):
    PaperFactory(published=dt.date(2026, 10, 1)).topics.add(concept)
    return "1 newer paper since the last update"


def _unpublished(concept, entries, paper, editor):
    Entry.objects.filter(pk=entries[2].pk).update(status=EntryStatus.PENDING)
    return "!Result 2"


@pytest.mark.parametrize(
    "write",
    [
        _rename_concept,
        _new_headline,
        _new_entry,
        _alias,
        _backlink,
        _key_paper,
        _newer_paper,
        _unpublished,
    ],
)
def test_a_write_to_the_frame_shows_on_the_next_signed_in_request(
    client, page, contributor, editor, other_editor, write
):
    concept, entries, paper = page
    client.force_login(contributor)
    _page(client)
    # A mark first: the frame must outlive it yet not outlive the write after it.
    claim_mark(claim=entries[0].claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    _page(client)
    expected = write(concept, entries, paper, editor)
    body = _page(client)
    if expected.startswith("!"):
        assert expected[1:] not in body
    else:
        assert expected in body


def test_a_cited_key_paper_edited_shows_after_a_mark(client, page, contributor, other_editor):
    concept, entries, paper = page
    KeyPaper.objects.create(concept=concept, paper=paper)
    client.force_login(contributor)
    assert ">Old</a>" in _page(client)
    claim_mark(claim=entries[0].claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    _page(client)
    Paper.objects.filter(pk=paper.pk).update(title="Renamed paper")
    assert ">Renamed paper</a>" in _page(client)


def test_a_pending_change_shows_to_its_author_after_a_mark(client, page, contributor, other_editor):
    concept, entries, _ = page
    client.force_login(contributor)
    _page(client)
    claim_mark(claim=entries[0].claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    _page(client)
    revision = concept.current_revision
    concept_edit(concept=concept, author=contributor, title=concept.title, summary="",
                 body="Proposed.", edit_summary="p", base_revision=revision)  # fmt: skip
    assert "Your change" in _page(client)


def test_the_page_after_a_mark_is_the_page_rendered_from_scratch(
    client, page, contributor, other_editor
):
    _, entries, _ = page
    client.force_login(contributor)
    _page(client)
    claim_mark(claim=entries[1].claims.get(), by=other_editor, evidence=Evidence.FULL_TEXT,
               caveats=[])  # fmt: skip
    after = _page(client)
    caches[settings.PAGE_CACHE_ALIAS].clear()
    memo.values.clear()
    assert _content(_page(client)) == _content(after)
    assert "<!--sections-" not in after and "<!--mix-" not in after
