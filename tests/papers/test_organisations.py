"""The papers filter's organisation suggestions: each known organisation once, in order."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from papers.models import ORGANISATIONS_CACHE_KEY, Paper
from papers.selectors import organisations

pytestmark = pytest.mark.django_db


def test_each_organisation_once_in_order_and_no_blank():
    for n, organisation in enumerate(
        ["Mila", "", "DeepMind", "Mila", "Allen AI", "DeepMind", "", "Zhipu"]
    ):
        Paper.objects.create(title=f"Paper {n}", organisation=organisation)
    cache.delete(ORGANISATIONS_CACHE_KEY)

    assert organisations() == ["Allen AI", "DeepMind", "Mila", "Zhipu"]


def test_no_organisation_known_gives_none():
    Paper.objects.create(title="Anonymous work", organisation="")
    cache.delete(ORGANISATIONS_CACHE_KEY)

    assert organisations() == []
