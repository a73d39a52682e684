"""The concept page, built as the issue of reading fast asks: one shared part, rendered
once per content version for everyone with the same role, plus per-person chrome.

- ``concept_page_shared`` gives the page's head and main column (body, State of the
  Art sections, key papers, related concepts, backlinks, staleness) under the content
  and frame versions, once per role that changes them: readers, and contributors (who
  see "Edit"); the latest entry's re-review notice is put in per day (and for editors).
  No per-person value enters it: no user, no CSRF token, no request.
- What it shows around the claims (the concept, entries list, links, key papers,
  staleness, pending revisions) is its *frame*, cached under the frame version, which a
  mark of a claim does not replace (``core.cache.cached_frame``): after a mark, only the
  evidence mix, the abstract-only count and the sections are read again.
- Its State of the Art sections are parts keyed by a digest of exactly what each one
  shows (``core.cache.cached_parts``): after a write, only the entries it changed are
  rendered again; the others come from the cache.
- What the page says to one person (their pending change, an editor's review list) is
  computed per request from the pending revisions' authors stored with the shared part,
  so a signed-in reader's page asks no query for it.
"""

from __future__ import annotations

import copy
import datetime as dt
import secrets

from django.db.models import prefetch_related_objects
from django.db.models.functions import Lower
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from core.cache import (
    cached_fragment,
    cached_frame,
    cached_parts,
    content_and_frame_versions,
    data_digest,
    process_memoized,
)
from core.cache import today as cache_today
from entries.models import Claim, Entry, Evidence
from entries.reading.selectors import PAPER_TEXT, claims_prefetch, evidence_mix
from papers.models import Paper
from results.models import Result
from wiki.models import Concept, Revision, RevisionStatus
from wiki.selectors import concept_by_slug
from wiki.staleness import concept_staleness, rereview_notice

CONCEPT_PAGE_ENTRIES = 20
PAGE = "pages/concept.html"
SECTIONS = "pages/_concept_sections.html"
REREVIEW_NOTICE = "wiki/_rereview.html"
SECTION_PARTS = "sota-entry-2"  # claims carry data-evidence since this name

# The columns a State of the Art section shows, directly or through its claims: the
# section's digest is taken over them (whole rows, so a column a template starts to show
# is covered without touching this list).
_ENTRY_FIELDS = ("pk", "date", "headline", "lead_html")
_CLAIM_FIELDS = tuple(f.attname for f in Claim._meta.concrete_fields)
_PAPER_FIELDS = tuple(
    f"paper__{f.attname}"
    for f in Paper._meta.concrete_fields
    if f"paper__{f.name}" not in PAPER_TEXT and f.attname != "id"
)
_CAVEAT_FIELDS = ("claim__entry_id", "claim_id", "caveat__name", "caveat__slug",
                  "caveat__description", "caveat__position")  # fmt: skip


def concept_page_shared(
    slug: str, *, contributor: bool, editor: bool = False, today: dt.date | None = None
) -> dict:
    """What the page at ``slug`` shows everyone with this role:
    {"concept", "alias", "revision", "head", "main", "pending": [(number, author id)],
    "abstract_only": claims on the page resting on abstracts only}.

    An alias's slug gives {"concept": None, "alias": its concept}; an unknown one, both
    None. Head and main are rendered once per frame version and role with markers where
    the claims go (the sections, the evidence mix), which are read and rendered once per
    content version for all roles and put in here: two substitutions. A third puts in the
    re-review notice of the latest entry, which depends on ``today`` (is it due?) and on
    ``editor`` (editors also see a date still to come), so the result is kept per day.
    """
    # Both versions before anything they cover is read, the content's first: a write
    # from now on replaces them, and what is stored under them now is never read again.
    version, frame_version = content_and_frame_versions()
    role = "contributor" if contributor else "reader"
    day = today or cache_today()
    # Put together once per process, change and day: a hit is the versions' one query.
    return process_memoized(
        f"concept-shared:{version}:{frame_version}:{day.isoformat()}:{slug}:{role}:{editor:d}",
        lambda: _assemble(
            slug, version, frame_version, contributor=contributor, editor=editor, today=day
        ),
    )


