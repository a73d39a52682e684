"""Backups that round-trip: ``export_wiki DIR`` writes everything people wrote; ``import_wiki
DIR`` puts it back into an empty database with the same primary keys, so every link, id and
address keeps working.

A backup folder holds:

- ``manifest.json``: the format and its version, when it was made, how many rows of each
  table, and the migrations the database had;
- ``data/<app>.<model>.json``: the authoritative rows, one file per table, in Django's
  serialisation (many-to-many relations as lists of ids; permissions by name);
- ``concepts/<slug>.md`` and ``entries/<date>-<id>.md``: the current text of every concept
  and every entry with its claims, readable without the wiki (not read back);
- ``papers.bib``: the library as BibTeX (not read back either).

Users are saved without their password hashes: after a restore their passwords are
unusable and each person sets a new one ("forgot password", or ``manage.py
changepassword``). Left out on purpose: API tokens (secrets; people make new ones),
sessions, login-throttling records, the admin's log, and what ``migrate`` creates
(content types, permissions). Search vectors are derived and rebuilt on import.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import django
from django.apps import apps
from django.contrib.auth.models import Permission
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.text import slugify

from core.database import planner_statistics_refresh
from entries.models import Entry
from entries.writing.fulltext import entry_vector_refresh
from papers.bibtex import papers_to_bibtex
from papers.models import Paper
from wiki.fulltext import concept_vector_refresh
from wiki.models import Concept

FORMAT = "research-wiki-backup"
FORMAT_VERSION = 1

# Every table a backup holds, parents first.
BACKED_UP = [
    "auth.group",
    "auth.user",
    "papers.paper",
    "papers.paperchange",
    "wiki.concept",
    "wiki.revision",
    "wiki.conceptalias",
    "wiki.keypaper",
    "wiki.conceptlink",
    "wiki.wantedlink",
    "entries.caveat",
    "entries.entry",
    "entries.claim",
    "entries.entryevent",
    "results.benchmark",
    "results.benchmarkalias",
    "results.result",
    "watching.watch",
]
# Tables a backup leaves out, and why. Any other table makes the round-trip test fail
# until it is added to one list or the other.
NOT_BACKED_UP = {
    "api.apitoken": "secrets: people make new tokens after a restore",
    "axes.accessattempt": "login throttling state",
    "axes.accessattemptexpiration": "login throttling state",
    "axes.accessfailurelog": "login throttling log",
    "axes.accesslog": "login log",
    "admin.logentry": "the admin's own log, keyed by one database's content-type ids",
    "sessions.session": "sessions: everybody logs in again",
    "contenttypes.contenttype": "made by migrate",
    "auth.permission": "made by migrate",
    "core.cacheversion": "the page cache's versions: made by migrate, replaced by every write",
    "jobs.job": "background work in progress or done: its results (papers, emails) are kept",
    "jobs.workerbeat": "workers' heartbeats",
    "django_tasks_database.dbtaskresult": "the task queue: a restore starts with none queued",
    "watching.watchingprofile": "feed secrets and digest bookmarks: made again on first use",
    "papers.monthcount": "papers per month: counted by the database as the papers are restored",
    "papers.monthtouch": "the months' write stamps: moved by the database as papers are restored",
    "papers.daytouch": "the days' write stamps: moved by the database as papers are restored",
}
# Columns rebuilt from the others after a restore (PostgreSQL full-text vectors).
DERIVED_FIELDS = {"search_vector"}
USER_FIELDS = [
    "username",
    "first_name",
    "last_name",
    "email",
    "is_staff",
    "is_active",
    "is_superuser",
    "date_joined",
    "last_login",
    "groups",
    "user_permissions",
]
# Tables with rows before any user wrote anything (seeded by migrations): an import
# replaces them with the backup's rows.
SEEDED = ["entries.caveat", "auth.group"]
CONTENT = ["auth.user", "wiki.concept", "papers.paper", "entries.entry"]


class BackupError(Exception):
    """A backup that cannot be written or restored; ``str()`` says why, for the operator."""


@dataclass
class Summary:
    counts: dict[str, int]
    path: Path


def _model(label: str) -> type[models.Model]:
    return apps.get_model(label)


def _fields(model: type[models.Model]) -> list[str]:
    if model._meta.label_lower == "auth.user":
        return USER_FIELDS
    names = [f.name for f in model._meta.concrete_fields if not f.primary_key]
    names += [f.name for f in model._meta.many_to_many]
    return [name for name in names if name not in DERIVED_FIELDS]


def _permission_names(ids: Iterable[int]) -> list[str]:
    found = Permission.objects.filter(pk__in=list(ids)).select_related("content_type")
    return sorted(f"{p.content_type.app_label}.{p.codename}" for p in found)


def _permission_ids(names: Iterable[str]) -> list[int]:
    ids = []
    for name in names:
        app_label, _, codename = name.partition(".")
        permission = Permission.objects.filter(
            content_type__app_label=app_label, codename=codename
        ).first()
        if permission is None:
            raise BackupError(f"The permission “{name}” does not exist here: run migrate first.")
        ids.append(permission.pk)
    return ids


def _rows(label: str) -> list[dict]:
    model = _model(label)
    rows = serializers.serialize(
        "python", model.objects.order_by("pk").iterator(chunk_size=2000), fields=_fields(model)
    )
    for row in rows:
        for name in ("permissions", "user_permissions"):
            if name in row["fields"]:
                row["fields"][name] = _permission_names(row["fields"][name])
    return rows


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (it rounds to milliseconds)."""

    def default(self, o):
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


