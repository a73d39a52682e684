"""Parsing alone: no database."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from importer.notes import ConceptPage, NoteError, TopicFeed
from importer.parse import parse_note
from importer.text import headline_from, title_before


def _read(samples_dir, name: str):
    return parse_note(text=(samples_dir / name).read_text(), name=name)


def test_concept_page_sections_map_to_summary_body_entries(samples_dir):
    page = _read(samples_dir, "tool_use_curriculum.txt")

    assert isinstance(page, ConceptPage)
    assert page.title == "Tool-Use Curriculum"
    assert page.summary.startswith("Ordering the tasks an agent trains on")
    assert page.body.splitlines()[:4] == [
        "## Why It Matters",
        "",
        "- Agents that start on long chains rarely see a reward at all",
        "- A curriculum is cheap compared with more rollouts",
    ]
    assert "## Open Problems" in page.body and "## Sources" in page.body
    assert "State of the Art" not in page.body and "Key Papers" not in page.body
    assert [(e.date, e.headline) for e in page.entries] == [
        (dt.date(2026, 3, 2), "A small study orders tasks by the number of tool calls they need"),
        (dt.date(2026, 2, 10), "Background reading for this page"),
        (dt.date(2026, 2, 8), "Depth-sorted data pays off early"),
        (dt.date(2026, 1, 20), "Reverse curricula do not help"),
    ]


def test_state_of_the_art_paragraphs_become_claims_with_sub_headings_inside(samples_dir):
    entry = _read(samples_dir, "tool_use_curriculum.txt").entries[0]

    assert len(entry.claims) == 3
    assert entry.claims[0].arxiv_ids == ["2602.01234"]
    assert (entry.claims[2].heading, entry.claims[2].text) == (
        "Held with a caveat",
        "No variance is reported, and only one benchmark was used.",
    )


def test_dated_bullet_keeps_its_note_and_continuation_paragraph(samples_dir):
    entry = _read(samples_dir, "tool_use_curriculum.txt").entries[3]

    assert entry.lead == "noted 01-25"
    assert [c.text for c in entry.claims] == [
        "starting from the hardest tasks slowed learning in every run.",
        "A second paragraph of this bullet explains that the runs were short.",
    ]


def test_key_papers_and_related_concepts(samples_dir):
    page = _read(samples_dir, "tool_use_curriculum.txt")

    first, second = page.key_papers
    assert (first.title, first.arxiv_id, first.organisation, first.published) == (
        "Sorting Tasks by Depth: A Curriculum for Tool Agents",
        "2602.01234",
        "Example Lab",
        dt.date(2026, 2, 27),
    )
    assert first.note == "DepthSort, Example Lab, 2026-02-27 (the depth-ordered curriculum)"
    # Named without an id in Key Papers, with one in the prose: the same paper.
    assert (second.title, second.arxiv_id) == ("Early Wins for Agents", "2601.04321")
    assert page.related == ["Curriculum Learning", "Agents (LLM Agents)"]
    assert page.papers == {
        "2602.01234": "Sorting Tasks by Depth: A Curriculum for Tool Agents",
        "2601.04321": "Early Wins for Agents",
    }


def test_markdown_with_the_same_headings_parses_the_same(samples_dir):
    text = _read(samples_dir, "tool_use_curriculum.txt")
    markdown = _read(samples_dir, "tool_use_curriculum.md")

    assert markdown.title == text.title
    assert markdown.summary == text.summary
    assert markdown.body == text.body

    def blocks(entry):
        return [(c.text, c.kind, c.heading) for c in entry.claims]

    assert [(e.date, e.headline, e.lead, blocks(e)) for e in markdown.entries] == [
        (e.date, e.headline, e.lead, blocks(e)) for e in text.entries
    ]
    assert markdown.key_papers == [
        kp.__class__(**{**kp.__dict__, "line": m.line})
        for kp, m in zip(text.key_papers, markdown.key_papers, strict=True)
    ]
    assert markdown.related == text.related


def test_topic_feed_dates_are_glued_to_the_next_summary(samples_dir):
    feed = _read(samples_dir, "agent_news.txt")

    assert isinstance(feed, TopicFeed)
    assert (feed.site, feed.topic, feed.count) == ("Example Digest", "Curricula for agents", 3)
    assert [e.date for e in feed.entries] == [
        dt.date(2026, 9, 14),
        dt.date(2026, 8, 2),
        dt.date(2026, 6, 30),
    ]
    assert feed.entries[1].claims[0].text == (
        "The authors replay failed episodes as new tasks. They describe no baseline."
    )
    assert (
        feed.entries[0].headline
        == "Park et al. sort training tasks by depth and report faster learning"
    )


def test_a_feed_whose_first_summary_starts_with_a_date_dates_each_summary_by_its_own():
    feed = parse_note(
        text=(
            "Weekly Digest\nTidal energy\n3 articles\n"
            "15 Oct 2026Arrays of smaller turbines ran 11% longer between repairs.\n"
            "9 Oct 2026A survey of estuaries finds sediment loads unchanged.\n"
            "It gives no figure for the seabed.\n"
            "2 Oct 2026Blade coatings are said to halve fouling.\n"
        )
    )

    assert [e.date for e in feed.entries] == [
        dt.date(2026, 10, 15),
        dt.date(2026, 10, 9),
        dt.date(2026, 10, 2),
    ]
    assert feed.entries[1].lead == (
        "A survey of estuaries finds sediment loads unchanged. It gives no figure for the seabed."
    ) or feed.entries[1].claims[0].text.endswith("for the seabed.")
    with pytest.raises(NoteError) as caught:
        parse_note(text="S\nTopic\n2 articles\n1 Oct 2026One.\n2 Oct 2026\n", name="bad.txt")
    assert "no summary after it" in caught.value.message


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("11 Sept 2026", dt.date(2026, 9, 11)),
        ("3 Sep 2026", dt.date(2026, 9, 3)),
        ("24 July 2026", dt.date(2026, 7, 24)),
        ("1 Jan 2027", dt.date(2027, 1, 1)),
        ("5 december 2025", dt.date(2025, 12, 5)),
        ("Sept 11, 2026", dt.date(2026, 9, 11)),
        ("2026-09-11", dt.date(2026, 9, 11)),
    ],
)
def test_feed_dates_in_short_and_long_month_names(raw, expected):
    text = f"Site\nTopic\n1 article\nOne summary.\n{raw}\n"
    assert parse_note(text=text).entries[0].date == expected


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("Just a title\n\nSome prose.\n", 1, "neither a concept page"),
        ("", None, "empty"),
        ("Title\n\nState of the Art (2026-13-40)\n\nText.\n", 3, "unparseable date"),
        ("Title\n\nState of the Art (soon)\n\nText.\n", 3, "unparseable date"),
        ("Title\n\nState of the Art\n\nText.\n", 3, "needs its date"),
        (
            "Title\n\nState of the Art (2026-01-01)\n\n• A bullet (2026-02-30): x\n",
            5,
            "unparseable",
        ),
        ("S\nTopic\n2 articles\nOne.\n31 Sept 2026Two.\n1 Oct 2026\n", 5, "unparseable date"),
        ("S\nTopic\n2 articles\nOne.\n3 Septembre 2026Two.\n1 Oct 2026\n", 5, "unparseable"),
        ("S\nTopic\n3 articles\nOne.\n1 Oct 2026Two.\n2 Oct 2026\n", 3, "count mismatch"),
        ("S\nTopic\n1 article\nOne.\n", 4, "no date"),
        ("S\nTopic\n2 articles\nOne.\n1 Oct 2026\n2 Oct 2026Two\n", 6, "no summary"),
        ("Definition\n\nText.\n", 1, "title"),
    ],
)
def test_errors_name_the_line(text, line, message):
    with pytest.raises(NoteError) as caught:
        parse_note(text=text, name="bad.txt")
    assert caught.value.line == line
    assert message in caught.value.message


def test_truncated_feed_is_a_count_mismatch(seeds_dir):
    lines = next(seeds_dir.glob("003_*.txt")).read_text().splitlines()
    with pytest.raises(NoteError) as caught:
        parse_note(text="\n".join(lines[:12]), name="cut.txt")
    assert (caught.value.line, caught.value.message[:14]) == (3, "count mismatch")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "(2026-01-01): Alpha: A Method for Things (arXiv:2601.00001) says",
            "Alpha: A Method for Things",
        ),
        ("as in Learning the Hard Way (2601.00001) shows", "Learning the Hard Way"),
        ("A third (2601.00001) carries", ""),
        ("the part: ACRONYM (2601.00001) says", ""),
        ("Some Lab's Model (arXiv 2601.00001, 2026-01-01) is", ""),
        ("bare 2601.00001 Name", ""),
    ],
)
def test_paper_title_next_to_its_id(text, title):
    assert title_before(text, text.index("2601") - (6 if "arXiv" in text else 0)) == title


def test_headline_is_the_first_sentence_shortened():
    assert headline_from("Wang et al. show a thing. Then more.") == "Wang et al. show a thing"
    long = "word " * 100
    assert len(headline_from(long)) <= 200 and headline_from(long).endswith("…")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=2000))
def test_arbitrary_text_parses_or_fails_with_a_note_error(text):
    try:
        parse_note(text=text, name="random.txt")
    except NoteError as exc:
        assert exc.message


_LINES = st.sampled_from(
    [
        "Title",
        "Definition",
        "State of the Art (2026-01-01)",
        "State of the Art (2026-02-31)",
        "Key Papers",
        "Related Concepts",
        "Open Problems",
        "• A bullet (2026-01-05): body (arXiv:2601.00001)",
        "• Plain bullet",
        "  indented",
        "a\tb",
        "## Heading",
        "- dash bullet",
        "3 articles",
        "11 Sept 2026Text",
        "Text with Some Title (2601.00002) in it.",
        "",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINES, max_size=40), st.sampled_from(["x.txt", "x.md"]))
def test_arbitrary_arrangements_of_real_lines_never_crash(lines, name):
    try:
        parse_note(text="\n".join(lines), name=name)
    except NoteError as exc:
        assert exc.message
