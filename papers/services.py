"""Writes to the papers library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from accounts.roles import is_editor
from entries.models import Claim, Entry
from papers.citations import FORMATS, detect_format
from papers.csl import CslError
from papers.identifiers import parse_arxiv_id
from papers.keys import key_base, key_candidates, key_free, key_valid
from papers.models import ORGANISATIONS_CACHE_KEY, Paper, PaperChange, ReadLevel
from papers.people import (
    Person,
    people_display,
    people_from_json,
    people_from_text,
    people_lines,
    people_parse_lines,
    people_to_json,
)
from papers.records import PaperRecord
from wiki.models import Concept


class DuplicatePaper(Exception):
    def __init__(self, paper: Paper) -> None:
        super().__init__(f"{paper.arxiv_id} is already in the library.")
        self.paper = paper


def paper_author_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with its authors in both stored forms: ``authors`` given as a list of
    people (or, as older callers send it, one comma-joined string) becomes the list
    (``author_list``) and the names as shown (``authors``)."""
    if "authors" not in fields:
        return dict(fields)
    value = fields["authors"]
    people: list[Person] = people_from_text(value) if isinstance(value, str) else list(value)
    return {**fields, "authors": people_display(people), "author_list": people_to_json(people)}


@transaction.atomic
def paper_get_or_create_by_arxiv(
    *, arxiv_id: str, defaults: dict[str, Any] | None = None
) -> tuple[Paper, bool]:
    """The library's paper for an arXiv id in any accepted spelling, created when missing.

    A new paper without a known title is a stub titled with its id.
    """
    parsed = parse_arxiv_id(arxiv_id)
    values = {"title": f"arXiv:{parsed.id}", **paper_author_fields(defaults or {})}
    if parsed.version and "arxiv_version" not in values:
        values["arxiv_version"] = parsed.version
    paper, created = Paper.objects.get_or_create(arxiv_id=parsed.id, defaults=values)
    if created:
        paper_key_assign(paper=paper)
    return paper, created


def paper_get_or_create_by_title(
    *, title: str, defaults: dict[str, Any] | None = None
) -> tuple[Paper, bool]:
    """The library's paper without an arXiv id titled ``title`` (in any case), created with
    ``defaults`` when missing: without an identifier, the same title is the same paper."""
    paper = Paper.objects.filter(
        Q(arxiv_id__isnull=True) | Q(arxiv_id=""), title__iexact=title
    ).first()
    if paper is not None:
        return paper, False
    paper = Paper.objects.create(title=title, **paper_author_fields(defaults or {}))
    paper_key_assign(paper=paper)
    return paper, True


def _is_stub_title(paper: Paper) -> bool:
    return paper.title.strip() in {f"arXiv:{paper.arxiv_id}", paper.arxiv_id or ""}


def paper_fill_missing(*, paper: Paper, values: dict[str, Any]) -> bool:
    """Fill the fields the library lacks from ``values`` (a stub's title, an empty field),
    never overwriting what somebody entered. Returns whether anything was filled."""
    changed = [
        name
        for name, value in values.items()
        if getattr(paper, name) != value
        and (_is_stub_title(paper) if name == "title" else not getattr(paper, name))
    ]
    for name in changed:
        setattr(paper, name, values[name])
    if changed:
        paper.save(update_fields=[*changed, "updated"])
    return bool(changed)


def paper_topic_add(*, paper: Paper, concept: Concept) -> bool:
    """Tag ``paper`` with ``concept``; returns whether it was not tagged yet."""
    if paper.topics.filter(pk=concept.pk).exists():
        return False
    paper.topics.add(concept)
    return True


def paper_key_base(paper: Paper) -> str:
    people = paper.people
    year = paper.published.year if paper.published else None
    first = (people[0].family or people[0].literal or people[0].given) if people else ""
    return key_base(first_author=first, year=year, title=paper.title)


