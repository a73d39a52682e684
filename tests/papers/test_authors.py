"""Authors as an ordered list of people: read the way BibTeX reads names, kept with their
particles, suffixes and organisations, shown, searched, edited and exported in each
format's own form, and read back into the same people."""

from __future__ import annotations

import json

import pytest
import rispy

from papers.models import Paper, PaperChange
from papers.people import (
    InvalidPerson,
    Person,
    people_from_text,
    people_lines,
    people_parse_bibtex,
    people_parse_lines,
)
from papers.services import paper_author_fields, papers_import
from tests.factories import PaperFactory
from tests.papers.conftest import paper_export

BERG = Person(family="Berg", given="Anna", particle="van der")
SMITH = Person(family="Smith", given="John", suffix="Jr.")
WHO = Person(literal="World Health Organization")
SOUZA = Person(family="de Souza", given="Ana")
PEOPLE = [BERG, SMITH, WHO, SOUZA]


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        # First von Last
        ("Anna van der Berg", [BERG]),
        # von Last, First
        ("van der Berg, Anna", [BERG]),
        # von Last, Jr, First
        ("Smith, Jr., John", [SMITH]),
        # braces keep an organisation whole, "and" inside it included
        ("{World Health Organization} and {Barnes and Noble}",
         [WHO, Person(literal="Barnes and Noble")]),
        # braces keep a lower-case family name from being read as a particle
        ("{de Souza}, Ana", [SOUZA]),
        # LaTeX decoded in each part; "others" is no person
        (r"M{\"u}ller, Hans and AND and others", [Person(family="Müller", given="Hans"),
                                                   Person(family="AND")]),
        ("Jean de La Fontaine", [Person(family="La Fontaine", given="Jean", particle="de")]),
        ("Brinch Hansen, Per", [Person(family="Brinch Hansen", given="Per")]),
    ],
)  # fmt: skip
def test_bibtex_names_are_read_as_bibtex_reads_them(field, expected):
    assert people_parse_bibtex(field) == expected


def test_former_one_string_authors_become_people():
    """What migration 0009 does with each paper's comma-joined authors."""
    assert people_from_text("Ada Lovelace, John Smith, Jr., Ludwig van Beethoven") == [
        Person(family="Lovelace", given="Ada"),
        SMITH,
        Person(family="Beethoven", given="Ludwig", particle="van"),
    ]
    # The former BibTeX import wrote "Smith, Jr., John" as "Jr., John Smith".
    assert people_from_text("Jr., John Smith") == [SMITH]


@pytest.mark.django_db
def test_bibtex_import_keeps_the_people(client):
    bib = (
        "@article{x, title = {Names}, journal = {J}, year = {2020}, author = "
        "{Smith, Jr., John and van der Berg, Anna and {World Health Organization}}}"
    )

    papers_import(text=bib, format="bibtex")

    paper = Paper.objects.get()
    assert paper.people == [SMITH, BERG, WHO]
    assert paper.authors == "John Smith Jr., Anna van der Berg, World Health Organization"
    assert paper.cite_label == "Smith et al. 2020"
    page = client.get(paper.get_absolute_url()).content.decode()
    assert (
        '<a href="/papers/?author=van%20der%20Berg" title="Papers by Anna van der Berg">'
        "Anna van der Berg</a>" in page
    )
    assert '<meta name="citation_author" content="Smith, John, Jr.">' in page


@pytest.mark.django_db
def test_the_list_filters_by_author(client):
    paper = _paper_with_people()
    PaperFactory(title="Someone else's", authors="Anna Berg")  # no particle, no match
    PaperFactory(title="Mentions van der Berg in its title", authors="Grace Hopper")

    response = client.get("/papers/", {"author": "van der Berg"})

    assert [p.pk for p in response.context["page"].object_list] == [paper.pk]
    assert "Author: van der Berg" in response.content.decode()
    api = client.get("/api/v1/papers/", {"author": "World Health"}).json()
    assert [p["id"] for p in api["results"]] == [paper.pk]


def _paper_with_people(**extra) -> Paper:
    return PaperFactory(arxiv_id=None, title="Names", **paper_author_fields({"authors": PEOPLE}),
                        **extra)  # fmt: skip


