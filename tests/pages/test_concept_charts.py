"""The concept page's evidence mix and its abstract-only toggle: the mix is part of the
cached shared page; the toggle is an address of its own, so the page cache keeps each
choice apart."""

from __future__ import annotations

import pytest

from entries.models import EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, make_concept

pytestmark = pytest.mark.django_db

PATH = "/wiki/reward-modeling/"
ABSTRACT = "Rubrics help, says the abstract."
READ = "Rubrics help by 4 points, read in full."


@pytest.fixture
def concept():
    concept = make_concept("Reward Modeling", body="Body text.")
    entry = EntryFactory(status=EntryStatus.PUBLISHED, headline="Rubric rewards")
    entry.topics.add(concept)
    ClaimFactory(entry=entry, position=0, text=READ, evidence=Evidence.FULL_TEXT)
    for i in range(1, 4):
        ClaimFactory(entry=entry, position=i, text=ABSTRACT, evidence=Evidence.ABSTRACT_ONLY)
    return concept


def _content(html: str) -> str:
    """The opening tag of the container the toggle's class goes on."""
    start = html.index('<div id="concept-content"')
    return html[start : html.index(">", start) + 1]


def test_concept_page_shows_the_evidence_mix_linking_to_its_topic_filters(client, concept):
    html = client.get(PATH).content.decode()

    start = html.index('class="chart chart-mix"')
    chart = html[start : html.index("</figure>", start)]
    assert 'data-segments="2"' in chart
    assert 'href="/topics/reward-modeling/?evidence=full_text" tabindex="-1"' in chart
    assert 'href="/topics/reward-modeling/?evidence=abstract_only" tabindex="-1"' in chart
    assert "<title>abstract only: 3 claims</title>" in chart
    assert html.count('data-evidence="abstract_only"') == 3


def test_abstract_toggle_hides_or_highlights_without_javascript(client, concept):
    plain = client.get(PATH).content.decode()
    hidden = client.get(PATH, {"abstract": "hide"}).content.decode()
    marked = client.get(PATH, {"abstract": "highlight"}).content.decode()

    assert _content(plain) == '<div id="concept-content" class="concept-content">'
    assert "abstract-hide" in _content(hidden)
    assert "3 claims resting on abstracts only hidden" in hidden
    assert "abstract-highlight" in _content(marked)
    assert "3 claims resting on abstracts only highlighted" in marked
    assert 'href="?abstract=hide" data-abstract="hide" aria-current="true"' in hidden


def test_each_choice_is_cached_apart_for_anonymous_readers(client, concept, settings):
    settings.PAGE_CACHE_ENABLED = True
    client.get(PATH)

    again = client.get(PATH, {"abstract": "hide"})

    assert again["X-Page-Cache"] == "miss"
    assert "abstract-hide" in _content(again.content.decode())
    assert client.get(PATH, {"abstract": "hide"})["X-Page-Cache"] == "hit"
    assert "abstract-hide" not in _content(client.get(PATH).content.decode())


def test_an_unknown_choice_is_a_400_with_a_message(client, concept):
    response = client.get(PATH, {"abstract": "burn"})

    assert response.status_code == 400
    assert "“burn” is not a choice" in response.content.decode()


def test_no_toggle_without_abstract_only_claims(client):
    concept = make_concept("Reward Modeling")
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    entry.topics.add(concept)
    ClaimFactory(entry=entry, evidence=Evidence.FULL_TEXT)

    html = client.get(PATH).content.decode()

    assert "data-abstract-toggle" not in html
    assert 'data-segments="1"' in html


def test_toggled_page_for_a_signed_in_reader_asks_no_more_queries(
    client, concept, charlie, django_assert_max_num_queries
):
    client.force_login(charlie)
    client.get(PATH)
    with django_assert_max_num_queries(3):
        response = client.get(PATH, {"abstract": "hide"})
    assert "abstract-hide" in _content(response.content.decode())


def test_each_choice_is_shared_apart_for_signed_in_readers(client, concept, charlie):
    client.force_login(charlie)
    hidden = client.get(PATH, {"abstract": "hide"}).content.decode()

    plain = client.get(PATH).content.decode()

    assert "abstract-hide" in _content(hidden)
    assert _content(plain) == '<div id="concept-content" class="concept-content">'
