"""A year-only or year-month reference keeps its precision: shown and exported as known."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from papers.models import Paper
from papers.services import papers_import
from tests.factories import PaperFactory
from tests.papers.conftest import paper_export

pytestmark = pytest.mark.django_db

YEAR_ONLY = "@article{old1998, title = {An Old Paper}, author = {Ada Lovelace}, year = {1998}}"
YEAR_MONTH = (
    "@misc{mid2017, title = {A Mid-Year Paper}, author = {Ada Lovelace}, year = 2017, month = jun}"
)


def test_year_only_reference_is_shown_and_exported_as_the_year(client):
    paper = papers_import(text=YEAR_ONLY, format="bibtex").rows[0].paper

    page = client.get(paper.get_absolute_url()).content.decode()
    listing = client.get("/papers/").content.decode()
    bibtex = paper_export(client, paper, "bibtex")
    ris = paper_export(client, paper, "ris")
    csl = json.loads(paper_export(client, paper, "csljson"))

    assert (paper.published, paper.published_precision) == (dt.date(1998, 1, 1), "year")
    assert 'Published <time datetime="1998">1998</time>' in page
    assert "January" not in page
    assert '<time datetime="1998">1998</time>' in listing
    assert "year = {1998}" in bibtex and "date = {1998}" in bibtex
    assert "month" not in bibtex
    assert "PY  - 1998\n" in ris and "DA  -" not in ris
    assert csl[0]["issued"] == {"date-parts": [[1998]]}


def test_year_month_reference_keeps_its_month_and_no_day(client):
    paper = papers_import(text=YEAR_MONTH, format="bibtex").rows[0].paper

    page = client.get(paper.get_absolute_url()).content.decode()
    bibtex = paper_export(client, paper, "bibtex")

    assert paper.published_precision == "month"
    assert '<time datetime="2017-06">June 2017</time>' in page
    assert "month = jun,\n" in bibtex and "date = {2017-06}" in bibtex
    assert paper_export(client, paper, "ris").count("DA  - 2017/06//\n") == 1
    assert json.loads(paper_export(client, paper, "csljson"))[0]["issued"] == {
        "date-parts": [[2017, 6]]
    }


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        ("TY  - JOUR\nTI  - Old\nPY  - 1998\nER  - \n", "ris", ("1998-01-01", "year")),
        ("TY  - JOUR\nTI  - Old\nDA  - 1998/04//\nER  - \n", "ris", ("1998-04-01", "month")),
        ('[{"id": "x", "type": "book", "title": "Old", "issued": {"date-parts": [[1998]]}}]',
         "csljson", ("1998-01-01", "year")),
        ('[{"id": "x", "type": "book", "title": "Old", "issued": {"date-parts": [[1998, 4, 2]]}}]',
         "csljson", ("1998-04-02", "day")),
        ("@misc{x, title = {Old}, date = {1998-04}}", "bibtex", ("1998-04-01", "month")),
    ],
)  # fmt: skip
def test_every_reader_keeps_the_precision(text, fmt, expected):
    paper = papers_import(text=text, format=fmt).rows[0].paper

    assert (paper.published.isoformat(), paper.published_precision) == expected


def test_editor_writes_a_year_only_date_and_sees_it_back(editor_client):
    paper = PaperFactory(title="Dated", published=dt.date(2020, 5, 4))
    data = {**_kept(paper), "published": "2019"}

    response = editor_client.post(f"{paper.get_absolute_url()}edit/", data)
    form = editor_client.get(f"{paper.get_absolute_url()}edit/").content.decode()

    assert response.status_code == 302
    paper.refresh_from_db()
    assert (paper.published, paper.published_precision) == (dt.date(2019, 1, 1), "year")
    assert 'name="published" value="2019"' in form


def test_a_date_that_is_not_one_is_refused_with_the_rule(editor_client):
    paper = PaperFactory(title="Dated", published=dt.date(2020, 5, 4))
    data = {**_kept(paper), "published": "May 2019"}

    response = editor_client.post(f"{paper.get_absolute_url()}edit/", data)

    assert response.status_code == 400
    assert "Write the date as YYYY, YYYY-MM or YYYY-MM-DD" in response.content.decode()
    paper.refresh_from_db()
    assert (paper.published, paper.published_precision) == (dt.date(2020, 5, 4), "day")


def test_date_filters_still_find_year_only_papers(client):
    papers_import(text=YEAR_ONLY, format="bibtex")
    PaperFactory(title="Much Later", published=dt.date(2020, 1, 1))

    inside = client.get("/papers/?published_after=1998-01-01&published_before=1998-12-31")
    outside = client.get("/papers/?published_after=1999-01-01")

    assert "An Old Paper" in inside.content.decode()
    assert "An Old Paper" not in outside.content.decode()


def test_api_says_how_precise_the_date_is(client):
    paper = papers_import(text=YEAR_ONLY, format="bibtex").rows[0].paper

    data = client.get(f"/api/papers/{paper.pk}/").json()

    assert (data["published"], data["published_precision"]) == ("1998-01-01", "year")


def _kept(paper: Paper) -> dict[str, str]:
    return {"title": paper.title, "arxiv_id": paper.arxiv_id, "read_level": paper.read_level}
