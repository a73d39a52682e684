"""The Atom feeds of entries: a topic's (``?evidence=`` / ``?caveat=`` narrow it) and
the site's newly published entries. Feed readers poll often: each is rendered once per
change of the content, per site address (its links are absolute)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_GET

from core.cache import cache_page_for_anonymous, cached_response
from core.http import site_root
from entries.reading.feeds import FeedFilterError, RecentEntriesFeed, TopicFeed, feed_filters


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
