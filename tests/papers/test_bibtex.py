from __future__ import annotations

import datetime as dt

import bibtexparser
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from papers.models import Paper, ReadLevel
from papers.services import papers_import
from tests.factories import PaperFactory, make_concept
from tests.papers.conftest import import_report

pytestmark = pytest.mark.django_db


def export(client, query: str = "") -> tuple[object, str]:
    response = client.get(f"/papers/?{query}&format=bibtex" if query else "/papers/?format=bibtex")
    return response, b"".join(response.streaming_content).decode()


def parse(text: str) -> list[dict[str, str]]:
    """Entries as flat dicts: lower-case field names, the key under "ID"."""
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    return [{"ID": e.key, **{f.key.lower(): f.value for f in e.fields}} for e in library.entries]


def test_filtered_export_parses_back_to_exactly_the_filtered_set_across_pages(client):
    topic = make_concept("Reward Modeling")
    inside = PaperFactory.create_batch(30, published=dt.date(2026, 2, 1))
    for paper in inside:
        paper.topics.add(topic)
    PaperFactory.create_batch(5, published=dt.date(2026, 2, 1))  # no topic
    outside = PaperFactory(published=dt.date(2025, 12, 31))
    outside.topics.add(topic)

    response, text = export(client, "topic=reward-modeling&published_after=2026-01-01&per_page=10")
    entries = parse(text)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/x-bibtex; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="papers-topic-reward-modeling-from-2026-01-01.bib"'
    )
    assert sorted(e["eprint"] for e in entries) == sorted(p.arxiv_id for p in inside)
    assert len({e["ID"] for e in entries}) == 30  # keys made unique


def test_export_fields_round_trip(client):
    paper = PaperFactory(
        arxiv_id="2305.18290",
        arxiv_version=2,
        title="Direct Preference {Optimization}: 100% of a Reward Model",
        authors="Rafael Rafailov, Archit Sharma, Chelsea Finn",
        organisation="Stanford University",
        published=dt.date(2023, 5, 29),
        categories="cs.LG, cs.AI",
        doi="10.1000/xyz",
    )

    entry = parse(export(client)[1])[0]

    assert entry["ID"] == "rafailov2023direct"
    assert entry["title"] == "Direct Preference {Optimization}: 100\\% of a Reward Model"
    assert entry["author"] == "Rafailov, Rafael and Sharma, Archit and Finn, Chelsea"
    assert (entry["year"], entry["date"]) == ("2023", "2023-05-29")
    assert (entry["eprint"], entry["archiveprefix"], entry["primaryclass"]) == (
        "2305.18290v2",
        "arXiv",
        "cs.LG",
    )
    assert entry["doi"] == paper.doi


def test_export_with_invalid_filter_is_400_not_a_wrong_file(client):
    PaperFactory()

    response = client.get("/papers/?published_after=2026-13-45&format=bibtex")

    assert response.status_code == 400
    assert "Published after" in response.content.decode()


def test_paper_page_offers_its_entry(client):
    paper = PaperFactory(arxiv_id="hep-th/9901001", authors="Edward Witten")

    response = client.get("/papers/hep-th/9901001/?format=bibtex")
    entries = parse(b"".join(response.streaming_content).decode())

    assert response.status_code == 200
    assert [e["eprint"] for e in entries] == [paper.arxiv_id]
    assert (
        'href="/papers/hep-th/9901001/?format=bibtex"'
        in client.get("/papers/hep-th/9901001/").content.decode()
    )


BIB = r"""
@misc{rafailov2023direct,
  title = {Direct Preference Optimization},
  author = {Rafailov, Rafael and Sharma, Archit},
  year = {2023}, month = may,
  eprint = {2305.18290v2}, archivePrefix = {arXiv}, primaryClass = {cs.LG},
  keywords = {Reward Modeling, Unknown Topic}
}
@article{known,
  title = {Known Paper},
  author = {Lovelace, Ada},
  journal = {arXiv preprint arXiv:2601.00077},
  abstract = {Now with an abstract.},
  year = {2026}
}
@article{same,
  title = {Known Paper Again},
  eprint = {2601.00077}, archivePrefix = {arXiv}
}
@inproceedings{nodoi,
  title = {A Paper Without Identifiers},
  author = {M{\"u}ller, J{\"o}rg},
  date = {2024-07-02},
  institution = {ETH Z{\"u}rich},
}
@misc{untitled, author = {Nobody}, year = {2020}}
@misc{badyear, title = {Bad Year}, year = {twenty}}
@misc{badeprint, title = {Bad Eprint}, eprint = {not-an-id}, archivePrefix = {arXiv}}
@misc{broken, title = {Unclosed
@comment{ignored}
"""


