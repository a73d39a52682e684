"""Where a paper appeared (type, journal, proceedings, volume, issue, pages, publisher):
kept on import from every format, editable, shown, exported."""

from __future__ import annotations

import json

import bibtexparser
import pytest

from papers.models import Paper
from papers.people import people_lines
from papers.services import papers_import
from tests.factories import PaperFactory
from tests.papers.conftest import paper_export

pytestmark = pytest.mark.django_db

ARTICLE = """
@article{smith2020deep,
  title = {Deep Nets},
  author = {Smith, John},
  journal = {Nature},
  volume = {5},
  number = {3},
  pages = {12--19},
  publisher = {Springer},
  year = {2020}
}
"""
PROCEEDINGS = """
@inproceedings{lin2004rouge,
  title = {{ROUGE}: A Package for Automatic Evaluation of Summaries},
  author = {Lin, Chin-Yew},
  booktitle = {Text Summarization Branches Out},
  pages = {74--81},
  publisher = {Association for Computational Linguistics},
  year = {2004}, month = jul
}
"""
VENUE = ("entry_type", "journal", "booktitle", "volume", "issue", "pages", "publisher")


def venue(paper: Paper) -> tuple[str, ...]:
    return tuple(getattr(paper, name) for name in VENUE)


def test_article_venue_is_kept_shown_and_exported(client):
    paper = papers_import(text=ARTICLE, format="bibtex").rows[0].paper

    page = client.get(paper.get_absolute_url()).content.decode()
    (entry,) = bibtexparser.parse_string(paper_export(client, paper, "bibtex")).entries
    item = json.loads(paper_export(client, paper, "csljson"))[0]
    ris = paper_export(client, paper, "ris")

    assert venue(paper) == ("article", "Nature", "", "5", "3", "12--19", "Springer")
    assert "Journal article:</span> Nature 5(3), 12\u201319, Springer" in page
    assert entry.entry_type == "article"
    assert {f.key: f.value for f in entry.fields if f.key in ("journal", "volume", "number")} == {
        "journal": "Nature",
        "volume": "5",
        "number": "3",
    }
    assert entry.fields_dict["pages"].value == "12--19"
    assert "publisher" not in entry.fields_dict  # biblatex's @article has no publisher
    assert (item["type"], item["container-title"], item["page"]) == (
        "article-journal",
        "Nature",
        "12-19",
    )
    assert ris.startswith("TY  - JOUR\n")
    assert "T2  - Nature\nVL  - 5\nIS  - 3\nSP  - 12\nEP  - 19\nPB  - Springer\n" in ris


def test_conference_paper_keeps_its_proceedings_through_ris_and_csl(client):
    paper = papers_import(text=PROCEEDINGS, format="bibtex").rows[0].paper
    expected = venue(paper)

    for fmt in ("ris", "csljson"):
        text = paper_export(client, paper, fmt)
        Paper.objects.all().delete()
        again = papers_import(text=text, format=fmt).rows[0].paper
        assert venue(again) == expected, fmt
        paper = again

    assert expected == (
        "inproceedings",
        "",
        "Text Summarization Branches Out",
        "",
        "",
        "74--81",
        "Association for Computational Linguistics",
    )


def test_scholar_arxiv_preprint_journal_is_not_a_journal():
    text = "@article{x, title = {P}, journal = {arXiv preprint arXiv:2305.18290}, year = 2023}"

    paper = papers_import(text=text, format="bibtex").rows[0].paper

    assert (paper.arxiv_id, paper.entry_type, paper.journal) == ("2305.18290", "", "")


def test_article_without_a_journal_is_exported_as_misc(client):
    paper = PaperFactory(entry_type="article", journal="")

    (entry,) = bibtexparser.parse_string(paper_export(client, paper, "bibtex")).entries

    assert entry.entry_type == "misc"


def test_editor_sets_the_venue_in_the_form(editor_client):
    paper = PaperFactory(title="Deep Nets")
    data = {
        "title": paper.title,
        "arxiv_id": paper.arxiv_id,
        "read_level": paper.read_level,
        "authors": people_lines(paper.people),
        "organisation": paper.organisation,
        "abstract": paper.abstract,
        "entry_type": "inproceedings",
        "booktitle": "Proceedings of ICML",
        "pages": "1--9",
    }

    response = editor_client.post(f"{paper.get_absolute_url()}edit/", data)
    page = editor_client.get(paper.get_absolute_url()).content.decode()

    assert response.status_code == 302
    assert "Conference paper:</span> In Proceedings of ICML, 1\u20139" in page
    assert '<meta name="citation_conference_title" content="Proceedings of ICML">' in page
