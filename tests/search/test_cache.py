"""Search results are kept per content version: a repeated search reads no database, and
no write to the library (a paper retitled, an entry published, a concept renamed) can
leave an old result."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import Entry, EntryStatus
from entries.writing.services import ClaimData, entry_create
from papers.models import Paper
from papers.services import paper_update
from search.selectors import search
from tests.factories import PaperFactory, make_concept
from wiki.models import Concept

pytestmark = pytest.mark.django_db


def _titles(results) -> list[str]:
    return sorted(hit.title for hit in results.hits)


def test_a_repeated_search_reads_only_the_versions(django_assert_num_queries):
    PaperFactory(title="Rubric rewards for agents")
    first = search("rubric")

    with django_assert_num_queries(1):
        again = search("rubric")

    assert _titles(again) == _titles(first) == ["Rubric rewards for agents"]
    assert again.counts == first.counts


def test_results_follow_a_paper_retitled():
    paper = PaperFactory(title="Rubric rewards for agents", abstract="Scores.")
    assert _titles(search("rubric")) == ["Rubric rewards for agents"]

    paper_update(paper=paper, fields={"title": "Scalar rewards for agents"}, topics=[])

    assert _titles(search("rubric")) == []
    assert _titles(search("scalar")) == ["Scalar rewards for agents"]


def test_results_follow_a_paper_written_around_the_services():
    paper = PaperFactory(title="Rubric rewards for agents", abstract="Scores.")
    assert search("rubric").counts["papers"] == 1

    Paper.objects.filter(pk=paper.pk).delete()

    assert search("rubric").counts["papers"] == 0


def test_results_follow_an_entry_published():
    entry = entry_create(
        author=None,
        date=dt.date(2026, 9, 1),
        headline="Rubrics generalise",
        lead="",
        claims=[ClaimData(text="Rubric scores agree.")],
        status=EntryStatus.DRAFT,
    )
    assert _titles(search("rubric")) == []

    Entry.objects.filter(pk=entry.pk).update(status=EntryStatus.PUBLISHED)

    assert _titles(search("rubric")) == ["Rubrics generalise"]


def test_results_follow_a_concept_renamed():
    concept = make_concept("Rubric Design", summary="Scoring outputs.")
    assert _titles(search("rubric", kind="concepts")) == ["Rubric Design"]

    Concept.objects.filter(pk=concept.pk).update(title="Rubric Engineering")

    assert _titles(search("rubric", kind="concepts")) == ["Rubric Engineering"]


def test_each_kind_and_text_is_kept_apart():
    make_concept("Rubric Design", summary="Scoring outputs.")
    PaperFactory(title="Rubric rewards for agents")

    assert _titles(search("rubric")) == ["Rubric Design", "Rubric rewards for agents"]
    assert _titles(search("rubric", kind="papers")) == ["Rubric rewards for agents"]
    assert _titles(search("rubric design")) == ["Rubric Design"]
    assert search("rubric  ").query == "rubric"
