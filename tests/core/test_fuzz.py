"""Property tests: hostile or random input never breaks the renderer, the arXiv id
normaliser, the BibTeX import or the notes importer; each gives a result or a clear error."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.markdown import ALLOWED_ATTRIBUTES, ALLOWED_TAGS, ALLOWED_URL_SCHEMES, render_markdown
from core.math import MATH_ATTRIBUTES, MATH_TAGS
from importer.load import NoteSource, notes_import
from papers.bibtex import parse_bibtex
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.services import papers_import_bibtex
from tests.factories import PaperFactory, make_concept

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TEXT = st.characters(blacklist_categories=("Cs",))

# Pieces of Markdown and of the HTML attacks a sanitiser must stop, to be shuffled together.
MARKDOWN_PIECES = [
    "# ", "## Heading\n", "\n\n", "\n", "* ", "1. ", "> ", "```\n", "```python\n", "    ", "|",
    "| a | b |\n|---|:-:|\n", "**", "_", "`", "~~", "[^1]", "[^1]: note\n", "---\n",
    "[link](", ")", "![img](", "](", "<", ">", "\"", "'", "&", "&#x3C;", "&lt;", "&amp;",
    "[[Reward Modeling]]", "[[Missing|label]]", "[[", "]]", "arXiv:2608.17528", "2608.17528v2",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:x\">",
    "javascript:alert(1)", "JaVaScRiPt:", "java\tscript:", "data:text/html,<b>", "vbscript:",
    "<iframe src=//evil>", "<style>*{}</style>", "<svg onload=x>", "<math>", "<!-- c -->",
    "<div style=\"x\" class=\"c\" id=\"i\">", "</div>", "<a href=\"https://example.org\">",
    "</a>", "<p onclick=\"x\">", "<form action=x>", "<input>", "<object>", "<base href=x>",
    "<meta http-equiv=refresh>", "<link rel=stylesheet>", "<td colspan=2 onmouseover=x>",
    "http://example.org/a?b=c", "mailto:a@b.c", "<ol start=3>", "<img src=\"data:image/png,x\">",
    "{: onclick=x }", "*[HTML]: Hyper", "\x00", "\u202e", "\ufeff",
]  # fmt: skip
MARKDOWN = st.lists(st.one_of(st.sampled_from(MARKDOWN_PIECES), st.text(TEXT, max_size=20)))


class _AllowList(HTMLParser):
    """Everything in the HTML that the sanitiser's allow-list does not allow."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refused: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in ALLOWED_TAGS | MATH_TAGS:  # the renderer's whole allow-list
            self.refused.append(f"<{tag}>")
        attributes = {**ALLOWED_ATTRIBUTES, **MATH_ATTRIBUTES}
        allowed = ALLOWED_ATTRIBUTES["*"] | attributes.get(tag, set())
        if tag == "a":
            allowed = allowed | {"rel"}  # nh3 adds rel="noopener noreferrer" to links
        for name, value in attrs:
            if name not in allowed:
                self.refused.append(f"<{tag} {name}>")
            if name in ("href", "src") and value:
                scheme = urlsplit(value.strip()).scheme.lower()
                if scheme and scheme not in ALLOWED_URL_SCHEMES:
                    self.refused.append(f"<{tag} {name}={value[:40]!r}>")

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs)

    def handle_comment(self, data) -> None:
        self.refused.append("<!-- comment -->")

    def handle_decl(self, decl) -> None:
        self.refused.append(f"<!{decl}>")

    def handle_pi(self, data) -> None:
        self.refused.append(f"<?{data}>")


def _refused(html: str) -> list[str]:
    checker = _AllowList()
    checker.feed(html)
    checker.close()
    return checker.refused


def test_the_allow_list_check_catches_what_it_should():
    bad = '<p onclick="x"><script>1</script><a href="javascript:x">a</a><img src="data:x">'

    assert _refused(bad) == [
        "<p onclick>",
        "<script>",
        "<a href='javascript:x'>",
        "<img src='data:x'>",
    ]


@pytest.fixture
def linked_pages(db):
    make_concept("Reward Modeling")
    PaperFactory(arxiv_id="2608.17528")


@FUZZ
@given(pieces=MARKDOWN)
def test_rendered_markdown_never_raises_and_passes_the_allow_list(linked_pages, pieces):
    rendered = render_markdown("".join(pieces), with_toc=True)

    assert _refused(rendered.html) == []
    assert _refused(rendered.toc) == []


@FUZZ
@given(text=st.text(TEXT, max_size=300))
def test_rendered_arbitrary_text_passes_the_allow_list(linked_pages, text):
    assert _refused(render_markdown(text).html) == []


# arXiv ids -----------------------------------------------------------------------------