def _write_json(path: Path, value) -> None:
    path.write_text(
        json.dumps(value, cls=_Encoder, ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8",
    )


def _migrations() -> dict[str, list[str]]:
    applied: dict[str, list[str]] = {}
    for app, name in MigrationRecorder(connection).applied_migrations():
        applied.setdefault(app, []).append(name)
    return {app: sorted(names) for app, names in sorted(applied.items())}


def _silent(message: str) -> None:
    pass


def export_wiki(directory: Path, *, progress: Callable[[str], None] = _silent) -> Summary:
    """Write the whole wiki into ``directory`` (created; it must be empty if it exists).
    ``progress`` hears a line as each table and each kind of Markdown file is written."""
    directory = Path(directory)
    if directory.exists() and any(directory.iterdir()):
        raise BackupError(f"{directory} is not empty: choose a new folder for the backup.")
    (directory / "data").mkdir(parents=True, exist_ok=True)
    # One transaction, so every table is read at the same moment even while people write
    # (on PostgreSQL a repeatable-read snapshot; SQLite's transactions are snapshots).
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        counts = {}
        for number, label in enumerate(BACKED_UP, start=1):
            rows = _rows(label)
            counts[label] = len(rows)
            _write_json(directory / "data" / f"{label}.json", rows)
            progress(f"[{number}/{len(BACKED_UP)}] {label}: {len(rows)} rows")
        _write_markdown(directory, progress)
        manifest = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "created": timezone.now(),
            "django": django.get_version(),
            "database": connection.vendor,
            "counts": counts,
            "migrations": _migrations(),
            "not_backed_up": NOT_BACKED_UP,
        }
    _write_json(directory / "manifest.json", manifest)
    return Summary(counts=counts, path=directory)


# Markdown ------------------------------------------------------------------------------


def _write_markdown(directory: Path, progress: Callable[[str], None] = _silent) -> None:
    progress("Markdown copies of the concepts, entries and papers…")
    (directory / "concepts").mkdir()
    concepts = Concept.objects.select_related("current_revision__author").prefetch_related(
        "aliases", "related", "key_papers__paper"
    )
    for concept in concepts.iterator(chunk_size=200):
        (directory / "concepts" / f"{concept.slug}.md").write_text(
            concept_markdown(concept), encoding="utf-8"
        )
    (directory / "entries").mkdir()
    entries = Entry.objects.select_related("author").prefetch_related(
        "topics", "claims__paper", "claims__caveats"
    )
    for entry in entries.iterator(chunk_size=200):
        name = f"{entry.date:%Y-%m-%d}-{entry.pk}-{slugify(entry.headline)[:60]}.md"
        (directory / "entries" / name).write_text(entry_markdown(entry), encoding="utf-8")
    with (directory / "papers.bib").open("w", encoding="utf-8") as out:
        papers = Paper.objects.order_by("pk").prefetch_related("topics")
        for chunk in papers_to_bibtex(papers.iterator(chunk_size=2000)):
            out.write(chunk)


def concept_markdown(concept) -> str:
    revision = concept.current_revision
    lines = [f"# {concept.title}", ""]
    if revision is None:
        lines += ["*Not published yet: no approved revision.*", ""]
        return "\n".join(lines)
    if revision.summary:
        lines += [revision.summary, ""]
    aliases = ", ".join(a.name for a in concept.aliases.all())
    if aliases:
        lines += [f"Also called: {aliases}", ""]
    lines += [revision.body.rstrip(), ""]
    key_papers = list(concept.key_papers.all())
    if key_papers:
        lines += ["## Key papers (wiki)", ""]
        for key in key_papers:
            ident = f" (arXiv:{key.paper.arxiv_id})" if key.paper.arxiv_id else ""
            note = f": {key.note}" if key.note else ""
            lines.append(f"- {key.paper.title}{ident}{note}")
        lines.append("")
    related = ", ".join(f"[[{c.title}]]" for c in concept.related.all())
    if related:
        lines += [f"Related: {related}", ""]
    author = revision.author.get_username() if revision.author else "the import"
    lines += [f"<!-- revision {revision.number} by {author}, {revision.created:%Y-%m-%d} -->", ""]
    return "\n".join(lines)


