"""Publication dates as precise as their source: a year, a year and month, or a day.

A reference that gives only "2017" is stored as 2017-01-01 with the precision "year" beside
it, so the date filters and sorts keep working on one date column, while pages and exports
show and write only the parts that are known.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

YEAR, MONTH, DAY = "year", "month", "day"
_ISO = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")
PARTIAL_DATE_RULE = "Write the date as YYYY, YYYY-MM or YYYY-MM-DD (only what is known)."


@dataclass(frozen=True)
class PartialDate:
    date: dt.date  # the first day of what is known
    precision: str  # YEAR, MONTH or DAY

    @property
    def parts(self) -> list[int]:
        """``[2017]``, ``[2017, 6]`` or ``[2017, 6, 12]``, as CSL-JSON's date-parts."""
        full = [self.date.year, self.date.month, self.date.day]
        return full[: {YEAR: 1, MONTH: 2}.get(self.precision, 3)]

    @property
    def iso(self) -> str:
        """``2017``, ``2017-06`` or ``2017-06-12`` (also a valid HTML ``datetime``)."""
        return "-".join(f"{part:02d}" for part in self.parts)

    @property
    def slashed(self) -> str:
        """``2017``, ``2017/06`` or ``2017/06/12``, as Google Scholar's meta tags write it."""
        return self.iso.replace("-", "/")

    def _words(self, month: str) -> str:
        known = [self.date.year]
        if self.precision != YEAR:
            known.insert(0, f"{self.date:{month}}")
        if self.precision == DAY:
            known.insert(0, self.date.day)
        return " ".join(str(part) for part in known)

    @property
    def label(self) -> str:
        """``2017``, ``June 2017`` or ``12 June 2017``."""
        return self._words("%B")

    @property
    def short_label(self) -> str:
        """``2017``, ``Jun 2017`` or ``12 Jun 2017``."""
        return self._words("%b")


def partial_date(date: dt.date | None, precision: str) -> PartialDate | None:
    return PartialDate(date, precision or DAY) if date else None


def partial_date_from_parts(parts: list[object]) -> PartialDate:
    """[year], [year, month] or [year, month, day], numbers or digit strings; empty parts
    end it ("2017//" in RIS is a year). Raises ValueError for anything else."""
    numbers: list[int] = []
    for part in parts[:3]:
        text = str(part).strip()
        if not text:
            break
        numbers.append(int(text))
    if not numbers:
        raise ValueError("no date")
    precision = (YEAR, MONTH, DAY)[len(numbers) - 1]
    return PartialDate(dt.date(*[*numbers, 1, 1][:3]), precision)


def partial_date_parse(text: str) -> PartialDate:
    """``2017``, ``2017-06`` or ``2017-06-12``; raises ValueError for anything else."""
    match = _ISO.fullmatch(text.strip())
    if match is None:
        raise ValueError(PARTIAL_DATE_RULE)
    return partial_date_from_parts([g for g in match.groups() if g])
