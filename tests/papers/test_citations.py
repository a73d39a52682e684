"""RIS and CSL-JSON, out and in, beside BibTeX; and the citation meta tags of paper pages."""

from __future__ import annotations

import datetime as dt
import json
from html.parser import HTMLParser

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from papers.citations import detect_format
from papers.models import Paper
from papers.services import papers_import
from tests.factories import PaperFactory, make_concept
from tests.papers.conftest import import_report

pytestmark = pytest.mark.django_db

FIELDS = ("arxiv_id", "arxiv_version", "title", "authors", "published")


def download(client, address: str) -> tuple[object, str]:
    response = client.get(address)
    return response, b"".join(response.streaming_content).decode()


def _filtered_world() -> list[Paper]:
    topic = make_concept("Reward Modeling")
    inside = PaperFactory.create_batch(12, published=dt.date(2026, 2, 1))
    inside.append(PaperFactory(arxiv_id=None, doi="10.1000/xyz", published=dt.date(2026, 5, 3)))
    inside.append(PaperFactory(authors="Ada Lovelace", title="Ünïcode & 100% of a_b #1"))
    Paper.objects.filter(pk=inside[-1].pk).update(published=dt.date(2026, 12, 31))
    for paper in inside:
        paper.topics.add(topic)
    PaperFactory.create_batch(3, published=dt.date(2026, 2, 1))  # no topic
    PaperFactory(published=dt.date(2025, 12, 31)).topics.add(topic)  # another year
    return [Paper.objects.get(pk=p.pk) for p in inside]


FILTER = "topic=reward-modeling&published_after=2026-01-01&published_before=2026-12-31"


@pytest.mark.parametrize(
    ("fmt", "extension", "content_type"),
    [
        ("ris", "ris", "application/x-research-info-systems; charset=utf-8"),
        ("csljson", "json", "application/vnd.citationstyles.csl+json; charset=utf-8"),
        ("bibtex", "bib", "text/x-bibtex; charset=utf-8"),
    ],
)
def test_filtered_export_round_trips_through_the_importer(
    client, contributor, fmt, extension, content_type
):
    inside = _filtered_world()
    expected = sorted(tuple(getattr(p, f) or "" for f in FIELDS) for p in inside)

    response, text = download(client, f"/papers/?{FILTER}&per_page=5&format={fmt}")
    Paper.objects.all().delete()
    client.force_login(contributor)
    upload = SimpleUploadedFile(f"export.{extension}", text.encode())
    report = import_report(client.post("/papers/import/", {"file": upload}, follow=True))

    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == (
        f'attachment; filename="papers-topic-reward-modeling-2026.{extension}"'
    )
    assert (report.created, report.skipped) == (len(inside), 0)
    found = sorted(tuple(getattr(p, f) or "" for f in FIELDS) for p in Paper.objects.all())
    assert found == expected
    assert {t.slug for p in Paper.objects.all() for t in p.topics.all()} == {"reward-modeling"}


@pytest.mark.parametrize("fmt", ["ris", "csljson", "bibtex"])
def test_export_reads_a_bounded_number_of_queries(client, django_assert_max_num_queries, fmt):
    topic = make_concept("Reward Modeling")
    for paper in PaperFactory.create_batch(40):
        paper.topics.add(topic)

    with django_assert_max_num_queries(4):
        response, text = download(client, f"/papers/?format={fmt}")

    assert response.status_code == 200
    assert text.count("Reward Modeling") == 40