# ASCII digits only: the same id in another script's digits is no arXiv id (tested below).
NEW_IDS = st.builds(
    "{:02d}{:02d}.{}".format,
    st.integers(0, 99),
    st.integers(1, 12),
    st.from_regex(r"[0-9]{4,5}", fullmatch=True),
)
OLD_IDS = st.builds(
    "{}/{:02d}{:02d}{}".format,
    st.sampled_from(["hep-th", "math.GT", "cond-mat", "astro-ph", "cs"]),
    st.integers(0, 99),
    st.integers(1, 12),
    st.from_regex(r"[0-9]{3}", fullmatch=True),
)
SPELLINGS = st.sampled_from(
    ["{}", "arXiv:{}", "arxiv: {}", "https://arxiv.org/abs/{}", "http://arxiv.org/pdf/{}.pdf",
     "https://www.arxiv.org/abs/{}?context=cs", "  {}  ", "https://export.arxiv.org/abs/{}/"]
)  # fmt: skip


@FUZZ
@given(raw=st.text(TEXT, max_size=80))
def test_arxiv_parser_gives_a_normalised_id_or_a_clear_error(raw):
    try:
        parsed = parse_arxiv_id(raw)
    except InvalidArxivId as exc:
        assert str(exc).startswith(("Enter an arXiv id", "“"))
        return
    assert parse_arxiv_id(parsed.id) == (parsed.id, None)  # normalised ids are fixed points
    assert parsed.id == parsed.id.strip() and "v" not in parsed.id.split("/")[-1]


@FUZZ
@given(
    paper_id=st.one_of(NEW_IDS, OLD_IDS),
    version=st.one_of(st.none(), st.integers(1, 999)),
    spelling=SPELLINGS,
)
def test_every_spelling_of_an_id_normalises_to_it(paper_id, version, spelling):
    raw = spelling.format(paper_id + (f"v{version}" if version else ""))

    parsed = parse_arxiv_id(raw)

    assert parsed == (paper_id, version)
    assert parse_arxiv_id(parsed.id).id == parsed.id


@pytest.mark.parametrize("raw", ["\uff12\uff1601.04211", "2601.0421\u0661", "hep-th/990100\u0663"])
def test_ids_in_other_scripts_digits_are_refused(raw):
    with pytest.raises(InvalidArxivId):
        parse_arxiv_id(raw)


# Importers -----------------------------------------------------------------------------

BIB_PIECES = [
    "@article{", "@misc{", "@inproceedings(", "@comment{", "@string{x = \"y\"}", "@preamble{",
    "key2026,", "title = {", "title = \"", "author = {A and B}", "year = {2026}", "year = 20x6",
    "month = feb", "date = {2026-02-30}", "eprint = {2608.17528v2}", "archivePrefix = {arXiv}",
    "doi = {10.1/x}", "url = {javascript:x}", "keywords = {Reward Modeling, x}", "}", "{", ",",
    "\"", "=", "\n", "%", "\\'e", "{\\\"u}", "#", "@", "\x00",
]  # fmt: skip
BIBTEX = st.lists(st.one_of(st.sampled_from(BIB_PIECES), st.text(TEXT, max_size=15)))


@FUZZ
@given(text=st.one_of(st.text(TEXT, max_size=500), BIBTEX.map("".join)))
def test_bibtex_parser_reports_every_entry_it_finds(text):
    for record in parse_bibtex(text):
        assert record.key
        assert record.problem or record.fields.get("title")


@FUZZ
@given(text=BIBTEX.map("".join))
def test_bibtex_import_gives_a_report_never_an_exception(linked_pages, text):
    report = papers_import_bibtex(text=text)

    assert all(row.outcome in ("created", "updated", "skipped") for row in report.rows)
    assert all(row.detail for row in report.rows)


NOTE_PIECES = [
    "Title\n", "Definition\n", "Why It Matters\n", "State of the Art (2026-03-02)\n",
    "State of the Art (2026-13-45)\n", "Key Papers\n", "Related Concepts\n", "Open Problems\n",
    "Sources\n", "• ", "- ", "(2026-02-08)", "arXiv:2602.01234", "\n\n", "# ", "## ",
    "22 papers\n", "2026-02-08 · ", "[[x]]", "\t", "\r\n", "\ufeff",
]  # fmt: skip


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=300),
        st.lists(st.one_of(st.sampled_from(NOTE_PIECES), st.text(TEXT, max_size=30))).map(
            lambda parts: "".join(parts).encode()
        ),
    ),
    name=st.sampled_from(["note.txt", "note.md"]),
)
def test_notes_import_gives_a_report_or_a_clear_error(editor, data, name):
    report = notes_import(sources=[NoteSource(name=name, data=data)], author=editor, dry_run=True)

    (file_report,) = report.files
    assert file_report.ok or file_report.error
