"""Feeds carry formulas as their TeX source: few feed readers draw MathML."""

from __future__ import annotations

import feedparser
import pytest

from entries.models import EntryStatus
from tests.factories import ClaimFactory, EntryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry_with_math(topic):
    entry = EntryFactory(
        status=EntryStatus.PUBLISHED,
        headline="A bound on the loss",
        lead=r"The loss obeys $$L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}$$ at scale.",
    )
    entry.topics.add(topic)
    ClaimFactory(entry=entry, position=0, text=r"The exponent is $\alpha_N < 0.1$ for \$5 runs.")
    return entry


def _summary(client, url: str) -> str:
    response = client.get(url)
    feed = feedparser.parse(response.content)
    assert response.status_code == 200
    assert not feed.bozo, feed.get("bozo_exception")
    (item,) = feed.entries
    return item.summary


@pytest.mark.parametrize("url", ["/topics/reward-modeling/feed/", "/feeds/entries/"])
def test_feed_items_show_formulas_as_tex_between_dollars(client, topic, entry_with_math, url):
    summary = _summary(client, url)

    assert "<math" not in summary and "<mi>" not in summary
    assert r"$$L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}$$ at scale." in summary
    assert r"The exponent is $\alpha_N &lt; 0.1$ for $5 runs." in summary


def test_the_entry_page_itself_still_shows_mathml(client, topic, entry_with_math):
    page = client.get(entry_with_math.get_absolute_url()).content.decode()

    assert page.count("<math") == 2 and "<mfrac>" in page