def test_paper_page_exports_one_paper_in_each_format(client):
    paper = PaperFactory(
        arxiv_id="2305.18290",
        arxiv_version=2,
        title="Direct Preference Optimization",
        authors="Rafael Rafailov, Archit Sharma",
        published=dt.date(2023, 5, 29),
        doi="10.48550/arXiv.2305.18290",
    )

    ris_response, ris = download(client, "/papers/2305.18290/?format=ris")
    csl_response, csl = download(client, "/papers/2305.18290/?format=csljson")
    item = json.loads(csl)[0]

    assert ris_response["Content-Disposition"] == 'attachment; filename="rafailov2023direct.ris"'
    assert ris.splitlines()[:7] == [
        "TY  - UNPB",  # a preprint: its DOI is arXiv's
        "ID  - rafailov2023direct",
        "TI  - Direct Preference Optimization",
        "AU  - Rafailov, Rafael",
        "AU  - Sharma, Archit",
        "PY  - 2023",
        "DA  - 2023/05/29/",
    ]
    assert "AN  - arXiv:2305.18290v2" in ris
    assert csl_response["Content-Disposition"] == 'attachment; filename="rafailov2023direct.json"'
    assert item["author"] == [
        {"family": "Rafailov", "given": "Rafael"},
        {"family": "Sharma", "given": "Archit"},
    ]
    assert (item["number"], item["version"], item["DOI"]) == ("arXiv:2305.18290", "2", paper.doi)
    assert item["issued"] == {"date-parts": [[2023, 5, 29]]}
    page = client.get("/papers/2305.18290/").content.decode()
    assert 'href="/papers/2305.18290/?format=ris"' in page
    assert 'href="/papers/2305.18290/?format=csljson"' in page


# As Zotero writes them: an arXiv preprint with its arXiv DOI and URL, a wrapped abstract.
ZOTERO_RIS = """\ufeffTY  - UNPB
TI  - Let's Verify Step by Step
AU  - Lightman, Hunter
AU  - Kosaraju, Vineet
AB  - Large language models have improved
  greatly in recent years.
DA  - 2023/05/31/
PY  - 2023
DO  - 10.48550/arXiv.2305.20050
UR  - http://arxiv.org/abs/2305.20050
KW  - Reward Modeling
KW  - Computer Science - Machine Learning
ER  -

TY  - JOUR
AU  - Nobody, Anne
PY  - 2020
ER  -

TY  - JOUR
TI  - Bad Date
PY  - spring
ER  -

TY  - JOUR
TI  - Same Preprint Again
UR  - https://arxiv.org/abs/2305.20050v2
ER  -

TY  - GEN
TI  - Never Closed
"""


def test_ris_import_reports_every_record_and_is_idempotent(contributor_client):
    make_concept("Reward Modeling")

    def post():
        upload = SimpleUploadedFile("My Library.ris", ZOTERO_RIS.encode())
        return import_report(
            contributor_client.post("/papers/import/", {"file": upload}, follow=True)
        )

    report = post()
    rows = [(row.key, row.outcome, row.detail) for row in report.rows]

    assert report.format == "RIS"
    assert rows[0][1:] == ("created", "Added to the library.")
    assert rows[1] == ("record at line 15", "skipped", "Entry has no title.")
    assert rows[2][1] == "skipped" and "spring" in rows[2][2]
    assert rows[3] == ("record at line 25", "skipped", "Same paper as entry record at line 1.")
    assert rows[4] == ("record at line 30", "skipped", "Entry is not closed by an ER line.")
    paper = Paper.objects.get()
    assert (paper.arxiv_id, paper.title, paper.authors, paper.published) == (
        "2305.20050",
        "Let's Verify Step by Step",
        "Hunter Lightman, Vineet Kosaraju",
        dt.date(2023, 5, 31),
    )
    assert paper.abstract == "Large language models have improved greatly in recent years."
    assert [t.slug for t in paper.topics.all()] == ["reward-modeling"]
    assert post().created == 0
    assert Paper.objects.count() == 1


ZOTERO_CSL = [
    {
        "id": "http://zotero.org/users/1/items/ABCD",
        "type": "article",
        "title": "Constitutional AI: Harmlessness from AI Feedback",
        "publisher": "arXiv",
        "number": "arXiv:2212.08073",
        "URL": "http://arxiv.org/abs/2212.08073",
        "author": [{"family": "Bai", "given": "Yuntao"}, {"literal": "Anthropic"}],
        "issued": {"date-parts": [["2022", 12, 15]]},
    },
    {"id": "no-title", "type": "article", "issued": {"date-parts": [[2020]]}},
    {"id": "bad-date", "title": "Bad Date", "issued": {"date-parts": [["spring"]]}},
    "not an item",
    {"id": "doi-only", "title": "A Journal Paper", "DOI": "https://doi.org/10.1000/ABC"},
]


