"""The one way the project writes CSV: cells a spreadsheet would evaluate are made text.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (also after
leading whitespace) is read by Excel, LibreOffice and Google Sheets as a formula, so claim
text such as ``=HYPERLINK(…)`` in an export would run when the file is opened (OWASP "CSV
injection"). Such a cell gets a leading apostrophe, which spreadsheets show as text. A cell
that is a plain number, "-3.5" included, is left alone so figures stay figures.
"""

from __future__ import annotations

import csv
import re
from typing import Any, Protocol

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


class _Writer(Protocol):
    def writerow(self, row: Any) -> Any: ...

    def writerows(self, rows: Any) -> Any: ...


def csv_cell(value: Any) -> Any:
    """The value as a spreadsheet should read it: numbers kept, formulas made text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return value
    if PLAIN_NUMBER.fullmatch(value):
        return value
    if value.startswith(FORMULA_START) or value.lstrip(" \n\t\r").startswith(FORMULA_START):
        return "'" + value
    return value


class _SafeWriter:
    def __init__(self, writer: _Writer) -> None:
        self._writer = writer

    def writerow(self, row: Any) -> Any:
        return self._writer.writerow([csv_cell(value) for value in row])

    def writerows(self, rows: Any) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(file: Any, **options: Any) -> _SafeWriter:
    """``csv.writer(file, **options)`` whose every cell goes through :func:`csv_cell`."""
    options.setdefault("lineterminator", "\n")
    return _SafeWriter(csv.writer(file, **options))
