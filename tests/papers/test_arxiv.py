from __future__ import annotations

import datetime as dt

import pytest

from papers.arxiv import ArxivMalformed, ArxivNotFound, ArxivUnavailable, fetch_arxiv
from papers.models import Paper
from tests.factories import PaperFactory, make_concept
from tests.papers.conftest import fixture_bytes

DPO = "2305.18290"


def test_fetch_parses_the_recorded_response(arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    record = fetch_arxiv(f"https://arxiv.org/abs/{DPO}v2")

    assert arxiv_server.requests[0]["id_list"] == [DPO]
    assert record.arxiv_id == DPO
    assert record.version == 3
    assert record.title == (
        "Direct Preference Optimization: Your Language Model is Secretly a Reward Model"
    )
    assert record.authors[0] == "Rafael Rafailov"
    assert len(record.authors) == 6
    assert record.published == dt.date(2023, 5, 29)
    assert record.categories == ["cs.LG", "cs.AI", "cs.CL"]
    assert record.abstract.startswith("While large-scale unsupervised language models")
    assert "\n" not in record.abstract


def test_fetch_unknown_id_is_not_found(arxiv_server):
    with pytest.raises(ArxivNotFound):
        fetch_arxiv("2609.99999")


def test_fetch_error_entry_is_not_found(arxiv_server):
    arxiv_server.responses["2612.00001"] = (200, fixture_bytes("arxiv_error_entry.xml"))

    with pytest.raises(ArxivNotFound):
        fetch_arxiv("2612.00001")


def test_fetch_malformed_response(arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_malformed.xml"))

    with pytest.raises(ArxivMalformed):
        fetch_arxiv(DPO)


def test_fetch_server_error_is_unavailable(arxiv_server):
    arxiv_server.responses[DPO] = (503, b"Service Unavailable")

    with pytest.raises(ArxivUnavailable, match="HTTP 503"):
        fetch_arxiv(DPO)


def test_fetch_times_out(arxiv_server, settings):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))
    arxiv_server.delay = 1.5
    settings.ARXIV_TIMEOUT_SECONDS = 0.3

    with pytest.raises(ArxivUnavailable, match=r"did not answer within 0\.3 seconds"):
        fetch_arxiv(DPO)


def test_fetch_connection_refused(settings, closed_port_url):
    settings.ARXIV_API_URL = closed_port_url

    with pytest.raises(ArxivUnavailable, match="could not be reached"):
        fetch_arxiv(DPO)


# --- /papers/new/ ---------------------------------------------------------------------


@pytest.mark.django_db
def test_new_paper_page_needs_a_contributor(client, charlie):
    assert client.get("/papers/new/").status_code == 302
    client.force_login(charlie)
    assert client.get("/papers/new/").status_code == 403
    assert client.post("/papers/new/", {"title": "X"}).status_code == 403
    assert Paper.objects.count() == 0


@pytest.mark.django_db
def test_new_paper_form_has_the_arxiv_field(contributor_client):
    html = contributor_client.get("/papers/new/").content.decode()

    assert '<label for="id_arxiv">arXiv id, DOI or link</label>' in html