def paper_key_assign(*, paper: Paper, wanted: str = "") -> str:
    """Give a paper without a citation key its key, once: ``wanted`` (the key of the file
    it was imported from) when valid and free, else one made from its author, year and
    title. A paper that has a key keeps it. Returns the key.

    The unique index decides between two papers taking the same key at once: the loser
    takes the next free one.
    """
    if paper.citation_key:
        return paper.citation_key
    base = paper_key_base(paper)
    # Exact lower-cased keys, so the unique index on LOWER(citation_key) answers.
    candidates = [*key_candidates(base), *([wanted.lower()] if key_valid(wanted) else [])]
    taken = set(
        Paper.objects.annotate(key=Lower("citation_key"))
        .filter(key__in=candidates)
        .values_list("key", flat=True)
    )
    key = wanted if key_valid(wanted) and wanted.lower() not in taken else key_free(base, taken)
    while True:
        try:
            with transaction.atomic():
                Paper.objects.filter(pk=paper.pk, citation_key__isnull=True).update(
                    citation_key=key
                )
            break
        except IntegrityError:
            taken.add(key.lower())
            key = key_free(base, taken)
    paper.citation_key = Paper.objects.values_list("citation_key", flat=True).get(pk=paper.pk)
    return paper.citation_key


def paper_create(
    *, fields: dict[str, Any], topics: Iterable[Concept] = (), by: AbstractBaseUser | None = None
) -> Paper:
    """A new paper with its topics; DuplicatePaper when its arXiv id is taken.

    The unique constraint decides, so two people adding the same paper at once get one
    paper and one clear message rather than a 500.
    """
    values = {
        **paper_author_fields(fields),
        "arxiv_id": fields.get("arxiv_id") or None,
        "added_by": by,
    }
    try:
        with transaction.atomic():
            paper = Paper.objects.create(**values)
            paper.topics.set(list(topics))
            paper_key_assign(paper=paper)
        cache.delete(ORGANISATIONS_CACHE_KEY)
    except IntegrityError:
        existing = Paper.objects.filter(arxiv_id=values["arxiv_id"]).first()
        if existing is None:
            raise
        raise DuplicatePaper(existing) from None
    return paper


class PaperChangeRefused(Exception):
    """A change to a paper the person may not make; the message says who may."""

    status_code = 403


# Fields of a paper whose every change is kept (topics are filing, not the record).
TRACKED = (
    "citation_key", "arxiv_id", "arxiv_version", "doi", "url", "title", "authors", "organisation",
    "published", "abstract", "categories", "code_url", "read_level",
    "published_precision", "entry_type", "journal", "booktitle", "volume", "issue", "pages",
    "publisher",
)  # fmt: skip


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def paper_cited_by_published(paper: Paper) -> bool:
    """Does published text cite the paper (a claim's source, or an entry's paper list)?"""
    published = Entry.objects.published()
    return (
        Claim.objects.filter(paper=paper, entry__in=published).exists()
        or published.filter(papers=paper).exists()
    )


def paper_may_change(user: AbstractBaseUser | AnonymousUser | None, paper: Paper) -> bool:
    """Editors change any paper; contributors only papers no published text cites yet."""
    if user is None:  # imports and commands
        return True
    if user.is_authenticated and user.has_perm("entries.review_entry"):
        return True
    return not paper_cited_by_published(paper)


