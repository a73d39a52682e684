from __future__ import annotations

import csv
import io

import pytest

from core.spreadsheet import csv_cell, csv_writer


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("  =1", "'  =1"),
        ("\n -cmd", "'\n -cmd"),
        ('=HYPERLINK("http://evil.example")', '\'=HYPERLINK("http://evil.example")'),
        ("-3.5", "-3.5"),
        ("-3", "-3"),
        ("+4", "+4"),
        ("1e-3", "1e-3"),
        ("A plain claim", "A plain claim"),
        ("", ""),
        (None, ""),
        (-3.5, -3.5),
        (7, 7),
    ],
)
def test_csv_cell_neutralises_what_a_spreadsheet_would_evaluate(value, written):
    assert csv_cell(value) == written


def test_csv_writer_writes_neutralised_rows():
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(["=cmd|' /C calc'!A0", -1.5, "-1.5", "text"])
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [
        ["'=cmd|' /C calc'!A0", "-1.5", "-1.5", "text"]
    ]
