"""The one Markdown renderer: every page that shows user text calls ``render_markdown``.

Python-Markdown (tables, fenced code highlighted by Pygments, footnotes, toc, sane lists)
plus two inline syntaxes of our own — ``[[Title]]`` / ``[[Title|label]]`` wikilinks and
arXiv ids — and then nh3 with an explicit allow-list, so nothing a user typed reaches a page
as executable HTML. Callers store the result at write time; reads never render.

``class`` and ``id`` are the page's own: the renderer sets them (wikilinks, footnotes, the
table of contents, Pygments' token classes in code), a user's raw HTML never does, so that
no claim can dress up as a badge or take an element's place. Raw HTML is cleaned of them
before Markdown puts it back.

The renderer knows no app: where a wikilink or an arXiv id leads is asked of the links the
app that knows concepts and papers registers (``use_links``; the wiki does, in its
``apps.py``), once per text. Without them, both are left as written.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import markdown
import nh3
from markdown.extensions import Extension
from markdown.extensions.codehilite import CodeHiliteExtension, HiliteTreeprocessor
from markdown.extensions.fenced_code import FencedBlockPreprocessor, FencedCodeExtension
from markdown.inlinepatterns import InlineProcessor
from markdown.postprocessors import Postprocessor

from core.markdown_guard import bound_markdown
from core.math import MATH_ATTRIBUTES, MATH_TAGS, Formula, MathExtension, render_math_text

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
# The classes a highlighted code block keeps: Pygments' token names (k, nf, s2, hll …).
HIGHLIGHT_CLASS = {
    "div": re.compile(r"codehilite"),
    "span": re.compile(r"[a-z][a-z0-9]{0,3}"),
}
_NONE = re.compile(r"(?!)")
# What a user's own raw HTML may carry: no class, no id.
USER_ATTRIBUTES = {
    tag: {a for a in attributes if a not in ("class", "id")}
    for tag, attributes in ALLOWED_ATTRIBUTES.items()
}


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
        tags=ALLOWED_TAGS | MATH_TAGS,
        attributes={**ALLOWED_ATTRIBUTES, **MATH_ATTRIBUTES},
        url_schemes=ALLOWED_URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def _sanitise_user_html(html: str) -> str:
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=USER_ATTRIBUTES,
        url_schemes=ALLOWED_URL_SCHEMES,
        link_rel=None,
        strip_comments=True,
    )


def _keep_highlight_classes(tag: str, attribute: str, value: str) -> str | None:
    # A highlighted block keeps the classes Pygments gives it and nothing a fence's
    # {.class #id} asked for: no id, and no class that could dress the block up as the page.
    if attribute != "class":
        return None
    keep = [name for name in value.split() if HIGHLIGHT_CLASS.get(tag, _NONE).fullmatch(name)]
    return " ".join(keep) or None


def _sanitise_code_block(html: str) -> str:
    return nh3.clean(
        html,
        tags={"div", "pre", "code", "span"},
        attributes={tag: {"class"} for tag in ("div", "pre", "code", "span")},
        url_schemes=set(),
        link_rel=None,
        strip_comments=True,
        attribute_filter=_keep_highlight_classes,
    )


class CodeBlock(str):
    """A code block Markdown stored aside (fenced or indented), highlighted by Pygments."""


class _StoresCodeBlocks:
    """Marks what a code processor puts in the raw-HTML store as the renderer's own."""

    def run(self, data):
        stash = self.md.htmlStash
        before = len(stash.rawHtmlBlocks)
        result = super().run(data)
        stash.rawHtmlBlocks[before:] = [CodeBlock(b) for b in stash.rawHtmlBlocks[before:]]
        return result


class _FencedCode(_StoresCodeBlocks, FencedBlockPreprocessor):
    pass


class _IndentedCode(_StoresCodeBlocks, HiliteTreeprocessor):
    pass


