"""Reading entries: the entry page, the topics, "My entries", the evidence help page and the
Atom feeds."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.roles import is_editor
from core.cache import cache_page_for_anonymous, cached_fragment, cached_response, today
from core.htmx import render_page
from core.http import site_root
from entries.models import (
    EVIDENCE_BADGE,
    EVIDENCE_MEANING,
    Caveat,
    Entry,
    EntryEvent,
    EntryStatus,
    Evidence,
)
from entries.reading.entry_page import reader_claims
from entries.reading.feeds import FeedFilterError, RecentEntriesFeed, TopicFeed, feed_filters
from entries.reading.selectors import (
    EvidenceMix,
    badge_summary,
    caveat_vocabulary,
    claims_prefetch,
    comments_visible,
    entries_published,
    entry_for_page,
    evidence_mix,
    published_claims,
)
from entries.review.diff import revision_diff
from entries.review.selectors import decorate_for_review
from entries.review.workflow import AUTHOR, transitions_for
from entries.view_helpers import attach_results, check_visible
from entries.writing.services import can_edit_entry, open_revision
from papers.month_chart import topic_papers_per_month
from wiki.models import Concept, published_topics
from wiki.staleness import RereviewNotice, rereview_notice

# Editors mark claims during review, and may correct a published claim's mark (logged).
MARKABLE = (EntryStatus.PENDING, EntryStatus.PUBLISHED)


def entry_page_context(request: HttpRequest, entry: Entry) -> dict:
    """Everything the entry page shows; the review views re-render it with an error."""
    user = request.user
    editor = is_editor(user)
    is_author = user.is_authenticated and entry.author_id == user.pk
    reviewing = editor and entry.status in MARKABLE
    if reviewing:  # the review controls, from the entry's prefetched claims
        claims = decorate_for_review(entry.claims.all())
        readers = None
        claim_count, summary = len(claims), badge_summary(claims)
        unmarked = sum(1 for c in claims if c.evidence == Evidence.UNMARKED)
    else:  # the claims as readers see them, from shared parts
        readers = reader_claims(entry)
        claim_count, summary, unmarked = readers.count, readers.summary, readers.unmarked_count
    transitions = transitions_for(entry, user)
    events = list(entry.events.all())
    context = {
        "entry": entry,
        "reader_claims": readers,
        "claim_count": claim_count,
        "reviewing": reviewing,
        "can_edit": can_edit_entry(user, entry),
        "author_transitions": [t for t in transitions if t.role == AUTHOR],
        "review_transitions": [t for t in transitions if t.role != AUTHOR],
        "unmarked_count": unmarked,
        "caveats": caveat_vocabulary() if reviewing else [],
        "summary": summary,
        "events": events,
        # No author but an "imported" event: the notes importer made it.
        "imported": any(event.action == "imported" for event in events),
        "show_comments": comments_visible(entry, user),
        "next": entry.get_absolute_url(),
        **_rereview_context(entry, editor=editor),
    }
    if entry.is_revision and entry.revision_of is not None:
        original = (
            Entry.objects.prefetch_related(published_topics(), claims_prefetch())
            .select_related("author")
            .get(pk=entry.revision_of_id)
        )
        context["original"] = original
        context["diff"] = revision_diff(entry, original)
    elif entry.status == EntryStatus.PUBLISHED and (editor or is_author):
        context["pending_revision"] = open_revision(entry)
    if reviewing:
        attach_results(entry, user)
    elif is_author and entry.status != EntryStatus.PUBLISHED:
        attach_results(entry, user)
        context["author_results"] = entry.review_results
    return context


def _rereview_context(entry: Entry, *, editor: bool) -> dict:
    """The entry's re-review date (everyone sees it once due, editors before) and, for an
    editor, the form that sets it on a published State of the Art entry."""
    day = today()
    scheduling = (
        editor
        and entry.status == EntryStatus.PUBLISHED
        and not entry.is_revision
        and bool(entry.topics.all())
    )
    return {
        "today": day,
        "rereview_due": entry.rereview_due(day),
        "show_review_by": entry.review_by is not None and (editor or entry.rereview_due(day)),
        "schedule_rereview": scheduling,
    }


@require_GET
@cache_page_for_anonymous
def entry_detail(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(entry_for_page(pk, claims=is_editor(request.user)))
    check_visible(request, entry)
    return render(request, "entries/detail.html", entry_page_context(request, entry))


@require_GET
@cache_page_for_anonymous
def topic_index(request: HttpRequest) -> HttpResponse:
    topics = Concept.objects.published().annotate(
        entry_count=Count("entries", filter=Q(entries__status=EntryStatus.PUBLISHED))
    )
    with_entries = [t for t in topics if t.entry_count]
    without = [t for t in topics if not t.entry_count]
    return render(request, "entries/topics.html", {"topics": with_entries, "quiet": without})


@require_GET
@cache_page_for_anonymous
def topic_detail(request: HttpRequest, slug: str) -> HttpResponse:
    topic = get_object_or_404(Concept.objects.published(), slug=slug)
    evidence = request.GET.get("evidence", "").strip()
    caveat_slug = request.GET.get("caveat", "").strip()
    caveats = caveat_vocabulary()
    status, error = 200, ""
    if evidence and evidence not in Evidence.values:
        status, error = 400, f"“{evidence[:40]}” is not an evidence level."
        evidence = ""
    if caveat_slug and caveat_slug not in {c.slug for c in caveats}:
        status, error = 400, f"“{caveat_slug[:40]}” is not a caveat."
        caveat_slug = ""
    mix = evidence_mix(topic)
    context = {
        "topic": topic,
        "rereview": _rereview(topic, editor=is_editor(request.user)),
        "evidence": evidence,
        "evidence_label": Evidence(evidence).label if evidence else "",
        "caveat": next((c for c in caveats if c.slug == caveat_slug), None),
        "error": error,
        "mix": mix,
        "months": topic_papers_per_month(topic),
        **_filter_counts(mix, caveats),
    }
    if evidence or caveat_slug:
        claims = published_claims(topic=topic, evidence=evidence, caveat=caveat_slug)
        context["page"] = Paginator(claims, 50).get_page(request.GET.get("page"))
        context["filtered"] = True
    else:
        page = Paginator(entries_published(topic=topic), 20).get_page(request.GET.get("page"))
        for entry in page:
            entry.summary = badge_summary(entry.claims.all())
        context["page"] = page
    return render_page(request, "entries/topic.html", context, status=status)


def _rereview(topic: Concept, *, editor: bool) -> RereviewNotice | None:
    """The re-review notice of the topic's latest State of the Art entry, as on its concept
    page: due, for everyone; a date to come, for editors."""
    latest = cached_fragment(
        f"topic-latest-entry:{topic.pk}",
        lambda: (
            Entry.objects.published()
            .filter(topics=topic)
            .order_by("-date", "-id")
            .only("headline", "review_by")
            .first()
        ),
    )  # read-only: shared by this process's requests until the next write
    notice = rereview_notice(latest, today())
    return notice if notice is not None and (notice.due or editor) else None


def _filter_counts(mix: EvidenceMix, caveats: list[Caveat]) -> dict:
    """The sidebar's filters: every level and caveat with claims on the topic."""
    return {
        "evidence_filters": [
            (value, label, mix.by_evidence.get(value, 0))
            for value, label in Evidence.choices
            if value != Evidence.UNMARKED and mix.by_evidence.get(value)
        ],
        "caveat_filters": [
            (c, mix.by_caveat.get(c.slug, 0)) for c in caveats if mix.by_caveat.get(c.slug)
        ],
    }


