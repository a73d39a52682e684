"""The one Markdown renderer: every page that shows user text calls ``render_markdown``.

Python-Markdown (tables, fenced code, footnotes, toc, sane lists) plus two inline syntaxes of
our own — ``[[Title]]`` / ``[[Title|label]]`` wikilinks and arXiv ids — and then nh3 with an
explicit allow-list, so nothing a user typed reaches a page as executable HTML. Callers store
the result at write time; reads never render.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from urllib.parse import urlencode

import markdown
import nh3
from django.db.models.functions import Lower
from django.urls import reverse
from markdown.inlinepatterns import InlineProcessor

from core.markdown_guard import bound_markdown
from papers.identifiers import IN_TEXT
from papers.models import Paper
from wiki.models import Concept, ConceptAlias

WIKILINK = re.compile(r"\[\[([^\[\]|\n]{1,200})(?:\|([^\[\]\n]{1,200}))?\]\]")

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "ol", "p",
    "pre", "s", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th",
    "thead", "tr", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "*": {"id", "class", "title"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "td": {"align", "colspan", "rowspan"},
    "th": {"align", "colspan", "rowspan"},
    "ol": {"start"},
    "abbr": {"title"},
}
ALLOWED_URL_SCHEMES = {"http", "https", "mailto"}


@dataclass
class Rendered:
    html: str
    toc: str = ""
    linked_concept_ids: set[int] = field(default_factory=set)
    missing_titles: set[str] = field(default_factory=set)
    linked_paper_ids: set[int] = field(default_factory=set)


def sanitise(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=ALLOWED_URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


class _Resolver:
    """Looks up every wikilink target and arXiv id of one text in two queries."""

    def __init__(self, text: str) -> None:
        titles = {m.group(1).strip().lower() for m in WIKILINK.finditer(text)}
        self.concepts: dict[str, tuple[int, str]] = {}
        if titles:
            for pk, title, slug in (
                Concept.objects.annotate(lt=Lower("title"))
                .filter(lt__in=titles)
                .values_list("pk", "title", "slug")
            ):
                self.concepts[title.lower()] = (pk, slug)
            missing = titles - self.concepts.keys()
            if missing:
                for name, pk, slug in (
                    ConceptAlias.objects.annotate(ln=Lower("name"))
                    .filter(ln__in=missing)
                    .values_list("name", "concept_id", "concept__slug")
                ):
                    self.concepts[name.lower()] = (pk, slug)
        ids = {m.group("id") for m in IN_TEXT.finditer(text)}
        self.papers: dict[str, int] = {}
        if ids:
            self.papers = dict(Paper.objects.filter(arxiv_id__in=ids).values_list("arxiv_id", "pk"))
        self.linked_concept_ids: set[int] = set()
        self.missing_titles: set[str] = set()
        self.linked_paper_ids: set[int] = set()


class WikiLinkProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: markdown.Markdown, resolver: _Resolver) -> None:
        super().__init__(pattern, md)
        self.resolver = resolver

    def handleMatch(self, m: re.Match, data: str):
        target = m.group(1).strip()
        label = (m.group(2) or target).strip()
        el = etree.Element("a")
        el.text = label
        found = self.resolver.concepts.get(target.lower())
        if found:
            pk, slug = found
            self.resolver.linked_concept_ids.add(pk)
            el.set("href", reverse("wiki:concept", kwargs={"slug": slug}))
            el.set("class", "wikilink")
        else:
            self.resolver.missing_titles.add(target)
            el.set("href", reverse("wiki:new") + "?" + urlencode({"title": target}))
            el.set("class", "wikilink wikilink-missing")
            el.set("title", f"“{target}” has no page yet: create it")
        return el, m.start(0), m.end(0)


class ArxivLinkProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: markdown.Markdown, resolver: _Resolver) -> None:
        super().__init__(pattern, md)
        self.resolver = resolver

    def handleMatch(self, m: re.Match, data: str):
        arxiv_id = m.group("id")
        pk = self.resolver.papers.get(arxiv_id)
        if pk is None:
            return None, None, None  # leave the text as it is
        self.resolver.linked_paper_ids.add(pk)
        el = etree.Element("a")
        el.text = m.group(0)
        el.set("href", reverse("papers:detail", kwargs={"key": arxiv_id}))
        el.set("class", "paper-link")
        return el, m.start(0), m.end(0)


def render_markdown(text: str, *, with_toc: bool = False) -> Rendered:
    """Render user Markdown to sanitised HTML, resolving wikilinks and arXiv ids."""
    text = bound_markdown(text or "")
    resolver = _Resolver(text)
    md = markdown.Markdown(
        extensions=["tables", "fenced_code", "footnotes", "toc", "sane_lists"],
        extension_configs={
            "tables": {"use_align_attribute": True},
            "toc": {"toc_depth": "2-4", "permalink": False},
        },
        output_format="html",
    )
    # Priorities above "link" (160) so [[...]] is not read as a reference link.
    md.inlinePatterns.register(WikiLinkProcessor(WIKILINK.pattern, md, resolver), "wikilink", 175)
    md.inlinePatterns.register(
        ArxivLinkProcessor("(?i)" + IN_TEXT.pattern, md, resolver), "arxiv", 25
    )
    html = sanitise(md.convert(text))
    toc = sanitise(getattr(md, "toc", "")) if with_toc else ""
    if toc and "<li" not in toc:
        toc = ""
    return Rendered(
        html=html,
        toc=toc,
        linked_concept_ids=resolver.linked_concept_ids,
        missing_titles=resolver.missing_titles,
        linked_paper_ids=resolver.linked_paper_ids,
    )


def render_inline(text: str) -> str:
    """Short Markdown (a claim) rendered and sanitised, for storing at write time."""
    return render_markdown(text).html