def test_csljson_import_matches_normalises_and_reports_per_item(contributor):
    known = PaperFactory(arxiv_id="2212.08073", title="Constitutional AI", published=None)

    report = papers_import(text=json.dumps(ZOTERO_CSL), filename="export.txt", by=contributor)
    rows = {row.key: (row.outcome, row.detail) for row in report.rows}

    assert report.format == "CSL-JSON"  # told by the content
    assert rows["http://zotero.org/users/1/items/ABCD"][0] == "updated"
    assert rows["no-title"] == ("skipped", "Entry has no title.")
    assert rows["bad-date"][0] == "skipped"
    assert rows["item 4"] == ("skipped", "Entry is not a JSON object.")
    assert rows["doi-only"] == ("created", "Added to the library.")
    known.refresh_from_db()
    assert known.title == "Constitutional AI"  # never overwritten
    assert known.published == dt.date(2022, 12, 15)
    assert Paper.objects.get(title="A Journal Paper").doi == "10.1000/ABC"


def test_import_of_a_file_that_is_not_json_says_so(contributor_client):
    upload = SimpleUploadedFile("refs.json", b"[{not json")

    response = contributor_client.post("/papers/import/", {"file": upload}, follow=True)

    assert response.status_code == 200
    assert response.context["job"].status == "failed"
    assert "The file could not be read as CSL-JSON: The file is not valid JSON" in (
        response.context["job"].error
    )
    assert "The file is not valid JSON" in response.content.decode()


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("a.ris", "@misc{x, title={y}}", "RIS"),
        ("a.bib", "[]", "BibTeX"),
        ("a.txt", "  [\n{}]", "CSL-JSON"),
        ("", "\n\nTY  - JOUR\nER  - \n", "RIS"),
        ("upload", "% comment\n@article{x, note={TY  - no}}", "BibTeX"),
    ],
)
def test_detect_format_by_extension_then_content(name, text, expected):
    assert detect_format(text, name).label == expected


class _MetaTags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("name") or "").startswith("citation_"):
            self.tags.append((values["name"], values.get("content") or ""))


def citation_tags(html: str) -> list[tuple[str, str]]:
    parser = _MetaTags()
    parser.feed(html)
    return parser.tags


def test_paper_page_meta_tags_parse_back_to_the_paper(client, settings):
    settings.SITE_URL = "https://wiki.example.org"
    paper = PaperFactory(
        arxiv_id="2306.13649",
        arxiv_version=3,
        title='On "Quotes" & <Angles>',
        authors="Rishabh Agarwal, Nino Vieillard, Olivier Bachem",
        published=dt.date(2023, 6, 23),
        doi="10.1000/xyz",
    )
    paper.topics.add(make_concept("Knowledge Distillation"))

    tags = citation_tags(client.get("/papers/2306.13649/").content.decode())
    values = dict(tags)

    assert values["citation_title"] == paper.title
    # "Last, First", as Google Scholar's own example writes it: a particle stays with the name.
    assert [v for n, v in tags if n == "citation_author"] == [
        "Agarwal, Rishabh", "Vieillard, Nino", "Bachem, Olivier",
    ]  # fmt: skip
    assert values["citation_publication_date"] == "2023/06/23"
    assert values["citation_online_date"] == "2023/06/23"
    assert values["citation_arxiv_id"] == "2306.13649"
    assert values["citation_doi"] == "10.1000/xyz"
    assert values["citation_pdf_url"] == "https://arxiv.org/pdf/2306.13649v3"
    assert values["citation_abstract_html_url"] == "https://wiki.example.org/papers/2306.13649/"
    assert values["citation_keywords"] == "Knowledge Distillation"


def test_paper_without_arxiv_id_has_no_arxiv_tags_and_uses_the_request_host(client):
    paper = PaperFactory(arxiv_id=None, title="Plain", authors="", organisation="", published=None)

    values = dict(citation_tags(client.get(paper.get_absolute_url()).content.decode()))

    assert values == {
        "citation_title": "Plain",
        "citation_abstract_html_url": f"http://testserver/papers/{paper.pk}/",
    }
