"""Full-text matching on PostgreSQL that stays fast whether a search's words are rare or
everywhere.

Papers, concepts and entries keep a weighted ``search_vector`` with a GIN index. The index
is the right tool for words few rows contain. For words most rows contain it is the wrong
one: it hands over every match (tens of thousands) before anything can be sorted or
counted, and PostgreSQL, which guesses a few dozen matches for any prefix query, picks it
anyway. So a search first reads the newest SAMPLE_SIZE rows along a sort index and counts
how many match: more than COMMON_MATCHES, and the words are common enough that walking a
sort index and testing row by row finds a page (or a pool to rank) at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import (
    BooleanField,
    Expression,
    ExpressionWrapper,
    F,
    OrderBy,
    Q,
    QuerySet,
    Value,
)
from django.db.models.functions import Coalesce

CONFIG = "english"
SEARCH_MAX_TERMS = 8
SAMPLE_SIZE = 2000  # newest rows read to judge how common a search's words are
COMMON_MATCHES = 100  # more matches than this among them (5%): the words are common


def search_terms(text: str) -> list[str]:
    """Words of a search, lower-cased, at most SEARCH_MAX_TERMS of them."""
    return re.findall(r"\w+", text.lower())[:SEARCH_MAX_TERMS]


def raw_tsquery(terms: Sequence[str], *, all_prefixes: bool, weights: str = "") -> str:
    """A tsquery matching every word; the last word (or every word) is a prefix.

    ``weights`` ("A") restricts the match to the heaviest part (titles). The words are
    \\w+ only, so the query carries no operators but ours.
    """

    def word(position: int, term: str) -> str:
        prefix = "*" if all_prefixes or position == len(terms) - 1 else ""
        return f"{term}:{prefix}{weights}" if prefix or weights else term

    return " & ".join(word(position, term) for position, term in enumerate(terms))


def tsquery(raw: str) -> SearchQuery:
    return SearchQuery(raw, search_type="raw", config=CONFIG)


def matches(raw: str) -> Expression:
    """``search_vector @@ query`` as a condition the planner cannot answer from the index.

    The planner takes it to hold for half of the rows, so with an ORDER BY and a LIMIT it
    walks the sort's index and tests each row, which is what a common search needs.
    """
    return Coalesce(
        ExpressionWrapper(Q(search_vector=tsquery(raw)), output_field=BooleanField()),
        Value(False),
        output_field=BooleanField(),
    )


def is_common(queryset: QuerySet, order: Sequence[OrderBy], raw: str) -> bool:
    """Whether more than COMMON_MATCHES of the newest SAMPLE_SIZE rows match.

    Stops at the first COMMON_MATCHES + 1 matches, so a common search costs a few hundred
    rows and a rare one at most SAMPLE_SIZE.
    """
    sample = queryset.order_by(*order).values(sample_vector=F("search_vector"))[:SAMPLE_SIZE]
    inner, params = sample.query.sql_with_params()
    sql = (
        f"SELECT COUNT(*) FROM (SELECT 1 FROM ({inner}) sample"
        " WHERE sample.sample_vector @@ to_tsquery(%s::regconfig, %s) LIMIT %s) found"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, (*params, CONFIG, raw, COMMON_MATCHES + 1))
        return cursor.fetchone()[0] > COMMON_MATCHES
