"""The renderer in core knows no app: the wiki registers where its links lead."""

from __future__ import annotations

import pytest

import core.markdown
from core.markdown import render_markdown


def test_without_registered_links_wikilinks_and_arxiv_ids_stay_as_written(monkeypatch):
    monkeypatch.setattr(core.markdown, "_registered", None)

    rendered = render_markdown("See [[Reward Modeling]] and arXiv:2401.01234, *in brief*.")

    assert "[[Reward Modeling]]" in rendered.html
    assert "<a" not in rendered.html
    assert "<em>in brief</em>" in rendered.html
    assert (rendered.linked_concept_ids, rendered.linked_paper_ids) == (set(), set())


@pytest.mark.django_db
def test_the_wiki_registers_its_links_once_the_apps_are_ready():
    rendered = render_markdown("See [[No Such Page Yet]] and arXiv:2401.01234.")

    assert 'class="wikilink wikilink-missing"' in rendered.html
    assert "/papers/new/?arxiv_id=2401.01234" in rendered.html
    assert rendered.missing_titles == {"No Such Page Yet"}