@login_required
@require_GET
def my_entries(request: HttpRequest) -> HttpResponse:
    comments = EntryEvent.objects.exclude(comment="").select_related("actor").order_by("-created")
    entries = (
        Entry.objects.filter(author=request.user)
        .select_related("revision_of")
        .prefetch_related(
            published_topics(), Prefetch("events", queryset=comments, to_attr="comments")
        )
        .annotate(claim_count=Count("claims"))
        .order_by("-updated", "-id")
    )
    groups = {status: [] for status in EntryStatus.values}
    for entry in entries:
        groups[entry.status].append(entry)
    order = [
        EntryStatus.CHANGES_REQUESTED,
        EntryStatus.DRAFT,
        EntryStatus.PENDING,
        EntryStatus.PUBLISHED,
        EntryStatus.REJECTED,
    ]
    sections = [(EntryStatus(s), groups[s]) for s in order if groups[s]]
    return render(request, "entries/mine.html", {"sections": sections})


@require_GET
@cache_page_for_anonymous
def evidence_help(request: HttpRequest) -> HttpResponse:
    """What each evidence level and caveat means, in a reader's words: every badge links
    here."""
    levels = [
        {"value": value, "label": EVIDENCE_BADGE[value], "meaning": EVIDENCE_MEANING[value]}
        for value in [*(v for v in Evidence.values if v != Evidence.UNMARKED), Evidence.UNMARKED]
    ]
    context = {"levels": levels, "caveats": caveat_vocabulary()}
    return render(request, "entries/help_evidence.html", context)


# --- the Atom feeds ---------------------------------------------------------------------
# A topic's (``?evidence=`` / ``?caveat=`` narrow it) and the site's newly published
# entries. Feed readers poll often: each is rendered once per change of the content, per
# site address (its links are absolute).


@require_GET
@cache_page_for_anonymous
def topic_feed(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        evidence, caveat = feed_filters(request.GET)
    except FeedFilterError as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    root = site_root(request)
    feed = TopicFeed(root, evidence=evidence, caveat=caveat)
    name = f"topic-feed:{root}:{slug}:{evidence}:{caveat}"
    return cached_response(name, lambda: feed(request, slug=slug))


@require_GET
@cache_page_for_anonymous
def entries_feed(request: HttpRequest) -> HttpResponse:
    root = site_root(request)
    return cached_response(f"entries-feed:{root}", lambda: RecentEntriesFeed(root)(request))