def entry_markdown(entry) -> str:
    author = entry.author.get_username() if entry.author else "the import"
    topics = ", ".join(t.title for t in entry.topics.all())
    lines = [
        f"# {entry.headline}",
        "",
        f"Date: {entry.date:%Y-%m-%d} · status: {entry.get_status_display()} · by {author}",
    ]
    if topics:
        lines.append(f"Topics: {topics}")
    if entry.revision_of_id:
        lines.append(f"A proposed revision of entry {entry.revision_of_id}.")
    lines.append("")
    if entry.lead:
        lines += [entry.lead.rstrip(), ""]
    for number, claim in enumerate(entry.claims.all(), start=1):
        marks = [claim.get_evidence_display(), *(c.name for c in claim.caveats.all())]
        lines.append(f"{number}. {claim.text.strip()} *[{'; '.join(marks)}]*")
        if claim.paper:
            ident = f"arXiv:{claim.paper.arxiv_id}" if claim.paper.arxiv_id else claim.paper.title
            lines.append(f"   Source: {ident}")
        if claim.quote:
            lines.append(f"   > {claim.quote.strip()}")
    lines.append("")
    return "\n".join(lines)


# Restore -------------------------------------------------------------------------------


def read_manifest(directory: Path) -> dict:
    path = Path(directory) / "manifest.json"
    if not path.exists():
        raise BackupError(f"{directory} holds no backup (manifest.json is missing).")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise BackupError(f"{path} is not valid JSON: {exc}") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"{path} is not a Research Wiki backup.")
    version = manifest.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise BackupError(
            f"This backup has format version {version}; this version of the wiki reads "
            f"versions up to {FORMAT_VERSION}. Restore it with a newer release."
        )
    return manifest


def database_is_empty() -> bool:
    return not any(_model(label).objects.exists() for label in CONTENT)


def import_wiki(directory: Path, *, progress: Callable[[str], None] = _silent) -> Summary:
    """Restore a backup into a database that holds no content yet (migrated, perhaps with
    the caveats and groups that migrations seed, but no users, concepts, papers, entries).
    """
    directory = Path(directory)
    manifest = read_manifest(directory)
    if not database_is_empty():
        raise BackupError(
            "The database is not empty: a backup is restored only into a new, migrated "
            "database (it keeps every id, which would collide with existing rows)."
        )
    counts = {}
    with transaction.atomic():
        for label in reversed(SEEDED):
            _model(label).objects.all().delete()
        for label in BACKED_UP:
            path = directory / "data" / f"{label}.json"
            if not path.exists():
                raise BackupError(f"{path} is missing: the backup is incomplete.")
            rows = json.loads(path.read_text(encoding="utf-8"))
            counts[label] = _load(label, rows)
            progress(f"[{len(counts)}/{len(BACKED_UP)}] {label}: {counts[label]} rows")
            if counts[label] != manifest["counts"].get(label):
                raise BackupError(
                    f"{path} holds {counts[label]} rows, the manifest says "
                    f"{manifest['counts'].get(label)}: the backup is damaged."
                )
        connection.check_constraints(
            table_names=[_model(label)._meta.db_table for label in BACKED_UP]
        )
        _reset_sequences()
        progress("Rebuilding the search vectors…")
        _rebuild_derived()
    planner_statistics_refresh()
    return Summary(counts=counts, path=directory)


def _load(label: str, rows: list[dict]) -> int:
    is_user = label == "auth.user"
    for row in rows:
        fields = row["fields"]
        for name in ("permissions", "user_permissions"):
            if name in fields:
                fields[name] = _permission_ids(fields[name])
    loaded = 0
    for item in serializers.deserialize("python", rows, ignorenonexistent=True):
        if is_user:
            item.object.set_unusable_password()
        item.save()
        loaded += 1
    return loaded


def _reset_sequences() -> None:
    """PostgreSQL hands out ids from sequences: move them past the restored ids."""
    statements = connection.ops.sequence_reset_sql(
        no_style(), [_model(label) for label in BACKED_UP]
    )
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)


def _rebuild_derived() -> None:
    concept_vector_refresh()
    entry_vector_refresh()
