"""Claims cite their source paper as "Author et al. year", the id and title on hover."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from entries.models import EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("authors", "published", "title", "expected"),
    [
        ("Rishabh Agarwal, Nino Vieillard, Olivier Bachem", dt.date(2023, 6, 23), "T",
         "Agarwal et al. 2023"),
        ("Ada Lovelace, Alan Turing", dt.date(2026, 1, 1), "T", "Lovelace and Turing 2026"),
        ("Ada Lovelace", None, "T", "Lovelace"),
        ("", dt.date(2020, 1, 1), "Attention Is All You Need", "Attention Is All You Need 2020"),
        ("", None, "x" * 80, "x" * 39 + "…"),
    ],
)  # fmt: skip
def test_cite_label(authors, published, title, expected):
    paper = PaperFactory.build(authors=authors, published=published, title=title)

    assert paper.cite_label == expected


def _published_claim_citing(paper):
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    ClaimFactory(entry=entry, paper=paper, evidence=Evidence.FULL_TEXT)
    return entry


SOURCE = re.compile(r'<a class="claim-source" href="([^"]+)" title="([^"]+)">([^<]+)</a>')


@pytest.mark.parametrize("page", ["entry", "paper"])
def test_claims_cite_author_and_year_with_id_and_title_on_hover(client, page):
    paper = PaperFactory(
        arxiv_id="2306.13649",
        arxiv_version=3,
        title="On-Policy Distillation of Language Models",
        authors="Rishabh Agarwal, Nino Vieillard, Olivier Bachem",
        published=dt.date(2023, 6, 23),
    )
    entry = _published_claim_citing(paper)
    address = entry.get_absolute_url() if page == "entry" else paper.get_absolute_url()

    html = client.get(address).content.decode()

    assert SOURCE.findall(html) == [
        (
            "/papers/2306.13649/",
            "arXiv:2306.13649v3 · On-Policy Distillation of Language Models",
            "Agarwal et al. 2023",
        )
    ]
    assert ">arXiv:2306.13649v3</a>" not in html


def test_a_paper_without_arxiv_id_is_named_by_its_library_id_on_hover(client):
    paper = PaperFactory(arxiv_id=None, authors="Ada Lovelace", published=dt.date(1843, 9, 1))
    entry = _published_claim_citing(paper)

    html = client.get(entry.get_absolute_url()).content.decode()

    assert SOURCE.findall(html)[0][1:] == (f"Paper {paper.pk} · {paper.title}", "Lovelace 1843")