@pytest.mark.django_db
def test_lookup_prefills_the_form_from_arxiv(contributor_client, arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_normal.xml"))

    response = contributor_client.get("/papers/new/", {"arxiv": f"arXiv:{DPO}v1"})

    assert response.status_code == 200
    initial = response.context["form"].initial
    assert initial["title"].startswith("Direct Preference Optimization")
    assert initial["authors"].startswith("Rafailov, Rafael\nSharma, Archit\n")
    assert initial["published"] == dt.date(2023, 5, 29)
    assert initial["categories"] == "cs.LG, cs.AI, cs.CL"
    assert initial["arxiv_version"] == 1  # the version the user asked for
    assert "Direct Preference Optimization" in response.content.decode()
    assert Paper.objects.count() == 0  # nothing saved until the user confirms


@pytest.mark.django_db
def test_lookup_of_a_paper_in_the_library_redirects_to_it(contributor_client, arxiv_server):
    paper = PaperFactory(arxiv_id=DPO)

    response = contributor_client.get("/papers/new/", {"arxiv": f"https://arxiv.org/pdf/{DPO}v3"})

    assert response.status_code == 302
    assert response["Location"] == f"/papers/{DPO}/"
    assert arxiv_server.requests == []
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == [f"arXiv:{DPO} is already in the library."]
    assert Paper.objects.get() == paper


@pytest.mark.django_db
def test_lookup_network_failure_tells_the_user_and_offers_the_manual_form(
    contributor_client, settings, closed_port_url
):
    settings.ARXIV_API_URL = closed_port_url

    response = contributor_client.get("/papers/new/", {"arxiv": DPO})
    html = response.content.decode()

    assert response.status_code == 200
    assert "arXiv could not be reached. Fill in the details by hand" in html
    assert response.context["form"].initial["arxiv_id"] == DPO
    assert 'name="title"' in html


@pytest.mark.django_db
def test_lookup_timeout_tells_the_user(contributor_client, arxiv_server, settings):
    arxiv_server.delay = 1.5
    settings.ARXIV_TIMEOUT_SECONDS = 0.3

    response = contributor_client.get("/papers/new/", {"arxiv": DPO})

    assert response.status_code == 200
    assert "did not answer within 0.3 seconds" in response.content.decode()


@pytest.mark.django_db
def test_lookup_malformed_answer_tells_the_user(contributor_client, arxiv_server):
    arxiv_server.responses[DPO] = (200, fixture_bytes("arxiv_malformed.xml"))

    response = contributor_client.get("/papers/new/", {"arxiv": DPO})

    assert response.status_code == 200
    assert "could not be read" in response.content.decode()


@pytest.mark.django_db
def test_lookup_unknown_id_says_so_beside_the_field(contributor_client, arxiv_server):
    response = contributor_client.get("/papers/new/", {"arxiv": "2609.99999"})

    assert response.status_code == 404
    assert "arXiv has no paper with the id 2609.99999." in response.content.decode()


@pytest.mark.django_db
def test_lookup_of_something_that_is_no_arxiv_id_is_400(contributor_client, arxiv_server):
    response = contributor_client.get("/papers/new/", {"arxiv": "not an id"})

    assert response.status_code == 400
    assert "is not an arXiv id" in response.content.decode()
    assert arxiv_server.requests == []


@pytest.mark.django_db
def test_confirming_the_form_adds_the_paper(contributor_client):
    concept = make_concept("Reward Modeling")

    response = contributor_client.post(
        "/papers/new/",
        {
            "arxiv_id": f"arXiv:{DPO}v2",
            "title": "Direct Preference Optimization",
            "authors": "Rafailov, Rafael\nSharma, Archit",
            "published": "2023-05-29",
            "categories": "cs.LG, cs.AI",
            "read_level": "abstract_only",
            "topics": [concept.pk],
        },
    )

    paper = Paper.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/papers/{DPO}/"
    assert (paper.arxiv_id, paper.arxiv_version) == (DPO, 2)
    assert paper.published == dt.date(2023, 5, 29)
    assert (paper.authors, paper.author_list) == (
        "Rafael Rafailov, Archit Sharma",
        [{"family": "Rafailov", "given": "Rafael"}, {"family": "Sharma", "given": "Archit"}],
    )
    assert list(paper.topics.all()) == [concept]


@pytest.mark.django_db
def test_adding_a_duplicate_by_hand_points_to_the_existing_paper(contributor_client):
    PaperFactory(arxiv_id=DPO)

    response = contributor_client.post(
        "/papers/new/", {"arxiv_id": DPO, "title": "Again", "read_level": "metadata_only"}
    )

    assert response.status_code == 400
    assert "is already in the library" in response.content.decode()
    assert Paper.objects.count() == 1


@pytest.mark.django_db
def test_adding_with_bad_values_is_400_with_messages(contributor_client):
    response = contributor_client.post(
        "/papers/new/",
        {"arxiv_id": "nonsense", "title": "", "published": "2026-13-45", "read_level": "x"},
    )

    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"arxiv_id", "title", "published", "read_level"}
    assert Paper.objects.count() == 0