def _assemble(
    slug: str,
    version: str,
    frame_version: str,
    *,
    contributor: bool,
    editor: bool,
    today: dt.date,
) -> dict:
    frame = cached_frame(f"concept-frame:{slug}", lambda: _frame(slug), version=frame_version)
    concept = frame["concept"]
    if concept is None:
        return {"concept": None, "alias": frame["alias"]}
    role = "contributor" if contributor else "reader"
    page = cached_frame(
        f"concept-page:{slug}:{role}",
        lambda: _render_frame(frame, contributor=contributor),
        version=frame_version,
    )
    claims = cached_fragment(
        f"concept-claims:{concept.pk}", lambda: _claims_data(frame), version=version
    )
    main = page["main"].replace(page["sections"], claims["sections_html"], 1)
    main = main.replace(page["rereview"], _rereview_html(frame, editor=editor, today=today), 1)
    return {
        "concept": concept,
        "alias": None,
        "revision": frame["revision"],
        "head": page["head"],
        "main": mark_safe(main.replace(page["mix"], claims["mix_html"], 1)),
        "pending": frame["pending"],
        "abstract_only": claims["abstract_only"],
    }


def _render_frame(frame: dict, *, contributor: bool) -> dict:
    """Head and main for one role, with unguessable markers where the claims' parts go."""
    token = secrets.token_hex(16)
    sections, mix = f"<!--sections-{token}-->", f"<!--mix-{token}-->"
    rereview = f"<!--rereview-{token}-->"
    context = {
        **frame,
        "sections_html": mark_safe(sections),
        "mix_html": mark_safe(mix),
        "rereview_html": mark_safe(rereview),
        "can_contribute": contributor,
    }
    return {
        "head": render_to_string(f"{PAGE}#head", context),
        "main": render_to_string(f"{PAGE}#main", context),
        "sections": sections,
        "mix": mix,
        "rereview": rereview,
    }


def _rereview_html(frame: dict, *, editor: bool, today: dt.date) -> str:
    """The latest State of the Art entry's re-review notice: "due for re-review" for
    everyone on and after its date, the date still to come for editors only."""
    entries = frame["entries"]
    notice = rereview_notice(entries[0] if entries else None, today)
    if notice is None or not (notice.due or editor):
        return ""
    return render_to_string(REREVIEW_NOTICE, {"rereview": notice, "concept": frame["concept"]})


def _frame(slug: str) -> dict:
    """What the page shows around its claims, for every role: kept across the writes that
    change claims alone (``core.cache.cached_frame``), so nothing in it may show a claim,
    a mark, an entry's history or version."""
    concept, alias = concept_by_slug(slug)
    if concept is None:
        return {"concept": None, "alias": alias}
    entries = list(
        Entry.objects.published()
        .filter(topics=concept)
        .order_by("-date", "-id")
        # The re-review date too: the frame follows it, the sections do not show it.
        .only(*(f for f in _ENTRY_FIELDS if f != "pk"), "review_by")[: CONCEPT_PAGE_ENTRIES + 1]
    )
    shown = entries[:CONCEPT_PAGE_ENTRIES]
    total = len(entries)
    if total > CONCEPT_PAGE_ENTRIES:
        total = Entry.objects.published().filter(topics=concept).count()
    pending = Revision.objects.filter(concept=concept, status=RevisionStatus.PENDING)
    return {
        "concept": concept,
        "alias": None,
        "revision": concept.current_revision
        or concept.revisions.select_related("author").order_by("-number").first(),
        "aliases": list(concept.aliases.all()),
        "entries": shown,
        "entries_total": total,
        "staleness": concept_staleness(concept, shown[0].date if shown else None),
        "backlinks": list(
            Concept.objects.published()
            .filter(links_out__target=concept)
            .only("title", "slug")
            .order_by(Lower("title"))
        ),
        "related": list(concept.related.published().only("title", "slug").order_by(Lower("title"))),
        "key_papers": list(concept.key_papers.select_related("paper").defer(*PAPER_TEXT)),
        "pending": list(pending.order_by("number").values_list("number", "author_id")),
    }


