"""Hostile Markdown never reaches a page as executable HTML, and wikilinks resolve."""

from __future__ import annotations

import pytest

from core.markdown import render_markdown
from tests.factories import PaperFactory, make_concept

HOSTILE = {
    "script": "<script>alert(1)</script>",
    "javascript link": "[click](javascript:alert(1))",
    "javascript link, upper case": "[click](JaVaScRiPt:alert(1))",
    "javascript link, entity": '<a href="jav&#x09;ascript:alert(1)">x</a>',
    "data link": "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "data image": "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "event handler": '<img src="x.png" onerror="alert(1)">',
    "event handler on div": '<div onmouseover="alert(1)">hover</div>',
    "iframe": '<iframe src="https://evil.example/"></iframe>',
    "svg with handler": '<svg onload="alert(1)"><circle r="4"/></svg>',
    "svg script": "<svg><script>alert(1)</script></svg>",
    "style": "<style>body{display:none}</style>",
    "object": '<object data="evil.swf"></object>',
    "form": '<form action="https://evil.example"><button>go</button></form>',
    "meta refresh": '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    "wikilink label": "[[Reward Modeling|<img src=x onerror=alert(1)>]]",
    "wikilink target": "[[<script>alert(1)</script>]]",
    "reference link": '[x][1]\n\n[1]: javascript:alert(1) "t"',
    "autolink": "<javascript:alert(1)>",
}
FORBIDDEN = ["<script", "javascript:", "data:", "onerror", "onload", "onmouseover", "<iframe",
             "<svg", "<style", "<object", "<form", "<meta"]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("source", HOSTILE.values(), ids=HOSTILE.keys())
def test_render_markdown_hostile_input_is_inert(source):
    make_concept("Reward Modeling")

    html = render_markdown(source).html.lower()

    assert [bad for bad in FORBIDDEN if bad in html] == []


@pytest.mark.django_db
@pytest.mark.parametrize("source", HOSTILE.values(), ids=HOSTILE.keys())
def test_concept_page_hostile_body_is_inert(client, editor, source):
    make_concept("Reward Modeling")
    concept = make_concept("Hostile Page", body=f"Before.\n\n{source}\n\nAfter.", author=editor)

    page = client.get(concept.get_absolute_url()).content.decode().lower()
    body = page.split('class="prose concept-body">', 1)[1].split("</article>", 1)[0]

    assert [bad for bad in FORBIDDEN if bad in body] == []
    assert "after." in body


@pytest.mark.django_db
def test_preview_hostile_body_is_inert(contributor_client):
    source = "\n\n".join(HOSTILE.values())

    response = contributor_client.post("/wiki/preview/", {"body": source}, HTTP_HX_REQUEST="true")

    html = response.content.decode().lower()
    assert response.status_code == 200
    assert [bad for bad in FORBIDDEN if bad in html] == []


@pytest.mark.django_db
def test_render_markdown_wikilinks_resolve_case_insensitively_and_by_alias():
    concept = make_concept("Reward Modeling")
    concept.aliases.create(name="Reward Models", slug="reward-models")

    rendered = render_markdown("[[reward modeling]], [[Reward Models|RMs]] and [[No Such Page]]")

    assert rendered.html.count('href="/wiki/reward-modeling/"') == 2
    assert ">RMs</a>" in rendered.html
    assert 'class="wikilink wikilink-missing"' in rendered.html
    assert "/wiki/new/?title=No+Such+Page" in rendered.html
    assert rendered.linked_concept_ids == {concept.pk}
    assert rendered.missing_titles == {"No Such Page"}


@pytest.mark.django_db
def test_render_markdown_links_arxiv_ids_to_the_paper_or_to_adding_it():
    paper = PaperFactory(arxiv_id="2608.17528")

    rendered = render_markdown("See arXiv:2608.17528 and 2609.00001v2.")

    assert f'<a class="paper-link" href="{paper.get_absolute_url()}"' in rendered.html
    assert (
        '<a href="/papers/new/?arxiv_id=2609.00001" title="Not in the library yet: add it"'
        ' rel="noopener noreferrer">2609.00001v2</a>'
    ) in rendered.html
    assert rendered.html.count("<a ") == 2
    assert rendered.linked_paper_ids == {paper.pk}


@pytest.mark.django_db
def test_render_markdown_tables_footnotes_code_and_toc():
    text = (
        "## One\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "Note[^1]\n\n[^1]: A footnote.\n\n```\ncode <b>\n```\n"
    )

    rendered = render_markdown(text, with_toc=True)

    assert "<table>" in rendered.html
    assert 'class="footnote"' in rendered.html
    assert '<div class="codehilite"><pre><span></span><code>code &lt;b&gt;' in rendered.html
    assert 'href="#one"' in rendered.toc
