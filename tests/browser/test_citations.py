from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from papers.models import Paper
from tests.factories import PaperFactory, UserFactory, make_concept

FIELDS = ("arxiv_id", "arxiv_version", "title", "authors", "published")


def _library() -> set[tuple]:
    return {tuple(getattr(p, f) or "" for f in FIELDS) for p in Paper.objects.all()}


def test_paper_page_meta_tags_read_back_from_the_live_page(page: Page, live_server):
    paper = PaperFactory(
        arxiv_id="2306.13649",
        arxiv_version=3,
        title="On-Policy Distillation of Language Models",
        authors="Rishabh Agarwal, Nino Vieillard, Olivier Bachem",
        published=dt.date(2023, 6, 23),
    )

    page.goto(f"{live_server.url}{paper.get_absolute_url()}")

    def content(name: str) -> list[str]:
        metas = page.locator(f'head meta[name="{name}"]')
        return [metas.nth(i).get_attribute("content") for i in range(metas.count())]

    assert content("citation_title") == [paper.title]
    assert content("citation_author") == [
        "Agarwal, Rishabh",
        "Vieillard, Nino",
        "Bachem, Olivier",
    ]
    assert content("citation_publication_date") == ["2023/06/23"]
    assert content("citation_arxiv_id") == ["2306.13649"]
    assert content("citation_pdf_url") == ["https://arxiv.org/pdf/2306.13649v3"]
    assert content("citation_abstract_html_url") == [f"{live_server.url}/papers/2306.13649/"]
    page.screenshot(path="/tmp/cite-paper-page.png", full_page=True)


@pytest.mark.parametrize("label", ["RIS", "CSL-JSON"])
def test_filtered_export_downloaded_then_imported_through_the_pages_gives_the_same_set(
    page: Page, live_server, login, tmp_path, label
):
    UserFactory(username="cora", role="Contributor")
    topic = make_concept("Reward Modeling")
    for paper in PaperFactory.create_batch(6, published=dt.date(2026, 4, 1)):
        paper.topics.add(topic)
    PaperFactory(arxiv_id=None, title="No Id Here", published=dt.date(2026, 7, 9)).topics.add(topic)
    PaperFactory.create_batch(2, published=dt.date(2026, 4, 1))  # another topic: left out
    wanted = {
        tuple(getattr(p, f) or "" for f in FIELDS) for p in Paper.objects.filter(topics=topic)
    }
    login("cora")

    page.goto(f"{live_server.url}/papers/?topic=reward-modeling&published_after=2026-01-01")
    expect(page.locator(".results-count")).to_have_text("7 papers")
    with page.expect_download() as info:
        page.locator(".export-links").get_by_role("link", name=label, exact=True).click()
    download = info.value
    extension = "ris" if label == "RIS" else "json"
    assert download.suggested_filename == (
        f"papers-topic-reward-modeling-from-2026-01-01.{extension}"
    )
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)

    Paper.objects.all().delete()
    page.goto(f"{live_server.url}/papers/import/")
    page.get_by_label("BibTeX, RIS or CSL-JSON file").set_input_files(saved)
    page.get_by_role("button", name="Import").click()

    expect(page.locator(".import-totals")).to_contain_text("7 created")
    expect(page.locator("#report-heading")).to_contain_text(label)
    page.screenshot(path=f"/tmp/cite-import-{extension}.png", full_page=True)
    assert _library() == wanted


def test_editor_sets_key_partial_date_and_venue_in_the_form_and_the_export_follows(
    page: Page, live_server, login
):
    UserFactory(username="erin", role="Editor")
    paper = PaperFactory(title="Deep Nets", authors="John Smith", key="smith2026deep")
    login("erin")

    page.goto(f"{live_server.url}{paper.get_absolute_url()}edit/")
    page.get_by_label("Citation key").fill("smith2019nets")
    page.get_by_label("Publication date").fill("2019-03")
    page.get_by_label("Publication type").select_option(label="journal article")
    page.get_by_label("Journal").fill("Nature")
    page.get_by_label("Pages").fill("12--19")
    page.get_by_role("button", name="Save").click()

    expect(page.locator(".cite-key")).to_have_text("Citation key smith2019nets")
    expect(page.locator(".page-head time")).to_have_text("March 2019")
    expect(page.locator(".paper-venue")).to_have_text("Journal article: Nature, 12\u201319")
    with page.expect_download() as info:
        page.locator(".export-links").get_by_role("link", name="BibTeX", exact=True).click()
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text.startswith("@article{smith2019nets,\n")
    assert "month = mar,\n" in text and "date = {2019-03}" in text
    page.screenshot(path="/tmp/cite-venue-page.png", full_page=True)