class HighlightExtension(Extension):
    """Fenced and indented code highlighted by Pygments (codehilite) with CSS classes, no
    inline style; the colours are static/css/code.css (``core.highlight``)."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        config = {"css_class": "codehilite", "guess_lang": False, "use_pygments": True}
        hilite = CodeHiliteExtension(**config)
        md.registerExtension(hilite)
        indented = _IndentedCode(md)
        indented.config = hilite.getConfigs()
        md.treeprocessors.register(indented, "hilite", 30)
        fenced = FencedCodeExtension()
        md.registerExtension(fenced)
        md.preprocessors.register(_FencedCode(md, fenced.getConfigs()), "fenced_code_block", 25)


class _Cleaned(str):
    """A stored piece this postprocessor has cleaned already."""


class UserHtmlPostprocessor(Postprocessor):
    """Runs before Markdown puts raw HTML back: cleans each piece a user wrote, and each
    code block of its classes but Pygments' own. The table of contents runs the
    postprocessors once per heading: each piece is cleaned once, the first time."""

    def run(self, text: str) -> str:
        stash = self.md.htmlStash
        stash.rawHtmlBlocks = [
            _Cleaned(_sanitise_code_block(block))
            if isinstance(block, CodeBlock)
            else _Cleaned(_sanitise_user_html(block))
            if isinstance(block, str) and not isinstance(block, (Formula, _Cleaned))
            else block
            for block in stash.rawHtmlBlocks
        ]
        return text


@dataclass(frozen=True)
class Link:
    """Where a wikilink or an arXiv id leads, and how it is marked."""

    href: str
    css: str = ""
    title: str = ""


class Links(Protocol):
    """A text's links, looked up once per text (``use_links``): each answer also records
    what the text links to, for the rows a write keeps."""

    linked_concept_ids: set[int]
    missing_titles: set[str]
    linked_paper_ids: set[int]

    def concept(self, target: str) -> Link: ...

    def paper(self, arxiv_id: str) -> Link: ...


@dataclass
class _Registered:
    links: Callable[[str], Links]
    paper_pattern: str  # an arXiv id in running text, its number in the group "id"


_registered: _Registered | None = None


def use_links(links: Callable[[str], Links], *, paper_pattern: re.Pattern[str]) -> None:
    """Wikilinks and arXiv ids resolve through ``links(text)`` from now on."""
    global _registered
    _registered = _Registered(links, "(?i)" + paper_pattern.pattern)


class _LinkProcessor(InlineProcessor):
    def __init__(self, pattern: str, md: markdown.Markdown, links: Links) -> None:
        super().__init__(pattern, md)
        self.links = links

    def _element(self, text: str, link: Link) -> etree.Element:
        el = etree.Element("a")
        el.text = text
        el.set("href", link.href)
        if link.css:
            el.set("class", link.css)
        if link.title:
            el.set("title", link.title)
        return el


class WikiLinkProcessor(_LinkProcessor):
    def handleMatch(self, m: re.Match, data: str):
        target = m.group(1).strip()
        label = (m.group(2) or target).strip()
        return self._element(label, self.links.concept(target)), m.start(0), m.end(0)


class ArxivLinkProcessor(_LinkProcessor):
    def handleMatch(self, m: re.Match, data: str):
        return self._element(m.group(0), self.links.paper(m.group("id"))), m.start(0), m.end(0)


def render_markdown(text: str, *, with_toc: bool = False) -> Rendered:
    """Render user Markdown to sanitised HTML, resolving wikilinks and arXiv ids."""
    text = bound_markdown(text or "")
    registered = _registered
    links = registered.links(text) if registered is not None else None
    md = markdown.Markdown(
        extensions=[
            "tables",
            HighlightExtension(),
            "footnotes",
            "toc",
            "sane_lists",
            MathExtension(),
        ],
        extension_configs={
            "tables": {"use_align_attribute": True},
            "toc": {"toc_depth": "2-4", "permalink": False},
        },
        output_format="html",
    )
    if registered is not None:
        # Priorities above "link" (160) so [[...]] is not read as a reference link.
        md.inlinePatterns.register(WikiLinkProcessor(WIKILINK.pattern, md, links), "wikilink", 175)
        md.inlinePatterns.register(
            ArxivLinkProcessor(registered.paper_pattern, md, links), "arxiv", 25
        )
    # Above "raw_html" (30), which puts the stored raw HTML back into the page.
    md.postprocessors.register(UserHtmlPostprocessor(md), "user_html", 35)
    html = sanitise(md.convert(text))
    toc = sanitise(getattr(md, "toc", "")) if with_toc else ""
    if toc and "<li" not in toc:
        toc = ""
    if links is None:
        return Rendered(html=html, toc=toc)
    return Rendered(
        html=html,
        toc=toc,
        linked_concept_ids=links.linked_concept_ids,
        missing_titles=links.missing_titles,
        linked_paper_ids=links.linked_paper_ids,
    )


def render_inline(text: str) -> str:
    """Short Markdown (a claim) rendered and sanitised, for storing at write time."""
    return render_markdown(text).html


@lru_cache(maxsize=1024)
def render_summary(text: str) -> str:
    """A concept's summary (plain text, not Markdown) as sanitised HTML: escaped, with its
    ``$…$`` formulas as MathML. Summaries are short and the result is kept per text."""
    return sanitise(render_math_text(text or ""))
