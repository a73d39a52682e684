"""Progress lines for long management commands: shown by default, silenced by --quiet."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.management.base import BaseCommand


def add_quiet_argument(parser) -> None:
    parser.add_argument(
        "--quiet", action="store_true", help="Print only the summary, not the progress."
    )


def command_progress(
    command: BaseCommand, options: dict, *, every_seconds: float = 0.0
) -> Callable[[str], None]:
    """A function that prints one progress line, indented, to the command's stdout.

    With ``every_seconds``, repeated lines of one kind (the text before its first colon)
    are printed at most that often, so thousands of batches make a readable log; a new
    kind of step is always shown. ``-v 2`` shows every line.
    """
    if options.get("quiet") or options.get("verbosity", 1) == 0:
        return lambda message: None
    every = 0.0 if options.get("verbosity", 1) > 1 else every_seconds
    last = {"at": float("-inf"), "kind": None}

    def say(message: str) -> None:
        kind = message.split(":", 1)[0]
        now = time.perf_counter()
        if kind != last["kind"] or now - last["at"] >= every:
            command.stdout.write(f"  {message}")
            last.update(at=now, kind=kind)

    return say
