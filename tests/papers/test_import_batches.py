"""Imports write in batches: a few queries per batch, the same report as one by one."""

from __future__ import annotations

from papers.models import Paper
from papers.services import IMPORT_BATCH_SIZE, papers_import
from tests.factories import PaperFactory


def _entry(key: str, n: int, extra: str = "") -> str:
    return (
        f"@article{{{key}, title = {{Study {n}}}, author = {{Ann Lee}}, year = {{2024}}{extra}}}\n"
    )


def test_a_large_import_costs_a_few_queries_per_batch(db, django_assert_max_num_queries):
    count = IMPORT_BATCH_SIZE * 2 + 200
    text = "".join(_entry(f"k{n}", n) for n in range(count))
    heard = []

    # Per batch: three matching reads, one or two key reads, the insert (SQLite splits it
    # into chunks of ~40 rows: its limit on parameters), topics; 1,200 entries one by one
    # took over 3,600.
    with django_assert_max_num_queries(70):
        report = papers_import(
            text=text, format="bibtex", progress=lambda **p: heard.append(tuple(p.values()))
        )

    assert report.created == count
    assert Paper.objects.count() == count
    assert heard == [(0, count, 0), (500, count, 0), (1000, count, 0), (count, count, 0)]


def test_duplicates_across_and_within_batches_are_found_as_one_by_one(db):
    PaperFactory(arxiv_id="2401.00001", title="Known", key="known2024")
    entries = [_entry("first", 1, ", eprint = {2402.00002}, archiveprefix = {arXiv}")]
    entries += [_entry(f"fill{n}", 100 + n) for n in range(IMPORT_BATCH_SIZE)]
    entries += [
        _entry("again", 2, ", eprint = {2402.00002}, archiveprefix = {arXiv}"),  # next batch
        _entry("known", 3, ", eprint = {2401.00001}, archiveprefix = {arXiv}"),
        _entry("twin", 4, ", doi = {10.1/X}"),
        _entry("twin2", 5, ", doi = {10.1/x}"),  # the same DOI in other case, same batch
        _entry("nokey one", 6),  # a key BibTeX cannot use: one is made
        _entry("lee2024study", 7),  # wanted by the file, and the made key of the one above
    ]

    report = papers_import(text="".join(entries), format="bibtex")

    rows = {row.key: (row.outcome, row.detail) for row in report.rows}
    assert rows["again"] == ("skipped", "Same paper as entry first.")
    assert rows["known"][0] == "updated"
    assert rows["twin2"] == ("skipped", "Same paper as entry twin.")
    keys = set(Paper.objects.values_list("citation_key", flat=True))
    assert "lee2024study" in keys
    assert len(keys) == Paper.objects.count()  # every key distinct
    assert Paper.objects.filter(arxiv_id="2402.00002").count() == 1
