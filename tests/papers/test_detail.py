from __future__ import annotations

import datetime as dt

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from papers.models import Paper
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, make_concept

pytestmark = pytest.mark.django_db


@pytest.fixture
def paper():
    return PaperFactory(
        arxiv_id="2608.17528",
        arxiv_version=2,
        title="Rubric Rewards for Agents",
        authors="Ada Lovelace, Alan Turing, Grace Hopper, Edsger Dijkstra",
        organisation="Example Lab",
        published=dt.date(2026, 8, 20),
        abstract="We grade agents with rubrics.",
        code_url="https://example.org/code",
    )


@pytest.fixture
def cited(paper):
    """Two published entries and a draft citing the paper."""
    no_figure = Caveat.objects.get(slug="no-figure-stated")
    older = EntryFactory(status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 1), headline="Older")
    newer = EntryFactory(status=EntryStatus.PUBLISHED, date=dt.date(2026, 9, 20), headline="Newer")
    draft = EntryFactory(status=EntryStatus.DRAFT, headline="Secret draft")
    claims = {
        "full": ClaimFactory(entry=older, paper=paper, evidence=Evidence.FULL_TEXT, text="Full."),
        "abstract": ClaimFactory(
            entry=newer, paper=paper, evidence=Evidence.ABSTRACT_ONLY, text="Abstract one."
        ),
        "abstract2": ClaimFactory(
            entry=newer, paper=paper, evidence=Evidence.ABSTRACT_ONLY, text="Abstract two."
        ),
        "draft": ClaimFactory(entry=draft, paper=paper, evidence=Evidence.FULL_TEXT, text="Hid."),
    }
    claims["abstract2"].caveats.add(no_figure)
    return claims


def test_paper_page_by_arxiv_id_shows_metadata_and_links(client, paper):
    response = client.get("/papers/2608.17528/")
    html = response.content.decode()

    assert response.status_code == 200
    assert "Rubric Rewards for Agents" in html
    # Every author named in order, each opening the papers list filtered by their name.
    assert (
        '<a href="/papers/?author=Lovelace" title="Papers by Ada Lovelace">Ada Lovelace</a>, '
        '<a href="/papers/?author=Turing" title="Papers by Alan Turing">Alan Turing</a>, '
    ) in html
    assert ">Edsger Dijkstra</a></p>" in html
    assert "We grade agents with rubrics." in html
    assert 'href="https://arxiv.org/abs/2608.17528"' in html
    assert 'href="https://arxiv.org/pdf/2608.17528v2"' in html
    assert 'href="https://example.org/code"' in html
    assert "arXiv:2608.17528v2" in html


def test_paper_page_by_other_spellings_redirects_to_the_canonical_address(client, paper):
    for key in (str(paper.pk), "arXiv:2608.17528v2", "2608.17528v1"):
        response = client.get(f"/papers/{key}/")
        assert response.status_code == 301
        assert response["Location"] == "/papers/2608.17528/"


def test_paper_without_arxiv_id_is_reached_by_pk(client):
    paper = PaperFactory(arxiv_id=None)

    assert client.get(f"/papers/{paper.pk}/").status_code == 200


def test_old_style_arxiv_id(client):
    PaperFactory(arxiv_id="hep-th/9901001", title="Old Style")

    assert "Old Style" in client.get("/papers/hep-th/9901001/").content.decode()


@pytest.mark.parametrize("key", ["9999999", "2608.99999", "not-an-id", "..", "a/b/c"])
def test_unknown_paper_is_404(client, key):
    assert client.get(f"/papers/{key}/").status_code == 404


def test_claims_grouped_by_entry_newest_first_published_only(client, paper, cited):
    response = client.get("/papers/2608.17528/")
    html = response.content.decode()

    texts = [c.text for c in response.context["claims"]]
    assert texts == ["Abstract one.", "Abstract two.", "Full."]
    assert html.index("Newer") < html.index("Older")
    assert html.count('class="card claim-group"') == 2
    assert "Secret draft" not in html
    assert "Hid." not in html
    assert [e.headline for e in response.context["entries"]] == ["Newer", "Older"]


def test_evidence_summary_counts(client, paper, cited):
    response = client.get("/papers/2608.17528/")

    summary = {row["value"]: row["count"] for row in response.context["evidence_summary"]}
    assert summary == {"full_text": 1, "abstract_only": 2, "secondary": 0, "editorial": 0}
    assert [(c.slug, c.n) for c in response.context["caveat_summary"]] == [("no-figure-stated", 1)]
    assert response.context["claim_total"] == 3


def test_editors_also_see_unmarked_counts(client, editor, paper, cited):
    client.force_login(editor)

    response = client.get("/papers/2608.17528/")

    assert "unmarked" in {row["value"] for row in response.context["evidence_summary"]}


def test_filter_claims_by_evidence(client, paper, cited):
    response = client.get("/papers/2608.17528/?evidence=abstract_only")

    assert [c.text for c in response.context["claims"]] == ["Abstract one.", "Abstract two."]


def test_filter_claims_by_caveat(client, paper, cited):
    response = client.get("/papers/2608.17528/?caveat=no-figure-stated")

    assert [c.text for c in response.context["claims"]] == ["Abstract two."]


