"""The paper picker (key papers, a claim's "Source paper"): arXiv ids, titles, authors and
abstracts find a paper; options name its authors and year."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.factories import PaperFactory

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def hopper(db):
    return PaperFactory(
        title="Compilers for Everyone",
        authors="Grace Hopper, Jean Sammet",
        abstract="We translate photosynthesis models into machine code.",
        published=dt.date(2024, 5, 2),
    )


def options(client, query: str) -> str:
    return client.get("/entries/papers/", {"key_papers-0-paper": query}, **HTMX).content.decode()


def test_picker_finds_a_paper_by_author(contributor_client, hopper):
    PaperFactory(title="Something else")

    html = options(contributor_client, "Hopper")

    assert html.count('role="option"') == 1
    assert f'data-value="{hopper.arxiv_id}" data-label="Compilers for Everyone"' in html
    assert (
        f'<span class="paper-option-meta">arXiv {hopper.arxiv_id} · Grace Hopper, Jean Sammet'
        " · 2024 · read: full text</span>"
    ) in html


def test_picker_finds_a_paper_by_words_of_its_abstract(contributor_client, hopper):
    PaperFactory(title="Something else")

    html = options(contributor_client, "photosynthesis")

    assert html.count('role="option"') == 1
    assert f'data-value="{hopper.arxiv_id}"' in html


def test_picker_still_finds_titles_and_arxiv_ids(contributor_client, hopper):
    assert f'data-value="{hopper.arxiv_id}"' in options(contributor_client, "compilers")
    assert f'data-value="{hopper.arxiv_id}"' in options(contributor_client, hopper.arxiv_id)


def test_picker_finds_a_paper_by_its_doi(contributor_client, db):
    paper = PaperFactory(doi="10.1145/3372297.3417", title="A Paper With a DOI")

    html = options(contributor_client, "doi:10.1145/3372297")

    assert f'data-value="{paper.arxiv_id}" data-label="A Paper With a DOI"' in html


def test_picker_offers_at_most_twelve_in_one_query(
    contributor_client, django_assert_max_num_queries
):
    PaperFactory.create_batch(15, authors="Grace Hopper")

    with django_assert_max_num_queries(8):
        html = options(contributor_client, "hopper")

    assert html.count('role="option"') == 12


def test_picker_page_without_javascript_names_authors(contributor_client, hopper):
    html = contributor_client.get("/entries/papers/", {"q": "sammet"}).content.decode()

    assert "Compilers for Everyone</a> · Grace Hopper, Jean Sammet · 2024" in html
