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

# PostgreSQL's English configuration with unaccent before stemming (search/migrations/0001):
# "Godel" and "Gödel" are the same word.
CONFIG = "english_unaccent"
SEARCH_MAX_TERMS = 8
SAMPLE_SIZE = 2000  # newest rows read to judge how common a search's words are
COMMON_MATCHES = 100  # more matches than this among them (5%): the words are common
GIN_FENCE = 10_000_000


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


def _order_sql(order: Sequence[OrderBy], table: str) -> tuple[dict, str]:
    """The sort keys as columns of a subquery, and the same order over ``table``'s copies.

    Sorting the outer query exactly as the subquery is sorted lets PostgreSQL see that
    the rows already come in order, so it reads no more of them than the LIMIT needs.
    """
    columns, keys = {}, []
    for position, key in enumerate(order):
        name = f"order_key{position}"
        columns[name] = key.expression
        nulls = " NULLS LAST" if key.nulls_last else " NULLS FIRST" if key.nulls_first else ""
        keys.append(f"{table}.{name} {'DESC' if key.descending else 'ASC'}{nulls}")
    return columns, ", ".join(keys)


def newest_pool(
    queryset: QuerySet, order: Sequence[OrderBy], raw: str, title_raw: str, *, pool: int, limit: int
) -> tuple[int, list[int]]:
    """Rank the first ``pool`` matches, in ``order``, among the first SAMPLE_SIZE rows.

    Returns how many matches the pool holds and the ids of the best ``limit`` of them:
    title matches first, then by ``ts_rank``, then in ``order``. One walk of the sort
    index, at most SAMPLE_SIZE rows and fewer when the words are common.
    """
    columns, sample_keys = _order_sql(order, "sample")
    _, pool_keys = _order_sql(order, "pool")
    sample = queryset.order_by(*order).values(
        sample_id=F("pk"), sample_vector=F("search_vector"), **columns
    )[:SAMPLE_SIZE]
    inner, params = sample.query.sql_with_params()
    sql = (
        "SELECT pool.sample_id, COUNT(*) OVER () FROM ("
        f"SELECT sample.* FROM ({inner}) sample"
        " WHERE sample.sample_vector @@ to_tsquery(%s::regconfig, %s)"
        f" ORDER BY {sample_keys} LIMIT %s) pool"
        " ORDER BY pool.sample_vector @@ to_tsquery(%s::regconfig, %s) DESC,"
        f" ts_rank(pool.sample_vector, to_tsquery(%s::regconfig, %s)) DESC, {pool_keys}"
        " LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            sql, (*params, CONFIG, raw, pool, CONFIG, title_raw, CONFIG, raw, max(limit, 1))
        )
        rows = cursor.fetchall()
    return (rows[0][1] if rows else 0), [row[0] for row in rows[:limit]]


def newest_matches(
    queryset: QuerySet, order: Sequence[OrderBy], raw: str, *, pool: int
) -> tuple[int, list[int]]:
    """How many rows of ``queryset`` match, and the ids of the first ``pool`` in ``order``.

    For words few rows contain: one pass over the GIN index's matches, sorted. The LIMIT
    on the inner query keeps it apart, so the planner cannot trade the index for a walk
    of the sort index that tests every row.
    """
    columns, keys = _order_sql(order, "found")
    matching = (
        queryset.filter(search_vector=tsquery(raw))
        .order_by()
        .values(found_id=F("pk"), **columns)[:GIN_FENCE]
    )
    inner, params = matching.query.sql_with_params()
    sql = f"SELECT found.found_id, COUNT(*) OVER () FROM ({inner}) found ORDER BY {keys} LIMIT %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, (*params, pool))
        rows = cursor.fetchall()
    return (rows[0][1] if rows else 0), [row[0] for row in rows]