@pytest.mark.parametrize("query", ["evidence=guesswork", "caveat=no-such-caveat"])
def test_invalid_claim_filter_shows_a_message_and_all_claims(client, paper, cited, query):
    response = client.get(f"/papers/2608.17528/?{query}")

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert len(response.context["claims"]) == 3


def test_paper_page_queries_are_bounded(client, paper, django_assert_max_num_queries):
    caveats = list(Caveat.objects.all()[:3])
    for _ in range(30):
        entry = EntryFactory(status=EntryStatus.PUBLISHED)
        entry.papers.add(paper)
        for claim in ClaimFactory.create_batch(3, entry=entry, paper=paper):
            claim.caveats.set(caveats)
    paper.topics.set([make_concept(f"Topic {n}") for n in range(5)])

    # The page, its claims and caveats, its topics, its change history, and the cache's
    # versions: bounded whatever the number of entries citing it.
    with django_assert_max_num_queries(11):
        response = client.get("/papers/2608.17528/")

    assert len(response.context["claims"]) == 90


# --- topics edited in place -------------------------------------------------------------


def test_contributor_edits_topics_in_place_with_htmx(contributor_client, paper):
    reward, process = make_concept("Reward Modeling"), make_concept("Process Supervision")
    paper.topics.set([reward])

    form = contributor_client.get("/papers/2608.17528/topics/", headers={"HX-Request": "true"})
    response = contributor_client.post(
        "/papers/2608.17528/topics/",
        {"topics": [process.pk, reward.pk]},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()

    assert form.status_code == 200
    assert form.content.decode().lstrip().startswith('<div id="paper-topics"')
    assert '<select name="topics" multiple' in form.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="paper-topics"')
    assert 'href="/papers/?topic=process-supervision"' in html
    assert set(paper.topics.all()) == {reward, process}


def test_topics_edit_without_javascript_redirects_back(contributor_client, paper):
    concept = make_concept("Reward Modeling")

    page = contributor_client.get("/papers/2608.17528/topics/")
    response = contributor_client.post("/papers/2608.17528/topics/", {"topics": [concept.pk]})

    assert page.status_code == 200
    assert "Save topics" in page.content.decode()
    assert response.status_code == 302
    assert response["Location"] == "/papers/2608.17528/"
    assert list(paper.topics.all()) == [concept]


def test_editor_may_edit_topics(editor_client, paper):
    concept = make_concept("Reward Modeling")

    editor_client.post("/papers/2608.17528/topics/", {"topics": [concept.pk]})

    assert list(paper.topics.all()) == [concept]


def test_topics_edit_with_unknown_topic_is_400(contributor_client, paper):
    response = contributor_client.post("/papers/2608.17528/topics/", {"topics": ["999999"]})

    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()


def test_anonymous_topic_edit_goes_to_login(client, paper):
    concept = make_concept("Reward Modeling")

    response = client.post("/papers/2608.17528/topics/", {"topics": [concept.pk]})
    htmx = client.post(
        "/papers/2608.17528/topics/", {"topics": [concept.pk]}, headers={"HX-Request": "true"}
    )

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert htmx["HX-Redirect"].startswith("/accounts/login/?next=")
    assert paper.topics.count() == 0


def test_charlie_may_not_edit_topics(client, charlie, paper):
    concept = make_concept("Reward Modeling")
    client.force_login(charlie)

    assert client.get("/papers/2608.17528/topics/").status_code == 403
    assert client.post("/papers/2608.17528/topics/", {"topics": [concept.pk]}).status_code == 403
    assert paper.topics.count() == 0
    assert "Edit topics" not in client.get("/papers/2608.17528/").content.decode()


def test_edit_paper(contributor_client, paper):
    response = contributor_client.post(
        "/papers/2608.17528/edit/",
        {"arxiv_id": "2608.17528", "title": "Renamed", "read_level": "full_text"},
    )

    assert response.status_code == 302
    paper.refresh_from_db()
    assert (paper.title, paper.read_level) == ("Renamed", "full_text")


def test_charlie_may_not_edit_a_paper(client, charlie, paper):
    client.force_login(charlie)

    response = client.post("/papers/2608.17528/edit/", {"title": "Hacked", "read_level": "x"})

    assert response.status_code == 403
    assert Paper.objects.get().title == "Rubric Rewards for Agents"


@pytest.mark.parametrize("key", ["²", "①", "٣", "\uff12\uff1601.04211", "1" * 30])
def test_paper_keys_that_are_not_ascii_ids_are_404(client, db, key):
    PaperFactory(arxiv_id="2601.04211")

    response = client.get(f"/papers/{key}/")

    assert response.status_code == 404


def test_paper_by_key_is_the_one_lookup(db):
    from papers.selectors import paper_by_key

    paper = PaperFactory(arxiv_id="2601.04211", title="A Known Title")

    found = [
        paper_by_key(str(paper.pk)),
        paper_by_key("arXiv:2601.04211v3"),
        paper_by_key("https://arxiv.org/abs/2601.04211"),
        paper_by_key("a known title", by_title=True),
    ]
    missing = [paper_by_key("²"), paper_by_key("a known title"), paper_by_key("")]

    assert found == [paper] * 4
    assert missing == [None, None, None]
