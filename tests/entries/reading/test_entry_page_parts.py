"""The entry page's claims for readers (entries.reading.entry_page): whatever changes what a claim
shows, whoever writes it, the next page shows the change."""

from __future__ import annotations

import pytest
from django.test import Client

from entries.models import EVIDENCE_BADGE, Caveat, Claim, EntryStatus, Evidence
from papers.models import Paper
from tests.factories import PaperFactory


@pytest.fixture
def published(make_entry, settings):
    settings.PAGE_CACHE_ENABLED = False  # the page is built each time; its claims are parts
    entry = make_entry(EntryStatus.PUBLISHED, claims=2)
    paper = PaperFactory(title="Original title", authors="Ada Lovelace")
    entry.claims.update(paper=paper)
    return entry


def _page(entry) -> str:
    response = Client().get(f"/entries/{entry.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_mark_changed_shows_in_the_claim_and_the_summary(published):
    html = _page(published)
    full = EVIDENCE_BADGE[Evidence.FULL_TEXT]
    assert f'aria-label="{full}: 2 claims"' in html
    claim = published.claims.first()

    Claim.objects.filter(pk=claim.pk).update(evidence=Evidence.SECONDARY)
    html = _page(published)

    row = html[html.index(f'id="claim-{claim.pk}"') :]
    assert row.startswith(f'id="claim-{claim.pk}" data-evidence="secondary"')
    assert f'aria-label="{full}: 1 claim"' in html


def test_a_caveat_added_or_reworded_shows(published):
    _page(published)
    claim = published.claims.first()
    caveat = Caveat.objects.first()

    claim.caveats.add(caveat)
    assert f'href="/help/evidence/#caveat-{caveat.slug}"' in _page(published)

    Caveat.objects.filter(pk=caveat.pk).update(name="Reworded caveat")
    html = _page(published)
    assert ">Reworded caveat</a>" in html
    assert 'aria-label="Reworded caveat: 1 claim"' in html


def test_a_paper_edited_shows_in_the_claims_that_cite_it(published):
    assert "Lovelace" in _page(published)

    Paper.objects.filter(pk=published.claims.first().paper_id).update(
        title="Edited title", authors="Grace Hopper"
    )
    html = _page(published)

    assert "Original title" not in html and "Edited title" in html
    assert "Hopper" in html and "Lovelace" not in html


def test_claim_text_edited_shows(published):
    _page(published)
    claim = published.claims.first()

    Claim.objects.filter(pk=claim.pk).update(html="<p>A new claim text.</p>")

    assert "A new claim text." in _page(published)


def test_entry_page_queries_do_not_grow_with_claims(
    make_entry, settings, django_assert_max_num_queries
):
    settings.PAGE_CACHE_ENABLED = False
    small = make_entry(EntryStatus.PUBLISHED, claims=2)
    large = make_entry(EntryStatus.PUBLISHED, claims=30)
    client = Client()
    for entry in (small, large):  # once to render the claims, then from the parts
        client.get(f"/entries/{entry.pk}/")
    with django_assert_max_num_queries(8) as few:
        client.get(f"/entries/{small.pk}/")
    with django_assert_max_num_queries(8) as many:
        client.get(f"/entries/{large.pk}/")
    assert len(many.captured_queries) == len(few.captured_queries)