@pytest.mark.django_db
def test_exports_write_each_format_s_own_name_forms(client):
    paper = _paper_with_people()

    bibtex = paper_export(client, paper, "bibtex")
    ris = rispy.loads(paper_export(client, paper, "ris"))[0]
    csl = json.loads(paper_export(client, paper, "csljson"))[0]

    assert (
        "author = {van der Berg, Anna and Smith, Jr., John and {World Health Organization} "
        "and {de Souza}, Ana}" in bibtex
    )
    assert ris["authors"] == [
        "van der Berg, Anna", "Smith, John, Jr.", "World Health Organization", "de Souza, Ana",
    ]  # fmt: skip
    assert csl["author"] == [
        {"family": "Berg", "given": "Anna", "non-dropping-particle": "van der"},
        {"family": "Smith", "given": "John", "suffix": "Jr."},
        {"literal": "World Health Organization"},
        {"family": "de Souza", "given": "Ana"},
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["bibtex", "csljson", "ris"])
def test_export_then_import_gives_the_same_people(client, fmt):
    paper = _paper_with_people()
    text = paper_export(client, paper, fmt)
    Paper.objects.all().delete()

    papers_import(text=text, format=fmt)

    expected = PEOPLE if fmt != "ris" else [BERG, SMITH, WHO, Person(family="Souza", given="Ana",
                                                                       particle="de")]  # fmt: skip
    # RIS has no way to say "de" belongs to the family name: it comes back a particle.
    assert Paper.objects.get().people == expected


@pytest.mark.django_db
def test_editor_edits_authors_one_per_line_keeping_particles_and_suffixes(editor_client):
    paper = _paper_with_people(read_level="metadata_only")
    form = editor_client.get(f"{paper.get_absolute_url()}edit/").content.decode()
    assert (
        "van der Berg, Anna\nSmith, Jr., John\n{World Health Organization}\n{de Souza}, Ana"
        "</textarea>" in form
    )

    response = editor_client.post(
        f"{paper.get_absolute_url()}edit/",
        {
            "title": paper.title,
            "read_level": paper.read_level,
            "authors": "Smith, Jr., John\nvan der Berg, Anna\nLudwig van Beethoven",
        },
    )

    assert response.status_code == 302
    paper.refresh_from_db()
    assert paper.people == [SMITH, BERG, Person(family="Beethoven", given="Ludwig", particle="van")]
    change = PaperChange.objects.get(paper=paper, field="authors")
    assert change.after == "Smith, Jr., John\nvan der Berg, Anna\nvan Beethoven, Ludwig"


@pytest.mark.django_db
def test_a_particle_change_is_kept_and_reverted(editor_client, other_editor, client):
    paper = _paper_with_people(read_level="metadata_only")
    # The names as shown stay the same; the record does not.
    lines = people_lines([Person(family="van der Berg", given="Anna"), SMITH, WHO, SOUZA])
    editor_client.post(
        f"{paper.get_absolute_url()}edit/",
        {"title": paper.title, "read_level": paper.read_level, "authors": lines},
    )
    change = PaperChange.objects.get(paper=paper, field="authors")
    assert change.before.startswith("van der Berg, Anna\n")
    assert change.after.startswith("{van der Berg}, Anna\n")

    client.force_login(other_editor)
    response = client.post(f"{paper.get_absolute_url()}changes/{change.pk}/revert/")

    assert response.status_code == 302
    paper.refresh_from_db()
    assert paper.people == PEOPLE
    assert PaperChange.objects.filter(reverts=change).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "authors",
    ["Ada Lovelace, Alan Turing, Grace Hopper", "Smith, Jr., John, Extra", "{Unclosed, Ada"],
)
def test_an_authors_line_that_is_not_one_name_is_400_naming_the_line(editor_client, authors):
    paper = PaperFactory(read_level="metadata_only")

    response = editor_client.post(
        f"{paper.get_absolute_url()}edit/",
        {"title": paper.title, "read_level": paper.read_level, "authors": f"Doe, Jane\n{authors}"},
    )

    assert response.status_code == 400
    assert "Line 2 “" in response.content.decode()
    paper.refresh_from_db()
    assert paper.author_list == []


def test_lines_read_back_what_they_wrote():
    assert people_parse_lines(people_lines(PEOPLE)) == PEOPLE
    with pytest.raises(InvalidPerson):
        people_parse_lines("Ada Lovelace, Alan Turing, Grace Hopper")


@pytest.mark.django_db
def test_search_finds_a_paper_by_an_author_s_particle_and_organisation(client):
    paper = _paper_with_people()
    PaperFactory(title="Someone else's", authors="Grace Hopper")

    for words in ("van der Berg", "World Health"):
        response = client.get("/papers/", {"q": words})
        assert [p.pk for p in response.context["page"].object_list] == [paper.pk]