def test_import_reports_created_updated_and_skipped_with_reasons(contributor_client):
    make_concept("Reward Modeling")
    known = PaperFactory(arxiv_id="2601.00077", title="Known Paper", abstract="")

    response = contributor_client.post(
        "/papers/import/",
        {"file": SimpleUploadedFile("refs.bib", BIB.encode(), "text/x-bibtex")},
        follow=True,
    )

    assert response.status_code == 200
    report = import_report(response)
    outcomes = {row.key: (row.outcome, row.detail) for row in report.rows}
    assert outcomes["rafailov2023direct"] == ("created", "Added to the library.")
    assert outcomes["known"] == ("updated", "Filled in abstract.")
    assert outcomes["same"] == ("skipped", "Same paper as entry known.")
    assert outcomes["nodoi"][0] == "created"
    assert outcomes["untitled"] == ("skipped", "Entry has no title.")
    assert outcomes["badyear"][0] == "skipped"
    assert "twenty" in outcomes["badyear"][1]
    assert outcomes["badeprint"][0] == "skipped"
    assert "broken" in outcomes  # not parsed, yet reported
    assert outcomes["broken"][0] == "skipped"
    assert (report.created, report.updated, report.skipped) == (2, 1, 5)
    dpo = Paper.objects.get(arxiv_id="2305.18290")
    assert (dpo.arxiv_version, dpo.authors) == (2, "Rafael Rafailov, Archit Sharma")
    assert dpo.published == dt.date(2023, 5, 1)
    assert [t.title for t in dpo.topics.all()] == ["Reward Modeling"]
    known.refresh_from_db()
    assert known.abstract == "Now with an abstract."
    assert known.title == "Known Paper"  # filled fields are never overwritten
    nodoi = Paper.objects.get(title="A Paper Without Identifiers")
    assert (nodoi.authors, nodoi.organisation) == ("Jörg Müller", "ETH Zürich")
    assert nodoi.published == dt.date(2024, 7, 2)
    html = response.content.decode()
    assert "2 created" in html and "1 updated" in html and "5 skipped" in html


def test_import_twice_skips_everything_the_second_time(contributor_client):
    upload = {"file": SimpleUploadedFile("a.bib", BIB.encode())}
    contributor_client.post("/papers/import/", upload)
    count = Paper.objects.count()

    response = contributor_client.post(
        "/papers/import/", {"file": SimpleUploadedFile("a.bib", BIB.encode())}, follow=True
    )

    assert Paper.objects.count() == count
    assert import_report(response).created == 0


def test_export_then_import_into_an_empty_library_recreates_the_papers(client, contributor):
    make_concept("Reward Modeling")
    originals = PaperFactory.create_batch(4, read_level=ReadLevel.FULL_TEXT)
    text = export(client)[1]
    expected = sorted((p.arxiv_id, p.title, p.authors, p.published) for p in originals)
    Paper.objects.all().delete()
    client.force_login(contributor)

    response = client.post(
        "/papers/import/", {"file": SimpleUploadedFile("x.bib", text.encode())}, follow=True
    )

    assert import_report(response).created == 4
    assert sorted(Paper.objects.values_list("arxiv_id", "title", "authors", "published")) == (
        expected
    )


def test_import_rejects_a_binary_file(contributor_client):
    response = contributor_client.post(
        "/papers/import/", {"file": SimpleUploadedFile("x.bib", b"\x00\x01\x02")}
    )

    assert response.status_code == 400
    assert "not a text file" in response.content.decode()


def test_import_without_a_file_is_400(contributor_client):
    assert contributor_client.post("/papers/import/", {}).status_code == 400


def test_import_needs_a_contributor(client, charlie):
    upload = {"file": SimpleUploadedFile("a.bib", BIB.encode())}
    assert client.post("/papers/import/", upload).status_code == 302
    client.force_login(charlie)

    assert client.post("/papers/import/", upload).status_code == 403
    assert Paper.objects.count() == 0


def test_arxiv_doi_in_a_bibtex_file_is_that_arxiv_paper():
    known = PaperFactory(arxiv_id="2305.18290", title="Direct Preference Optimization")
    text = "@article{dpo, title = {DPO}, doi = {10.48550/arXiv.2305.18290}, year = {2023}}"

    (row,) = papers_import(text=text, format="bibtex").rows

    assert (row.outcome, row.paper.pk, Paper.objects.count()) == ("updated", known.pk, 1)


def test_a_month_in_other_digits_keeps_the_year_alone():
    report = papers_import(
        text="@article{k, title = {Unicode Months}, author = {Lee, Ann}, year = {2021},"
        " month = {²}}",
        format="bibtex",
    )

    assert report.created == 1
    paper = Paper.objects.get()
    assert (paper.published.year, paper.published_precision) == (2021, "year")
