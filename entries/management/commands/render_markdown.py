"""``manage.py render_markdown``: every stored rendering of Markdown made again with the
renderer as it is now: concept revisions, entry leads and claims. Pages store their HTML at
write time, so a release that changes what the renderer writes (its CHANGELOG says so)
reaches older texts only through this command. Safe to run again: it writes only what
changed."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from entries.writing.services import entries_render_again
from wiki.services import revisions_render_again


class Command(BaseCommand):
    help = (
        "Render every concept revision, entry lead and claim again with the current Markdown "
        "renderer (after an upgrade that changed it), writing only what changed."
    )

    def handle(self, *args, **options) -> None:
        revisions = revisions_render_again()
        entries = entries_render_again()
        self.stdout.write(
            f"Rendered again: {revisions} concept revision(s) and {entries} entry lead(s) "
            "or claim(s) changed. Empty the page cache so readers see them."
        )
