"""The chip picker's server side: a labelled native ``<select multiple>`` that works
without JavaScript, used by every topics field and by related concepts."""

from __future__ import annotations

import re

import pytest

from entries.models import Entry
from tests.factories import PaperFactory, make_concept


@pytest.fixture
def concepts(db):
    return [make_concept(f"Topic {n:02d}") for n in range(30)]


def test_entry_form_topics_are_a_labelled_multiple_select(contributor_client, concepts):
    html = contributor_client.get("/entries/new/").content.decode()

    assert '<label for="id_topics">Topics</label>' in html
    select = html.split('<select name="topics" multiple data-chip-picker', 1)[1]
    select = select.split("</select>", 1)[0]
    assert ' id="id_topics"' in select.split(">", 1)[0]
    assert len(re.findall(r'<option value="\d+">Topic \d\d</option>', select)) == 30


def test_paper_form_shows_chosen_topics_selected(editor_client, concepts):
    paper = PaperFactory()
    paper.topics.set(concepts[:2])

    html = editor_client.get(f"/papers/{paper.url_key}/edit/").content.decode()

    assert '<label for="id_topics">Topics</label>' in html
    selected = re.findall(r'<option value="(\d+)" selected>([^<]+)<', html)
    assert selected == [(str(concepts[0].pk), "Topic 00"), (str(concepts[1].pk), "Topic 01")]


def test_entry_form_accepts_plain_repeated_topics(contributor_client, concepts):
    response = contributor_client.post(
        "/entries/new/",
        {
            "date": "2026-09-30",
            "headline": "Two topics by plain form data",
            "lead": "",
            "topics": [concepts[3].pk, concepts[7].pk],
            "claims-TOTAL_FORMS": "0",
            "claims-INITIAL_FORMS": "0",
            "op": "save",
        },
    )

    assert response.status_code == 302
    entry = Entry.objects.get(headline="Two topics by plain form data")
    assert sorted(t.title for t in entry.topics.all()) == ["Topic 03", "Topic 07"]


def test_entry_form_without_concepts_says_so(contributor_client):
    html = contributor_client.get("/entries/new/").content.decode()

    assert "No concepts yet: topics are concept pages." in html
    assert '<label for="id_topics">Topics</label>' in html


def test_topic_pages_with_many_concepts_are_bounded(
    editor_client, concepts, django_assert_max_num_queries
):
    paper = PaperFactory()

    with django_assert_max_num_queries(14):
        assert editor_client.get("/entries/new/").status_code == 200
    with django_assert_max_num_queries(14):
        assert editor_client.get(f"/papers/{paper.url_key}/edit/").status_code == 200
