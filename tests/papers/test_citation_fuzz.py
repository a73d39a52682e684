"""Hostile or broken RIS and CSL-JSON: a record per reference found, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from papers.csl import CslError, parse_csljson
from papers.ris import parse_ris

pytestmark = pytest.mark.django_db  # the suite's autouse fixtures read the seeded roles

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEXT = st.characters(blacklist_categories=("Cs",))
RIS_PIECES = [
    "TY  - JOUR\n", "ER  - \n", "TI  - A title\n", "AU  - Lovelace, Ada\n", "PY  - 2026\n",
    "DA  - 2026/02/30/\n", "PY  - 20x6\n", "AN  - arXiv:2608.17528v2\n", "AN  - arXiv:x\n",
    "DO  - 10.48550/arXiv.2608.17528\n", "UR  - javascript:alert(1)\n", "KW  - Reward Modeling\n",
    "  continued\n", "\n", "ID  - key\n", "\ufeff", "TY  -", "\x00",
]  # fmt: skip
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(TEXT),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
CSL_KEYS = ["id", "title", "author", "issued", "DOI", "URL", "number", "version", "keyword"]
CSL_ITEMS = st.lists(st.dictionaries(st.sampled_from(CSL_KEYS), JSON_VALUES), max_size=5)


def _well_formed(records) -> None:
    for record in records:
        assert record.key
        assert record.problem or record.fields.get("title")


@FUZZ
@given(
    text=st.one_of(st.text(TEXT, max_size=300), st.lists(st.sampled_from(RIS_PIECES)).map("".join))
)
def test_ris_parser_reports_every_record_it_finds(text):
    _well_formed(parse_ris(text))


@FUZZ
@given(data=st.one_of(CSL_ITEMS, JSON_VALUES))
def test_csljson_parser_reports_every_item_or_refuses_the_file(data):
    try:
        records = parse_csljson(json.dumps(data))
    except CslError:
        assert not isinstance(data, list | dict)
        return
    _well_formed(records)


def test_deeply_nested_json_is_refused_not_a_crash():
    try:
        parse_csljson("[" * 100_000)
    except CslError as exc:
        assert "not valid JSON" in str(exc)
    else:
        raise AssertionError("expected CslError")
