"""Citation keys: one per paper, kept from its import, stable across exports, changed only
by an editor."""

from __future__ import annotations

import datetime as dt
import importlib

import bibtexparser
import pytest
from django.apps import apps

from papers.models import Paper, PaperChange
from papers.people import people_lines
from papers.services import PaperChangeRefused, paper_update, papers_import
from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db

BIB = """
@misc{vaswani2017attention,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish and Shazeer, Noam},
  year = {2017},
  eprint = {1706.03762},
  archivePrefix = {arXiv}
}
"""


def export_keys(client, query: str) -> dict[str, str]:
    """arXiv id → key, in a BibTeX export of /papers/?query."""
    response = client.get(f"/papers/?{query}&format=bibtex")
    library = bibtexparser.parse_string(b"".join(response.streaming_content).decode())
    return {e.fields_dict["eprint"].value: e.key for e in library.entries}


def test_keys_do_not_move_when_the_export_is_sorted_differently(client):
    older = PaperFactory(
        arxiv_id="1706.03762", title="Attention Is All You Need", authors="Ashish Vaswani"
    )
    newer = PaperFactory(
        arxiv_id="1706.99999", title="Attention Everywhere", authors="Ashish Vaswani"
    )
    Paper.objects.filter(pk=newer.pk).update(published=dt.date(2017, 12, 1))

    newest_first = export_keys(client, "sort=newest")
    oldest_first = export_keys(client, "sort=oldest")
    only_newer = export_keys(client, "q=Everywhere")

    assert (
        newest_first
        == oldest_first
        == {
            "1706.03762": "vaswani2026attention",
            "1706.99999": "vaswani2026attentiona",
        }
    )
    assert only_newer == {"1706.99999": "vaswani2026attentiona"}
    assert older.citation_key == "vaswani2026attention"


def test_imported_key_is_kept_and_used_by_every_export(client):
    report = papers_import(text=BIB, format="bibtex")
    paper = report.rows[0].paper

    page = client.get(paper.get_absolute_url()).content.decode()
    ris = b"".join(client.get(f"{paper.get_absolute_url()}?format=ris").streaming_content)
    csl = b"".join(client.get(f"{paper.get_absolute_url()}?format=csljson").streaming_content)

    assert paper.citation_key == "vaswani2017attention"
    cite = 'title="\\cite{vaswani2017attention} in LaTeX">vaswani2017attention</code>'
    assert f'<code class="citation-key" {cite}' in page
    assert b"ID  - vaswani2017attention\n" in ris
    assert b'"id": "vaswani2017attention"' in csl


def test_imported_key_held_by_another_paper_gets_a_free_one_and_the_report_says_so():
    PaperFactory(title="Another Paper", key="vaswani2017attention")

    (row,) = papers_import(text=BIB, format="bibtex").rows

    assert row.paper.citation_key == "vaswani2017attentiona"
    assert row.detail == (
        "Added to the library, cited as vaswani2017attentiona: "
        "another paper holds vaswani2017attention."
    )


def test_keys_differ_ignoring_case():
    PaperFactory(title="Mine", key="Smith2020")

    paper = PaperFactory(title="Yours", key="smith2020")

    assert paper.citation_key != "smith2020"


def test_editor_changes_a_key_and_the_change_is_kept(editor_client):
    paper = PaperFactory(title="Keyed", key="old2020keyed")

    response = editor_client.post(
        f"{paper.get_absolute_url()}edit/", {**_edit_data(paper), "citation_key": "new2020key"}
    )

    assert response.status_code == 302
    paper.refresh_from_db()
    assert paper.citation_key == "new2020key"
    change = PaperChange.objects.get(paper=paper)
    assert (change.field, change.before, change.after) == (
        "citation_key",
        "old2020keyed",
        "new2020key",
    )


def test_contributor_sees_the_key_but_cannot_change_it(contributor, contributor_client):
    paper = PaperFactory(title="Keyed", key="old2020keyed")

    form = contributor_client.get(f"{paper.get_absolute_url()}edit/").content.decode()
    response = contributor_client.post(
        f"{paper.get_absolute_url()}edit/", {**_edit_data(paper), "citation_key": "mine"}
    )

    assert 'name="citation_key" value="old2020keyed"' in form and "disabled" in form
    assert response.status_code == 302
    paper.refresh_from_db()
    assert paper.citation_key == "old2020keyed"
    with pytest.raises(PaperChangeRefused):
        paper_update(paper=paper, fields={"citation_key": "mine"}, topics=[], by=contributor)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("has space", "A citation key is a letter or digit followed by"),
        ("taken2020", "taken2020 is the key of"),
        ("TAKEN2020", "taken2020 is the key of"),
    ],
)
def test_bad_or_taken_key_is_refused_with_a_reason(editor_client, key, message):
    PaperFactory(title="Holder", key="taken2020")
    paper = PaperFactory(title="Keyed", key="old2020keyed")

    response = editor_client.post(
        f"{paper.get_absolute_url()}edit/", {**_edit_data(paper), "citation_key": key}
    )

    assert response.status_code == 400
    assert message in response.content.decode()
    paper.refresh_from_db()
    assert paper.citation_key == "old2020keyed"


def test_empty_key_in_the_form_keeps_the_key(editor_client):
    paper = PaperFactory(title="Keyed", key="old2020keyed")

    editor_client.post(f"{paper.get_absolute_url()}edit/", {**_edit_data(paper), "title": "K"})

    paper.refresh_from_db()
    assert (paper.title, paper.citation_key) == ("K", "old2020keyed")


def test_migration_gives_existing_papers_keys_oldest_first():
    first = PaperFactory(title="Attention Is All You Need", authors="Ashish Vaswani")
    second = PaperFactory(title="Attention Is All You Need", authors="Ashish Vaswani")
    anonymous = PaperFactory(title="The Report", authors="", published=None)
    Paper.objects.update(citation_key=None)
    migration = importlib.import_module("papers.migrations.0007_paper_citation_key")

    migration.keys_assign(apps, None)

    keys = dict(Paper.objects.values_list("pk", "citation_key"))
    assert keys == {
        first.pk: "vaswani2026attention",
        second.pk: "vaswani2026attentiona",
        anonymous.pk: "anonreport",
    }


def test_api_gives_the_key(client):
    paper = PaperFactory(title="Keyed", key="old2020keyed")

    data = client.get(f"/api/papers/{paper.pk}/").json()

    assert data["citation_key"] == "old2020keyed"


def _edit_data(paper: Paper) -> dict[str, str]:
    return {
        "title": paper.title,
        "arxiv_id": paper.arxiv_id or "",
        "read_level": paper.read_level,
        "authors": people_lines(paper.people),
        "organisation": paper.organisation,
        "abstract": paper.abstract,
        "published": paper.published.isoformat() if paper.published else "",
    }
