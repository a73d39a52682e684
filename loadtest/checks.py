"""After the run, every acknowledged write is looked up in the database: lost if it is not
there as acknowledged, duplicated if one acknowledged save made two rows."""

from __future__ import annotations

import psycopg
from traffic import Results


def lost_writes(database_url: str, results: Results) -> list[str]:
    """Each entry must hold the last acknowledged headline and status, each marked claim a
    mark, each discarded result its status."""
    with psycopg.connect(database_url) as conn:
        rows = {
            pk: (headline, status)
            for pk, headline, status in conn.execute(
                "SELECT id, headline, status FROM entries_entry WHERE id = ANY(%s)",
                [list(results.entries)],
            )
        }
        marked = {
            r[0]
            for r in conn.execute(
                "SELECT id FROM entries_claim WHERE id = ANY(%s) AND evidence <> 'unmarked'",
                [list(results.marked_claims)],
            )
        }
        discarded = {
            r[0]
            for r in conn.execute(
                "SELECT id FROM results_result WHERE id = ANY(%s) AND status = 'discarded'",
                [list(results.discarded_results)],
            )
        }
    lost = []
    for pk, written in sorted(results.entries.items()):
        expected = (written.headline, written.status)
        if rows.get(pk) != expected:
            lost.append(f"entry {pk}: expected {expected}, found {rows.get(pk)}")
    for claim in sorted(results.marked_claims - marked):
        lost.append(f"claim {claim}: marked, but not in the database as marked")
    for result in sorted(results.discarded_results - discarded):
        lost.append(f"result {result}: discarded, but not in the database as discarded")
    return lost


def duplicated_writes(database_url: str) -> tuple[list[str], int]:
    """Entries whose key (``load_c3 #7``, kept in the headline through edits) is on more than
    one row, and how many rows the load test's people made in all."""
    with psycopg.connect(database_url) as conn:
        counts = conn.execute(
            "SELECT split_part(headline, ':', 1) AS key, count(*) FROM entries_entry"
            " WHERE headline LIKE 'load\\_%' AND revision_of_id IS NULL"
            " GROUP BY key ORDER BY key"
        ).fetchall()
    duplicated = [f"{key}: {count} rows" for key, count in counts if count > 1]
    return duplicated, sum(count for _, count in counts)