def _claims_data(frame: dict) -> dict:
    """What the page shows of its claims, read again after any write (a mark, a result
    confirmed): the evidence mix with the best result per benchmark, the abstract-only
    count and the State of the Art sections."""
    concept, shown, total = frame["concept"], frame["entries"], frame["entries_total"]
    mix = evidence_mix(concept)
    return {
        "mix_html": render_to_string(
            f"{PAGE}#mix",
            {
                "mix": mix,
                "concept": concept,
                "results_summary": Result.objects.best_per_benchmark(concept),
            },
        ),
        "abstract_only": _abstract_only_shown(mix, shown, every=total == len(shown)),
        "sections_html": concept_sections(concept, shown, earlier=total - len(shown)),
    }


def _abstract_only_shown(mix, entries: list[Entry], *, every: bool) -> int:
    """How many claims on the page rest on abstracts only (what the toggle hides): the
    topic's count when the page shows every entry, else one count of the shown ones."""
    if every:
        return mix.by_evidence.get(Evidence.ABSTRACT_ONLY, 0)
    claims = Claim.objects.filter(entry__in=entries, evidence=Evidence.ABSTRACT_ONLY)
    return claims.count()


def concept_sections(concept: Concept, entries: list[Entry], *, earlier: int) -> SafeString:
    """The State of the Art sections of ``entries`` (newest first): each one rendered only
    when what it shows changed."""
    digests = _section_digests(entries)

    def render(missing: list[int]) -> dict[int, str]:
        # Copies: the entries may be a cached frame's, shared by this process's requests.
        wanted = [copy.copy(entry) for entry in entries if entry.pk in set(missing)]
        prefetch_related_objects(wanted, claims_prefetch())
        return {
            entry.pk: render_to_string(f"{SECTIONS}#entry", {"entry": entry}) for entry in wanted
        }

    # The name changes with the section's markup, so no part of an older layout is reused.
    parts = cached_parts(SECTION_PARTS, digests, render)
    context = {
        "concept": concept,
        "entries": entries,
        "sections": [mark_safe(parts[entry.pk]) for entry in entries],
        "entries_earlier": earlier,
    }
    return mark_safe(render_to_string(SECTIONS, context))


def _section_digests(entries: list[Entry]) -> dict[int, str]:
    """Each entry's digest of what its section shows, in two queries for all of them."""
    pks = [entry.pk for entry in entries]
    data: dict[int, list] = {
        entry.pk: [tuple(getattr(entry, f) for f in _ENTRY_FIELDS)] for entry in entries
    }
    claims = (
        Claim.objects.filter(entry__in=pks)
        .order_by("entry_id", "position", "id")
        .values_list(*_CLAIM_FIELDS, *_PAPER_FIELDS)
    )
    for row in claims:
        data[row[_CLAIM_FIELDS.index("entry_id")]].append(row)
    caveats = (
        Claim.caveats.through.objects.filter(claim__entry__in=pks)
        .order_by("claim_id", "caveat__position", "caveat__name")
        .values_list(*_CAVEAT_FIELDS)
    )
    for row in caveats:
        data[row[0]].append(row)
    return {pk: data_digest(rows) for pk, rows in data.items()}


ABSTRACT_MODES = ("hide", "highlight")


def abstract_mode(params) -> tuple[str, str]:
    """The abstract-only toggle from ``?abstract=``: ("hide" | "highlight" | "", error)."""
    value = params.get("abstract", "").strip()
    if not value or value == "show" or value in ABSTRACT_MODES:
        return ("" if value == "show" else value), ""
    choice = f"“{value[:40]}” is not a choice"
    return "", f"{choice} for claims resting on abstracts only: use hide or highlight."
