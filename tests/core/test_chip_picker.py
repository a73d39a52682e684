"""The chip picker's server side: a group of labelled checkboxes that works without
JavaScript, used by every topics field and by related concepts."""

from __future__ import annotations

import re

import pytest

from tests.factories import PaperFactory, make_concept


@pytest.fixture
def concepts(db):
    return [make_concept(f"Topic {n:02d}") for n in range(30)]


def test_entry_form_topics_are_a_labelled_group_of_checkboxes(contributor_client, concepts):
    html = contributor_client.get("/entries/new/").content.decode()

    group = html.split("<legend>Topics</legend>", 1)[1].split("</fieldset>", 1)[0]
    assert len(re.findall(r'<input type="checkbox" id="id_topics_\d+" name="topics"', group)) == 30
    assert '<label class="inline-choice" for="id_topics_0">' in group
    assert "Ctrl" not in html


def test_paper_form_shows_chosen_topics_checked(editor_client, concepts):
    paper = PaperFactory()
    paper.topics.set(concepts[:2])

    html = editor_client.get(f"/papers/{paper.url_key}/edit/").content.decode()

    checked = re.findall(r'value="(\d+)" checked> <span class="chip-label">([^<]+)<', html)
    assert checked == [(str(concepts[0].pk), "Topic 00"), (str(concepts[1].pk), "Topic 01")]


def test_topic_pages_with_many_concepts_are_bounded(
    editor_client, concepts, django_assert_max_num_queries
):
    paper = PaperFactory()

    with django_assert_max_num_queries(14):
        assert editor_client.get("/entries/new/").status_code == 200
    with django_assert_max_num_queries(14):
        assert editor_client.get(f"/papers/{paper.url_key}/edit/").status_code == 200
