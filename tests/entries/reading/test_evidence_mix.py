"""The evidence mix of a topic's claims: counted in two aggregates, each part a link to
the topic page's filter that lists exactly those claims."""

from __future__ import annotations

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from entries.reading.selectors import evidence_mix
from tests.factories import ClaimFactory, EntryFactory

pytestmark = pytest.mark.django_db

LEVELS = [Evidence.FULL_TEXT] * 3 + [Evidence.ABSTRACT_ONLY] * 2 + [Evidence.EDITORIAL]


@pytest.fixture
def claims(topic):
    """Six published claims on ``topic`` (3 full text, 2 abstract only, 1 editorial), two
    with "no figure stated", one with "no baseline named"; and a draft's claim."""
    entry = EntryFactory(status=EntryStatus.PUBLISHED)
    entry.topics.add(topic)
    no_figure = Caveat.objects.get(name="no figure stated")
    no_baseline = Caveat.objects.get(name="no baseline named")
    made = [
        ClaimFactory(entry=entry, position=i, evidence=level, text=f"Claim {i} ({level}).")
        for i, level in enumerate(LEVELS)
    ]
    made[3].caveats.add(no_figure)
    made[4].caveats.add(no_figure, no_baseline)
    draft = EntryFactory(status=EntryStatus.DRAFT)
    draft.topics.add(topic)
    ClaimFactory(entry=draft, evidence=Evidence.ABSTRACT_ONLY).caveats.add(no_baseline)
    return made


def test_evidence_mix_counts_published_claims_by_level_and_caveat(
    topic, claims, django_assert_num_queries
):
    with django_assert_num_queries(2):
        mix = evidence_mix(topic)

    assert mix.total == 6
    assert [(r.key, r.count, r.share) for r in mix.levels] == [
        ("full_text", 3, 50), ("abstract_only", 2, 33), ("editorial", 1, 17),
    ]  # fmt: skip
    assert [(r.label, r.count) for r in mix.caveats] == [
        ("no figure stated", 2), ("no baseline named", 1),
    ]  # fmt: skip
    assert mix.levels[1].href == "/topics/reward-modeling/?evidence=abstract_only"
    assert mix.caveats[0].href == "/topics/reward-modeling/?caveat=no-figure-stated"
    assert [s.key for s in mix.segments] == ["full_text", "abstract_only", "editorial"]
    assert sum(s.width for s in mix.segments) == pytest.approx(1000)


def test_topic_page_draws_the_mix_with_a_link_per_segment(client, topic, claims):
    html = client.get("/topics/reward-modeling/").content.decode()

    start = html.index('class="chart chart-mix"')
    chart = html[start : html.index("</figure>", start)]
    assert 'data-segments="3"' in chart
    assert 'role="img"' in chart
    for level in ("full_text", "abstract_only", "editorial"):
        assert f'href="/topics/reward-modeling/?evidence={level}" tabindex="-1"' in chart
    assert "<title>abstract only: 2 claims</title>" in chart
    assert "Show as table" in chart
    assert 'href="/topics/reward-modeling/?caveat=no-figure-stated"' in chart


def test_a_segments_link_lists_exactly_its_claims(client, topic, claims):
    response = client.get("/topics/reward-modeling/?evidence=abstract_only")

    shown = [claim.pk for claim in response.context["page"]]
    assert shown == [claims[3].pk, claims[4].pk]


def test_a_topic_without_published_claims_says_so(client, topic):
    html = client.get("/topics/reward-modeling/").content.decode()

    assert "No published claims yet." in html
    assert 'class="chart-seg' not in html


def test_topic_page_with_its_charts_stays_within_its_queries(
    client, topic, claims, django_assert_max_num_queries
):
    client.get("/topics/reward-modeling/")
    with django_assert_max_num_queries(10):  # with the cache versions
        response = client.get("/topics/reward-modeling/", {"page": "1"})
    assert response.status_code == 200
