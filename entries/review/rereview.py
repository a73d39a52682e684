"""Re-review dates: an editor schedules a published State of the Art entry to be read again.

On and after its ``review_by`` date the entry is *due*: the concept and topic pages say so
beside the staleness notice, and the review queue lists it under "Due for re-review".
The date is scheduling, not content: setting, moving or clearing it changes no text,
topics, claims or marks, so it needs no revision and leaves the entry's ``version`` alone
(an approval in progress is not made stale by it). It is written only here, with
``update_fields=["review_by"]``, and every change is an ``EntryEvent`` with the dates
before and after in ``detail``.

"Due" depends on the day, and pages are cached by content version: the whole-page caches
are keyed by the day as well (``core.cache.today``), and the concept page's shared part
puts the notice in per day (``pages.concept_page``; the notice: ``wiki.staleness``).
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Window
from django.urls import reverse

from accounts.roles import is_editor
from entries.models import Entry, EntryEvent, EntryStatus
from entries.writing.services import EditNotAllowed, EntryError

SET = "set the re-review date"
CLEARED = "cleared the re-review date"
REREVIEWED = "re-reviewed"
ACTIONS = (SET, CLEARED, REREVIEWED)
# What "Mark re-reviewed" proposes as the next date: what an editor reviewing a field's
# state of the art most often wants, changeable in the same form.
NEXT_REVIEW_MONTHS = 6


class ReviewDateRefused(EntryError):
    status_code = 400


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` ``months`` later, on the same day of the month or the month's last."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    return day.replace(
        year=year, month=month, day=min(day.day, calendar.monthrange(year, month)[1])
    )


def next_review_default(today: dt.date) -> dt.date:
    return add_months(today, NEXT_REVIEW_MONTHS)


def may_schedule(entry: Entry) -> bool:
    """A published entry (not a proposed revision) that a concept page shows as State of the
    Art: one with at least one topic."""
    return (
        entry.status == EntryStatus.PUBLISHED
        and entry.revision_of_id is None
        and entry.topics.exists()
    )


def entry_review_by_set(
    *,
    entry: Entry,
    by: AbstractBaseUser,
    review_by: dt.date | None,
    today: dt.date,
    reviewed: bool = False,
    comment: str = "",
) -> Entry:
    """Set (or, with ``None``, clear) ``entry``'s re-review date on behalf of editor ``by``.
    ``reviewed``: the editor has just read it again (from the queue), and ``review_by`` is
    the next date, or ``None`` for none. A date before ``today`` is refused."""
    if not is_editor(by):
        raise EditNotAllowed("Only editors set re-review dates.")
    if review_by is not None and review_by < today:
        raise ReviewDateRefused(
            f"{review_by.isoformat()} has passed: choose today ({today.isoformat()}) or a "
            "later date."
        )
    with transaction.atomic():
        locked = Entry.objects.select_for_update().get(pk=entry.pk)
        if not may_schedule(locked):
            raise ReviewDateRefused(
                "Only a published entry shown on a concept page (one with a topic) can have "
                "a re-review date."
            )
        before = locked.review_by
        if reviewed:
            action = REREVIEWED
        elif review_by is None:
            if before is None:
                raise ReviewDateRefused("This entry has no re-review date to clear.")
            action = CLEARED
        else:
            action = SET
        locked.review_by = review_by
        # The date alone: no text, no version, no "updated" (the entry's text is as it was).
        locked.save(update_fields=["review_by"])
        EntryEvent.objects.create(
            entry=locked,
            actor=by,
            action=action,
            comment=comment.strip(),
            detail={
                "review_by": {
                    "from": before.isoformat() if before else None,
                    "to": review_by.isoformat() if review_by else None,
                }
            },
        )
    return locked


@dataclass(frozen=True)
class DueRow:
    """One entry of "Due for re-review", as plain data (kept in the cache per day)."""

    pk: int
    headline: str
    date: dt.date
    review_by: dt.date
    topics: tuple[tuple[str, str], ...]  # (title, slug)

    def get_absolute_url(self) -> str:
        return reverse("entries:detail", kwargs={"pk": self.pk})


def due_for_rereview(today: dt.date, *, limit: int, offset: int = 0) -> tuple[int, list[DueRow]]:
    """How many entries are due on ``today``, and ``limit`` of them from ``offset``, the
    longest due first: one query for the rows and their count, one for their topics (none
    when nothing is due), however many are due."""
    due = Entry.objects.due_for_rereview(today).order_by("review_by", "id")
    rows = list(
        due.annotate(total=Window(Count("id"))).values_list(
            "pk", "headline", "date", "review_by", "total"
        )[offset : offset + limit]
    )
    # No rows: nothing is due, or the page is past the last one.
    total = rows[0][-1] if rows else (due.count() if offset else 0)
    topics: dict[int, list[tuple[str, str]]] = {row[0]: [] for row in rows}
    if topics:
        through = Entry.topics.through.objects.filter(entry_id__in=list(topics))
        for entry_id, title, slug in through.values_list(
            "entry_id", "concept__title", "concept__slug"
        ):
            topics[entry_id].append((title, slug))
    return total, [
        DueRow(pk, headline, date, review_by, tuple(sorted(topics[pk], key=lambda t: t[0].lower())))
        for pk, headline, date, review_by, _ in rows
    ]
