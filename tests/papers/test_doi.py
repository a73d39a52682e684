"""Adding a paper by DOI: the resolver's CSL-JSON (recorded answers served by a real local
HTTP server) fills the add-paper form through the CSL-JSON reader; arXiv's own DOIs are
the arXiv paper; failures read like arXiv's."""

from __future__ import annotations

import datetime as dt

import pytest

from papers.doi import DoiMalformed, DoiNotFound, DoiUnavailable, fetch_doi
from papers.models import Paper
from papers.people import Person
from papers.services import papers_import
from tests.factories import PaperFactory
from tests.papers.conftest import fixture_bytes

pytestmark = pytest.mark.django_db
NATURE = "10.1038/nature14539"
ACL = "10.18653/v1/2026.example-long.17"
DPO = "2305.18290"


def test_fetch_reads_the_csl_json_the_resolver_sends(doi_server):
    doi_server.responses[NATURE.lower()] = (200, fixture_bytes("doi_nature14539.json"))

    record = fetch_doi(f"https://doi.org/{NATURE}")

    assert record.fields["title"] == "Deep learning"
    assert record.fields["authors"] == "Yann LeCun, Yoshua Bengio, Geoffrey Hinton"
    assert (record.fields["journal"], record.fields["volume"], record.fields["issue"]) == (
        "Nature",
        "521",
        "7553",
    )
    assert record.fields["pages"] == "436--444"
    assert record.fields["published"] == dt.date(2015, 5, 27)
    assert record.fields["doi"] == NATURE
    # Asked with content negotiation, and the resolver's redirect followed.
    assert doi_server.requests == [
        (f"/{NATURE}", "application/vnd.citationstyles.csl+json"),
        (f"/transform/{NATURE}", "application/vnd.citationstyles.csl+json"),
    ]


def test_fetch_keeps_particles_suffixes_and_organisations(doi_server):
    doi_server.responses[ACL.lower()] = (200, fixture_bytes("doi_particles.json"))

    record = fetch_doi(ACL)

    assert record.fields["author_list"] == [
        {"family": "Berg", "given": "Anna", "particle": "van der"},
        {"family": "Smith", "given": "John", "suffix": "Jr."},
        {"literal": "World Health Organization"},
    ]
    assert (record.fields["entry_type"], record.fields["published_precision"]) == (
        "inproceedings",
        "month",
    )


def test_fetch_of_an_unknown_doi_is_not_found(doi_server):
    with pytest.raises(DoiNotFound, match=r"No paper has the DOI 10\.1000/none"):
        fetch_doi("10.1000/none")


def test_fetch_of_an_answer_that_is_not_csl_is_malformed(doi_server):
    doi_server.responses["10.1000/bad"] = (200, b"<html>Choose a format</html>")

    with pytest.raises(DoiMalformed, match="could not be read"):
        fetch_doi("10.1000/bad")


def test_fetch_when_the_resolver_fails_is_unavailable(doi_server):
    doi_server.responses["10.1000/down"] = (503, b"Service Unavailable")

    with pytest.raises(DoiUnavailable, match=r"not answering right now \(HTTP 503\)"):
        fetch_doi("10.1000/down")


def test_lookup_by_doi_prefills_the_form(contributor_client, doi_server):
    doi_server.responses[ACL.lower()] = (200, fixture_bytes("doi_particles.json"))

    response = contributor_client.get("/papers/new/", {"arxiv": f"doi:{ACL}"})

    assert response.status_code == 200
    form = response.context["form"]
    assert form.initial["title"] == "Reading Names the Way Bibliographies Do"
    assert form.initial["authors"] == [
        Person(family="Berg", given="Anna", particle="van der"),
        Person(family="Smith", given="John", suffix="Jr."),
        Person(literal="World Health Organization"),
    ]
    html = response.content.decode()
    assert "Check the details fetched for the DOI" in html
    # The authors box shows them one per line, particles and suffixes kept.
    assert "van der Berg, Anna\nSmith, Jr., John\n{World Health Organization}</textarea>" in html
    assert 'value="2026-07"' in html  # the month the resolver gave, no invented day
    assert Paper.objects.count() == 0  # nothing saved until the user confirms


def test_paper_added_by_doi_keeps_its_authors_parts(contributor_client, doi_server):
    doi_server.responses[ACL.lower()] = (200, fixture_bytes("doi_particles.json"))
    form = contributor_client.get("/papers/new/", {"arxiv": ACL}).context["form"]
    data = {name: form[name].value() for name in form.fields if name != "topics"}
    data = {name: value for name, value in data.items() if value is not None}
    data["authors"] = form["authors"].field.prepare_value(form.initial["authors"])
    data["published"] = "2026-07"

    response = contributor_client.post("/papers/new/", {**data, "read_level": "metadata_only"})

    assert response.status_code == 302
    paper = Paper.objects.get()
    assert paper.doi == ACL
    assert paper.authors == "Anna van der Berg, John Smith Jr., World Health Organization"
    assert paper.cite_label == "van der Berg et al. 2026"


