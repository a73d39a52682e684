"""Search snippets read as text: Markdown marks gone, the match highlighted, nothing
a note holds turned into HTML."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import EntryStatus
from entries.writing.services import ClaimData, entry_create
from tests.factories import PaperFactory, make_concept

HTMX = {"HX-Request": "true"}


def _snippets(client, q: str) -> dict[str, str]:
    response = client.get("/search/", {"q": q})
    return {hit.title: str(hit.snippet) for hit in response.context["results"].hits}


@pytest.mark.django_db
def test_concept_snippet_shows_words_not_markdown(client):
    make_concept(
        "Agentic Reinforcement Learning",
        summary="**Agentic RL** trains [[Large Language Model|language models]] as _agents_ "
        "over many turns, as in [the survey](https://arxiv.org/abs/2509.02547).",
        body="## Why it matters\n\n- Agents plan with `tools` and $\\pi_\\theta$.\n",
    )

    snippet = _snippets(client, "agents")["Agentic Reinforcement Learning"]

    assert "trains language models as <mark>agents</mark> over many" in snippet
    for raw in ("[[", "]]", "**", "](", "_agents_", "`", "$", "##"):
        assert raw not in snippet


@pytest.mark.django_db
def test_paper_snippet_drops_maths_delimiters_and_escapes_html(client):
    PaperFactory(
        title="Policy gradients",
        abstract="We bound the variance by $O(1/\\sqrt{n})$ for <b>every</b> policy gradient.",
    )

    snippet = _snippets(client, "variance")["Policy gradients"]

    assert "<mark>variance</mark> by O(1/\\sqrt{n}) for every policy" in snippet
    assert "<b>" not in snippet and "$" not in snippet


@pytest.mark.django_db
def test_entry_snippet_shows_words_not_markdown(client):
    entry_create(
        author=None,
        date=dt.date(2026, 9, 1),
        headline="Tool use at scale",
        lead="A **quokka** benchmark of [[Tool Use]]: see `run.py`.",
        claims=[ClaimData(text="The quokka scores rise.")],
        status=EntryStatus.PUBLISHED,
    )

    snippet = _snippets(client, "quokka")["Tool use at scale"]

    assert "<mark>quokka</mark>" in snippet.lower()
    for raw in ("**", "[[", "`"):
        assert raw not in snippet


@pytest.mark.django_db
def test_snippet_fragment_is_html_safe(client):
    PaperFactory(title="Safe", abstract="**reward** <script>alert(1)</script> [[x|y]]")

    body = client.get("/search/", {"q": "reward"}, headers=HTMX).content.decode()

    assert "<mark>reward</mark>" in body.lower()
    assert "<script" not in body and "**" not in body


@pytest.mark.django_db
def test_a_match_marks_the_whole_word_it_is_in(client):
    make_concept("Process Supervision", summary="Rewarding each step, with step rewards.")

    snippet = _snippets(client, "reward")["Process Supervision"]

    assert "<mark>Rewarding</mark> each step, with step <mark>rewards</mark>." in snippet


@pytest.mark.django_db
def test_an_entry_found_by_a_claim_shows_the_claim(client):
    entry_create(
        author=None,
        date=dt.date(2026, 9, 2),
        headline="Reward models in the wild",
        lead="A round-up of this month's papers.",
        claims=[
            ClaimData(text="Nothing here about the animal."),
            ClaimData(text="A **wombat** benchmark shows process rewards hold up."),
        ],
        status=EntryStatus.PUBLISHED,
    )

    snippet = _snippets(client, "wombat")["Reward models in the wild"]

    assert "<mark>wombat</mark> benchmark shows process rewards" in snippet.lower()
    assert "**" not in snippet


@pytest.mark.django_db
def test_a_concept_found_by_its_body_shows_the_passage(client):
    make_concept(
        "Distillation",
        summary="Training a small model on a larger one's outputs.",
        body="## Why it matters\n\nFiller.\n\nThe [[Reward Modeling|reward model]] of the "
        "teacher is never **platypus**-shaped.\n",
    )

    snippet = _snippets(client, "platypus")["Distillation"]

    assert "reward model of the teacher is never <mark>platypus</mark>-shaped" in snippet
    for raw in ("[[", "]]", "**", "##"):
        assert raw not in snippet


@pytest.mark.django_db
def test_a_title_marks_the_words_found_and_stays_escaped(client):
    PaperFactory(title="Student <b>teachers</b> & their students", abstract="Nothing.")

    body = client.get("/search/", {"q": "student"}).content.decode()

    assert (
        '<span class="hit-title"><mark>Student</mark> &lt;b&gt;teachers&lt;/b&gt; &amp; their '
        "<mark>students</mark></span>"
    ) in body
