from __future__ import annotations

import pytest

from entries.models import Caveat
from tests.factories import PaperFactory, UserFactory


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