def test_lookup_of_a_doi_in_the_library_redirects_to_it(contributor_client, doi_server):
    paper = PaperFactory(arxiv_id=None, doi=NATURE)

    response = contributor_client.get(
        "/papers/new/", {"arxiv": f"https://doi.org/{NATURE.upper()}"}
    )

    assert response.status_code == 302
    assert response["Location"] == paper.get_absolute_url()
    assert doi_server.requests == []


def test_arxiv_doi_typed_in_is_the_arxiv_paper(contributor_client, doi_server):
    paper = PaperFactory(arxiv_id=DPO)

    response = contributor_client.get("/papers/new/", {"arxiv": f"10.48550/arXiv.{DPO}"})

    assert response.status_code == 302
    assert response["Location"] == f"/papers/{DPO}/"
    assert doi_server.requests == []
    assert Paper.objects.get() == paper


def test_arxiv_doi_typed_in_looks_up_arxiv(contributor_client, arxiv_server, doi_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    response = contributor_client.get(
        "/papers/new/", {"arxiv": f"https://doi.org/10.48550/arXiv.{DPO}"}
    )

    assert response.status_code == 200
    assert response.context["form"].initial["arxiv_id"] == DPO
    assert doi_server.requests == []  # one paper, one lookup: arXiv's


def test_imported_arxiv_doi_then_added_by_id_is_one_paper(contributor_client, arxiv_server):
    bib = f"@misc{{dpo, title = {{DPO}}, doi = {{10.48550/arXiv.{DPO}}}}}"
    papers_import(text=bib, format="bibtex")

    response = contributor_client.get("/papers/new/", {"arxiv": DPO})

    assert response.status_code == 302
    assert Paper.objects.get().arxiv_id == DPO
    assert arxiv_server.requests == []


def test_lookup_unknown_doi_says_so_beside_the_field(contributor_client, doi_server):
    response = contributor_client.get("/papers/new/", {"arxiv": "10.1000/none"})

    assert response.status_code == 404
    assert "No paper has the DOI 10.1000/none" in response.content.decode()


def test_lookup_offline_tells_the_user_and_offers_the_manual_form(
    contributor_client, settings, closed_port_url
):
    settings.DOI_RESOLVER_URL = closed_port_url

    response = contributor_client.get("/papers/new/", {"arxiv": NATURE})
    html = response.content.decode()

    assert response.status_code == 200
    assert (
        "The DOI resolver (doi.org) could not be reached. Fill in the details by hand, or try "
        "again later." in html
    )
    assert response.context["form"].initial == {"doi": NATURE}


def test_lookup_http_error_tells_the_user(contributor_client, doi_server):
    doi_server.responses[NATURE.lower()] = (500, b"oops")

    response = contributor_client.get("/papers/new/", {"arxiv": NATURE})

    assert response.status_code == 200
    assert "is not answering right now (HTTP 500). Fill in the details by hand" in (
        response.content.decode()
    )


def test_lookup_of_neither_an_id_nor_a_doi_is_400(contributor_client, doi_server):
    response = contributor_client.get("/papers/new/", {"arxiv": "nature paper"})

    assert response.status_code == 400
    assert "Or enter a DOI, such as 10.1038/nature14539." in response.content.decode()
    assert doi_server.requests == []


def test_arxiv_doi_in_the_form_gives_the_arxiv_id(contributor_client, arxiv_server):
    response = contributor_client.post(
        "/papers/new/",
        {"title": "DPO", "doi": f"10.48550/arXiv.{DPO}", "read_level": "metadata_only"},
    )

    assert response.status_code == 302
    assert Paper.objects.get().arxiv_id == DPO
    again = contributor_client.get("/papers/new/", {"arxiv": DPO})
    assert again.status_code == 302  # the paper we have, no second one
    assert arxiv_server.requests == []


def test_arxiv_doi_in_the_form_of_a_paper_we_have_is_refused(contributor_client):
    PaperFactory(arxiv_id=DPO)

    response = contributor_client.post(
        "/papers/new/",
        {"title": "DPO again", "doi": f"10.48550/arXiv.{DPO}", "read_level": "metadata_only"},
    )

    assert response.status_code == 400
    assert f"arXiv:{DPO} is already in the library" in response.content.decode()
    assert Paper.objects.count() == 1
