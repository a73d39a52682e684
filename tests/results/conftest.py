from __future__ import annotations

import datetime as dt

import pytest

from entries.models import EntryStatus, Evidence
from entries.review.workflow import entry_transition
from entries.writing.services import ClaimData, entry_create
from results.services import benchmark_create
from tests.factories import PaperFactory, make_concept


@pytest.fixture
def mmlu(db):
    return benchmark_create(name="MMLU", direction="higher", unit="%", aliases=("mmlu-5shot",))


@pytest.fixture
def concept(db):
    return make_concept("Language Models")


@pytest.fixture
def paper(db):
    return PaperFactory(arxiv_id="2601.00001", abstract="We reach 58.2% on MMLU.")


def write_entry(
    *,
    author,
    concept,
    texts,
    paper=None,
    evidence=Evidence.FULL_TEXT,
    date=dt.date(2026, 3, 1),
    submit=True,
):
    """A pending entry whose claims say ``texts`` (marked, so only results can hold it)."""
    entry = entry_create(
        author=author,
        date=date,
        headline=f"Results of {date:%Y-%m-%d}",
        topics=[concept],
        claims=[ClaimData(text=t, paper=paper, evidence=evidence) for t in texts],
        status=EntryStatus.DRAFT,
    )
    if not submit:
        return entry
    return entry_transition(entry=entry, to=EntryStatus.PENDING, by=author)
