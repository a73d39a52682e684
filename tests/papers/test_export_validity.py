"""Exports checked by the tools researchers use, offline: biber's data-model check for
BibTeX, the CSL-JSON schema, an independent RIS reader (rispy); the papers Atom feed; and a
BibTeX → import → export round trip that changes no field."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import bibtexparser
import jsonschema_rs
import pytest
import rispy

from papers.models import Paper
from papers.services import papers_import
from tests.factories import PaperFactory
from tests.papers.conftest import FIXTURES

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


def _varied_library() -> list[Paper]:
    """A paper of every kind, with every date precision and awkward title the exports meet."""
    make = PaperFactory
    return [
        make(title="{ROUGE} and GPT-4: 100% of a_b & #1", categories="cs.CL, cs.AI",
             arxiv_version=2, organisation="Google DeepMind", doi="10.48550/arXiv.2601.1"),
        make(arxiv_id=None, title="An Article", entry_type="article", journal="Nature",
             volume="5", issue="3", pages="12--19", publisher="Springer",
             published=dt.date(1998, 1, 1), published_precision="year"),
        make(arxiv_id=None, title="A Conference Paper", entry_type="inproceedings",
             booktitle="Proceedings of ACL", pages="1--9", publisher="ACL",
             published=dt.date(2004, 7, 1), published_precision="month"),
        make(arxiv_id=None, title="A Chapter", entry_type="incollection", booktitle="A Book",
             publisher="MIT Press", pages="3--30"),
        make(arxiv_id=None, title="A Book", entry_type="book", publisher="MIT Press"),
        make(arxiv_id=None, title="A Report", entry_type="techreport", publisher="OpenAI",
             issue="TR-7"),
        make(arxiv_id=None, title="A Thesis", entry_type="phdthesis", publisher="ETH Zürich"),
        make(arxiv_id=None, title="A Master's Thesis", entry_type="mastersthesis",
             publisher="MIT"),
        make(arxiv_id=None, title="An Article With No Journal", entry_type="article",
             doi="10.1000/x", organisation="Example Lab"),
        make(arxiv_id=None, title="Nobody Wrote This", authors="", published=None,
             url="https://example.org/p", organisation=""),
    ]  # fmt: skip


def download(client, fmt: str) -> str:
    response = client.get(f"/papers/?format={fmt}")
    assert response.status_code == 200
    return b"".join(response.streaming_content).decode()


@pytest.mark.skipif(shutil.which("biber") is None, reason="biber is not installed")
def test_bibtex_export_passes_biber_data_model_check(client, tmp_path):
    _varied_library()
    (tmp_path / "papers.bib").write_text(download(client, "bibtex"), encoding="utf-8")

    run = subprocess.run(
        ["biber", "--tool", "--validate-datamodel", "--output-file", "checked.bib", "papers.bib"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )

    problems = [line for line in run.stdout.splitlines() if line.startswith(("WARN", "ERROR"))]
    assert (run.returncode, problems) == (0, [])
    assert "TITLE = {{ROUGE} and {GPT-4}: 100\\% of a\\_b \\& \\#1}" in (
        tmp_path / "checked.bib"
    ).read_text(encoding="utf-8")


def test_bibtex_entry_types_and_months_as_biblatex_wants_them(client):
    _varied_library()

    text = download(client, "bibtex")
    types = {
        e.fields_dict["title"].value: e.entry_type for e in bibtexparser.parse_string(text).entries
    }

    assert "month = jul,\n" in text and "{jul}" not in text
    assert "institution" not in text.split("@techreport")[0]  # only a report has one
    assert types["An Article With No Journal"] == "misc"
    assert types["An Article"] == "article"
    assert types["A Chapter"] == "inbook"
    assert "date = {XXXX}" in text  # the undated paper: "year unknown", nothing invented


def test_csljson_export_matches_the_csl_schema(client):
    _varied_library()
    schema = json.loads((FIXTURES / "csl-data.json").read_text())

    items = json.loads(download(client, "csljson"))

    errors = [
        f"{e.instance_path}: {e.message}"
        for e in jsonschema_rs.validator_for(schema).iter_errors(items)
    ]
    assert (len(items), errors) == (10, [])


def test_ris_export_is_read_by_an_independent_ris_reader(client):
    _varied_library()

    records = rispy.loads(download(client, "ris"))
    by_title = {r["title"]: r for r in records}

    assert len(records) == 10
    article = by_title["An Article"]
    assert (article["type_of_reference"], article["secondary_title"], article["volume"]) == (
        "JOUR",
        "Nature",
        "5",
    )
    assert (article["start_page"], article["end_page"], article["year"]) == ("12", "19", "1998")
    assert by_title["A Conference Paper"]["date"] == "2004/07//"
    assert "authors" not in by_title["Nobody Wrote This"]


def test_papers_feed_is_valid_atom_when_a_paper_has_no_author(client):
    PaperFactory(title="Nobody Wrote This", authors="")
    PaperFactory(title="Somebody Wrote This")

    feed = ET.fromstring(client.get("/feeds/papers/").content)

    # RFC 4287 §4.1.1: an entry without an author of its own takes the feed's.
    assert feed.findtext(f"{ATOM}author/{ATOM}name") == "Research Wiki"
    authors = {
        entry.findtext(f"{ATOM}title"): entry.findtext(f"{ATOM}author/{ATOM}name")
        for entry in feed.findall(f"{ATOM}entry")
    }
    assert authors == {
        "Nobody Wrote This": None,
        "Somebody Wrote This": "Ada Lovelace, Alan Turing",
    }


ROUND_TRIP = r"""@article{smith2020deep,
  title = {Deep Nets for {ROUGE}},
  author = {Smith, Jr., John and van der Berg, Anna and {World Health Organization}},
  year = {2020},
  month = mar,
  date = {2020-03},
  journal = {Nature},
  volume = {5},
  number = {3},
  pages = {12--19},
  doi = {10.1038/x1},
  url = {https://example.org/deep},
  abstract = {We study 100\% of things.}
}

@inproceedings{lin2004rouge,
  title = {{ROUGE}: A Package for Automatic Evaluation of Summaries},
  author = {Lin, Chin-Yew and {de Souza}, Ana},
  year = {2004},
  date = {2004},
  booktitle = {Text Summarization Branches Out},
  pages = {74--81},
  publisher = {Association for Computational Linguistics},
  organization = {ACL}
}

@misc{vaswani2017attention,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish and Shazeer, Noam},
  year = {2017},
  month = jun,
  date = {2017-06-12},
  eprint = {1706.03762v5},
  archivePrefix = {arXiv},
  primaryClass = {cs.CL},
  url = {https://arxiv.org/abs/1706.03762}
}

@phdthesis{doe2019thesis,
  title = {A Thesis on {LaTeX}},
  author = {Müller, Jane},
  year = {2019},
  date = {2019},
  school = {ETH Zürich},
  pages = {1--200}
}
"""


def _entries(text: str) -> dict[str, tuple[str, dict[str, str]]]:
    library = bibtexparser.parse_string(text)
    return {e.key: (e.entry_type, {f.key: str(f.value) for f in e.fields}) for e in library.entries}


def test_bibtex_round_trip_changes_no_field(client):
    report = papers_import(text=ROUND_TRIP, format="bibtex")

    exported = download(client, "bibtex")

    assert [row.outcome for row in report.rows] == ["created"] * 4
    assert _entries(exported) == _entries(ROUND_TRIP)