def paper_key_may_change(user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """Only editors rename a key (imports and commands never do: they only give one)."""
    return user is not None and is_editor(user)


@transaction.atomic
def paper_update(
    *,
    paper: Paper,
    fields: dict[str, Any],
    topics: Iterable[Concept],
    by: AbstractBaseUser | AnonymousUser | None = None,
) -> Paper:
    """Change a paper's details, keeping each changed field as a PaperChange (who, when,
    from, to). A paper that published text cites is changed only by editors: its title,
    link or read level would change what readers of that text see (issue #27)."""
    locked = Paper.objects.select_for_update().get(pk=paper.pk)
    fields = paper_author_fields(fields)
    if "arxiv_id" in fields:
        fields["arxiv_id"] = fields["arxiv_id"] or None
    changed = {
        name: (getattr(locked, name), value)
        for name, value in fields.items()
        if name in TRACKED and name != "authors" and _text(getattr(locked, name)) != _text(value)
    }
    if "author_list" in fields:
        # Authors are kept as the edit form writes them, one name per line, so a change of
        # particle or suffix shows (the names as shown may not differ) and reverts.
        before = people_lines(locked.people)
        after = people_lines(people_from_json(fields["author_list"]))
        if before != after:
            changed["authors"] = (before, after)
    if "citation_key" in changed and not paper_key_may_change(by):
        raise PaperChangeRefused(
            "Only an editor may change a citation key: documents that cite the paper by its "
            "key would silently cite nothing, or another paper."
        )
    if changed and not paper_may_change(by, locked):
        raise PaperChangeRefused(
            "Published entries cite this paper, so only an editor may change its details "
            "(title, link, read level, …): ask one to make the change."
        )
    for name, value in fields.items():
        setattr(paper, name, value)
    paper.arxiv_id = paper.arxiv_id or None
    paper.save()
    paper.topics.set(list(topics))
    actor = by if by is not None and by.is_authenticated else None
    PaperChange.objects.bulk_create(
        PaperChange(paper=paper, actor=actor, field=name, before=_text(old), after=_text(new))
        for name, (old, new) in changed.items()
    )
    cache.delete(ORGANISATIONS_CACHE_KEY)
    return paper


@transaction.atomic
def paper_change_revert(*, change: PaperChange, by: AbstractBaseUser | AnonymousUser) -> Paper:
    """Set the field back to what it was before ``change``, as a change of its own."""
    if not (by.is_authenticated and by.has_perm("entries.review_entry")):
        raise PaperChangeRefused("Only an editor may revert a change to a paper.")
    paper = Paper.objects.select_for_update().get(pk=change.paper_id)
    if change.field == "authors":
        return _authors_revert(paper=paper, change=change, by=by)
    field_ = Paper._meta.get_field(change.field)
    value = field_.to_python(change.before) if change.before != "" else None
    if value is None and not field_.null:
        value = ""
    current = getattr(paper, change.field)
    if _text(current) == _text(value):
        return paper
    setattr(paper, change.field, value)
    paper.full_clean(exclude=["search_vector"], validate_unique=False)
    try:
        with transaction.atomic():
            paper.save()
    except IntegrityError:
        raise PaperChangeRefused(
            f"Another paper holds that {change.label} now, so it cannot be set back."
        ) from None
    PaperChange.objects.create(
        paper=paper,
        actor=by,
        field=change.field,
        before=_text(current),
        after=_text(value),
        reverts=change,
    )
    cache.delete(ORGANISATIONS_CACHE_KEY)
    return paper


def _authors_revert(*, paper: Paper, change: PaperChange, by: AbstractBaseUser) -> Paper:
    current = people_lines(paper.people)
    if current == change.before:
        return paper
    values = paper_author_fields({"authors": people_parse_lines(change.before)})
    Paper.objects.filter(pk=paper.pk).update(
        authors=values["authors"], author_list=values["author_list"], updated=timezone.now()
    )
    paper.authors, paper.author_list = values["authors"], values["author_list"]
    PaperChange.objects.create(
        paper=paper, actor=by, field="authors", before=current, after=change.before, reverts=change
    )
    return paper


@transaction.atomic
def paper_set_topics(*, paper: Paper, topics: Iterable[Concept]) -> None:
    paper.topics.set(list(topics))


@dataclass
class ImportRow:
    key: str
    outcome: str  # "created", "updated" or "skipped"
    detail: str
    paper: Paper | None = None


@dataclass
class ImportReport:
    rows: list[ImportRow] = field(default_factory=list)
    format: str = "BibTeX"  # the label of the format the file was read as
    error: str = ""  # why the file as a whole could not be read

    def count(self, outcome: str) -> int:
        return sum(1 for row in self.rows if row.outcome == outcome)

    @property
    def created(self) -> int:
        return self.count("created")

    @property
    def updated(self) -> int:
        return self.count("updated")

    @property
    def skipped(self) -> int:
        return self.count("skipped")

    def as_data(self) -> dict[str, Any]:
        """The report as JSON data (a job's result): each row with its paper's link."""
        return {
            "format": self.format,
            "error": self.error,
            "created": self.created,
            "updated": self.updated,
            "skipped": self.skipped,
            "rows": [
                {
                    "key": row.key,
                    "outcome": row.outcome,
                    "detail": row.detail,
                    "paper_url": row.paper.get_absolute_url() if row.paper else "",
                    "paper_title": row.paper.title if row.paper else "",
                }
                for row in self.rows
            ],
        }


class _Matches:
    """The library's papers that a batch of records could be, read in three queries (by
    arXiv id, then DOI, then title: without an identifier, the same title is the same
    paper) instead of up to three per record; papers created earlier in the batch count."""

    def __init__(self, records: list[PaperRecord]) -> None:
        arxiv_ids = {r.fields["arxiv_id"] for r in records if r.fields.get("arxiv_id")}
        dois = {str(r.fields["doi"]).lower() for r in records if r.fields.get("doi")}
        titles = {
            str(r.fields["title"]).lower()
            for r in records
            if not r.fields.get("arxiv_id") and not r.fields.get("doi")
        }
        self.by_arxiv = {p.arxiv_id: p for p in Paper.objects.filter(arxiv_id__in=arxiv_ids)}
        self.by_doi = self._first_of(
            Paper.objects.annotate(match=Lower("doi")).filter(match__in=dois), dois
        )
        self.by_title = self._first_of(
            Paper.objects.annotate(match=Lower("title")).filter(match__in=titles), titles
        )

    @staticmethod
    def _first_of(papers, wanted: set[str]) -> dict[str, Paper]:
        found: dict[str, Paper] = {}
        if wanted:
            for paper in papers:  # in the model's order, as .first() would pick
                found.setdefault(paper.match, paper)
        return found

    def find(self, record: PaperRecord) -> Paper | None:
        arxiv_id, doi = record.fields.get("arxiv_id"), record.fields.get("doi")
        if arxiv_id:
            paper = self.by_arxiv.get(arxiv_id)
            if paper or not doi:
                return paper
        if doi:
            return self.by_doi.get(str(doi).lower())
        return self.by_title.get(str(record.fields["title"]).lower())

    def add(self, paper: Paper) -> None:
        """A paper created from this batch: later records find it like any other."""
        if paper.arxiv_id:
            self.by_arxiv.setdefault(paper.arxiv_id, paper)
        if paper.doi:
            self.by_doi.setdefault(paper.doi.lower(), paper)
        self.by_title.setdefault(paper.title.lower(), paper)


def _keys_for_new(papers: list[tuple[Paper, str]]) -> None:
    """Citation keys for papers about to be created together, by the rule of
    ``paper_key_assign`` (the file's key when valid and free, else author + year + word
    with the first free letter), in two queries for the batch rather than three a paper.
    The unique index still decides: a key taken meanwhile fails the batch's insert."""
    bases = [paper_key_base(paper) for paper, _ in papers]
    wanted = Counter(w.lower() for _, w in papers if key_valid(w))
    taken = _keys_taken({b.lower() for b in bases} | set(wanted))
    # A paper whose file key cannot be used takes its base, or a lettered one when the base
    # is held already (or wanted twice here): those bases' candidates are read too.
    needed = Counter(
        base.lower()
        for (_, w), base in zip(papers, bases, strict=True)
        if not key_valid(w) or w.lower() in taken or wanted[w.lower()] > 1
    )
    crowded = sorted(b for b, n in needed.items() if n > 1 or b in taken or b in wanted)
    for start in range(0, len(crowded), 20):
        taken |= _keys_taken(
            {c for base in crowded[start : start + 20] for c in key_candidates(base)}
        )
    for (paper, file_key), base in zip(papers, bases, strict=True):
        free = key_valid(file_key) and file_key.lower() not in taken
        key = file_key if free else key_free(base, taken)
        taken.add(key.lower())
        paper.citation_key = key


def _keys_taken(keys: set[str]) -> set[str]:
    if not keys:
        return set()
    return set(
        Paper.objects.annotate(key=Lower("citation_key"))
        .filter(key__in=keys)
        .values_list("key", flat=True)
    )


def _created_detail(record: PaperRecord, key: str) -> str:
    if key_valid(record.key) and key != record.key:
        return f"Added to the library, cited as {key}: another paper holds {record.key}."
    return "Added to the library."


def papers_import_bibtex(
    *, text: str, by: AbstractBaseUser | None = None, progress: ImportProgress | None = None
) -> ImportReport:
    return papers_import(text=text, format="bibtex", by=by, progress=progress)


class ImportProgress(Protocol):
    def __call__(self, *, done: int, total: int, errors: int = 0) -> None: ...


# References written per transaction: each batch is read in a few queries and written in
# bulk, and other writers (SQLite has one at a time) get their turn between batches.
IMPORT_BATCH_SIZE = 500


def papers_import(
    *,
    text: str,
    filename: str = "",
    format: str = "",
    by: AbstractBaseUser | None = None,
    progress: ImportProgress | None = None,
) -> ImportReport:
    """Create papers for the new references of a BibTeX, RIS or CSL-JSON file (``format``,
    else told by ``filename`` and content) and fill in the blanks of known ones.

    A known paper's filled fields are never overwritten: the library's copy was checked
    by a person, the file may be anybody's. Every reference gets a row in the report.

    The references are written in batches of ``IMPORT_BATCH_SIZE``, each in its own
    transaction, and ``progress`` (when given) hears after each batch how many of how many
    are done and how many could not be used. A file stopped half way keeps the batches
    written; importing it again finds them and skips them.
    """
    reader = FORMATS[format] if format else detect_format(text, filename)
    report = ImportReport(format=reader.label)
    try:
        records = reader.read(text)
    except CslError as exc:
        report.error = str(exc)
        return report
    seen: dict[int, str] = {}
    errors = 0
    if progress is not None:
        progress(done=0, total=len(records), errors=0)
    concepts = {c.title.lower(): c for c in Concept.objects.published().only("id", "title")}
    for start in range(0, len(records), IMPORT_BATCH_SIZE):
        batch = records[start : start + IMPORT_BATCH_SIZE]
        errors += sum(1 for record in batch if record.problem)
        _import_batch(batch, report=report, seen=seen, concepts=concepts, by=by)
        if progress is not None:
            progress(done=start + len(batch), total=len(records), errors=errors)
    cache.delete(ORGANISATIONS_CACHE_KEY)
    return report


@transaction.atomic
def _import_batch(
    records: list[PaperRecord],
    *,
    report: ImportReport,
    seen: dict[int, str],
    concepts: dict[str, Concept],
    by: AbstractBaseUser | None,
) -> None:
    matches = _Matches([r for r in records if not r.problem])
    rows: list[ImportRow] = []
    new: list[_Pending] = []
    updates: list[_Pending] = []
    first_of_new: dict[int, str] = {}  # id() of a paper not saved yet → its record's key
    for record in records:
        if record.problem:
            rows.append(ImportRow(record.key, "skipped", f"Entry {record.problem}."))
            continue
        paper = matches.find(record)
        if paper is not None and (paper.pk in seen or id(paper) in first_of_new):
            first = seen[paper.pk] if paper.pk in seen else first_of_new[id(paper)]
            rows.append(ImportRow(record.key, "skipped", f"Same paper as entry {first}.", paper))
            continue
        topics = [concepts[t.lower()] for t in record.topics if t.lower() in concepts]
        row = ImportRow(record.key, "", "", paper)
        if paper is None:
            row.paper = paper = Paper(**record.fields, added_by=by)
            first_of_new[id(paper)] = record.key
            matches.add(paper)
            new.append(_Pending(record, row, topics))
        else:
            seen[paper.pk] = record.key
            updates.append(_Pending(record, row, topics))
        rows.append(row)
    _create_new(new, by=by)
    for pending in new:
        seen[pending.row.paper.pk] = pending.record.key
    _fill_known(updates)
    report.rows.extend(rows)


@dataclass
class _Pending:
    """A record on its way into the library, with its report row (whose paper it fills)."""

    record: PaperRecord
    row: ImportRow
    topics: list[Concept]


def _create_new(new: list[_Pending], *, by: AbstractBaseUser | None) -> None:
    if not new:
        return
    _keys_for_new([(pending.row.paper, pending.record.key) for pending in new])
    try:
        with transaction.atomic():
            Paper.objects.bulk_create([pending.row.paper for pending in new])
    except IntegrityError:
        # Somebody took one of these keys (or arXiv ids) meanwhile: one by one, as a
        # single paper is added, so each paper takes the next free key.
        for pending in new:
            paper = Paper.objects.create(**pending.record.fields, added_by=by)
            paper_key_assign(paper=paper, wanted=pending.record.key)
            pending.row.paper = paper
    Paper.topics.through.objects.bulk_create(
        Paper.topics.through(paper_id=pending.row.paper.pk, concept_id=topic.pk)
        for pending in new
        for topic in dict.fromkeys(pending.topics)
    )
    for pending in new:
        pending.row.outcome = "created"
        pending.row.detail = _created_detail(pending.record, pending.row.paper.citation_key)


def _fill_known(updates: list[_Pending]) -> None:
    """Fill in the blanks of papers already in the library (the rows of a re-import are
    mostly "nothing new": they cost no query beyond the batch's reads)."""
    held: dict[int, set[int]] = {}
    for paper_id, concept_id in Paper.topics.through.objects.filter(
        paper_id__in=[p.row.paper.pk for p in updates if p.topics]
    ).values_list("paper_id", "concept_id"):
        held.setdefault(paper_id, set()).add(concept_id)
    for pending in updates:
        record, paper, row = pending.record, pending.row.paper, pending.row
        paper_key_assign(paper=paper, wanted=record.key)
        filled = [
            name
            for name, value in record.fields.items()
            if value
            and not getattr(paper, name)
            and name not in ("arxiv_id", "published_precision", "author_list")
        ]
        new_topics = [t for t in pending.topics if t.pk not in held.get(paper.pk, set())]
        if "published" in filled:  # a date comes with its precision
            filled.append("published_precision")
        if "authors" in filled:  # the names as shown come with the people they name
            filled.append("author_list")
        for name in filled:
            setattr(paper, name, record.fields[name])
        if filled:
            paper.save(update_fields=[*filled, "updated"])
        if new_topics:
            paper.topics.add(*new_topics)
        changes = [n for n in filled if n not in ("published_precision", "author_list")]
        changes += ["topics"] if new_topics else []
        if changes:
            row.outcome = "updated"
            row.detail = "Filled in " + ", ".join(n.replace("_", " ") for n in changes) + "."
        else:
            row.outcome = "skipped"
            row.detail = "Already in the library; nothing new in this entry."


@transaction.atomic
def papers_read_level_raise(*, paper_ids: Iterable[int]) -> int:
    """Mark as read in abstract the papers known so far only by their metadata (a note says
    only the abstract was read). A level somebody set higher is never lowered."""
    candidates = Paper.objects.filter(pk__in=list(paper_ids), read_level=ReadLevel.METADATA_ONLY)
    raised = list(candidates.select_for_update().values_list("pk", flat=True))
    candidates.update(read_level=ReadLevel.ABSTRACT_ONLY, updated=timezone.now())
    # The read level drives the evidence checks: it never changes without a trace.
    PaperChange.objects.bulk_create(
        PaperChange(
            paper_id=pk,
            field="read_level",
            before=ReadLevel.METADATA_ONLY,
            after=ReadLevel.ABSTRACT_ONLY,
        )
        for pk in raised
    )
    return len(raised)
