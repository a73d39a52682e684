"""Pages of the seeds' shape for `make bench`: imports notes, names the concept page to
measure, gives the benchmark's people passwords, and makes the edits measured after.

    python bench/seeded.py prepare NOTES_DIR...   # prints {"path", "people": {…}} as JSON
    python bench/seeded.py edit SLUG N            # an editor marks one claim of entry N

Run by bench/run.py with the benchmark database's environment.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.models import Group  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils.text import slugify  # noqa: E402

from entries.models import Claim, Entry, Evidence  # noqa: E402
from entries.review.services import claim_mark  # noqa: E402
from importer.notes import ConceptPage, decode_note  # noqa: E402
from importer.parse import parse_note  # noqa: E402
from pages.concept_page import CONCEPT_PAGE_ENTRIES  # noqa: E402

PEOPLE = {"bench-contributor": "Contributor", "bench-editor": "Editor"}


def note_files(folders: list[str]) -> list[Path]:
    return sorted(
        p for folder in folders for p in Path(folder).iterdir() if p.suffix in (".txt", ".md")
    )


def prepare(folders: list[str]) -> dict:
    files = note_files(folders)
    call_command("import_notes", "--status", "published", *map(str, files), stdout=io.StringIO())
    pages = [parse_note(text=decode_note(p.read_bytes()), name=p.name) for p in files]
    concept_pages = [p for p in pages if isinstance(p, ConceptPage)]
    biggest = max(concept_pages, key=lambda p: (len(p.entries), len(p.body)))
    people = {}
    for username, group in PEOPLE.items():
        user, _ = get_user_model().objects.get_or_create(username=username)
        password = secrets.token_urlsafe(16)
        user.set_password(password)
        user.save()
        user.groups.set([Group.objects.get(name=group)])
        people[username] = password
    return {"path": f"/wiki/{slugify(biggest.title)}/", "notes": len(files), "people": people}


def edit(slug: str, n: int) -> dict:
    """The n-th shown entry's first claim gets another evidence level from an editor."""
    entries = Entry.objects.published().filter(topics__slug=slug).order_by("-date", "-id")
    entry = entries[n % min(CONCEPT_PAGE_ENTRIES, entries.count())]
    claim = Claim.objects.filter(entry=entry).order_by("position", "id").first()
    # Levels that need no reason: "full text" on a paper read in abstract only does.
    evidence = (
        Evidence.SECONDARY if claim.evidence != Evidence.SECONDARY else Evidence.ABSTRACT_ONLY
    )
    editor = get_user_model().objects.get(username="bench-editor")
    claim_mark(claim=claim, by=editor, evidence=evidence, caveats=list(claim.caveats.all()))
    return {"entry": entry.pk, "claim": claim.pk, "evidence": evidence}


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    result = prepare(args) if command == "prepare" else edit(args[0], int(args[1]))
    print(json.dumps(result))
