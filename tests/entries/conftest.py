from __future__ import annotations

import pytest

from entries.models import Caveat, EntryStatus, Evidence
from tests.factories import ClaimFactory, EntryFactory, PaperFactory, UserFactory, make_concept


@pytest.fixture
def topic(db):
    return make_concept("Reward Modeling")


@pytest.fixture
def make_entry(contributor, topic):
    """An entry in a given state with ``claims`` claims, marked or not."""

    def _make(status=EntryStatus.DRAFT, *, author=None, claims=2, marked=True, **kwargs):
        entry = EntryFactory(status=status, author=author or contributor, **kwargs)
        entry.topics.add(topic)
        for i in range(claims):
            ClaimFactory(
                entry=entry,
                position=i,
                evidence=Evidence.FULL_TEXT if marked else Evidence.UNMARKED,
            )
        return entry

    return _make


@pytest.fixture
def abstract_paper(db):
    return PaperFactory(read_level="abstract_only", title="Rubrics Without Checkers")


@pytest.fixture
def no_figure(db):
    return Caveat.objects.get(name="no figure stated")


@pytest.fixture
def superuser(db):
    user = UserFactory(username="root")
    user.is_superuser = True
    user.is_staff = True
    user.save()
    return user
