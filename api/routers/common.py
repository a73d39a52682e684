"""Helpers shared by the API's routers."""

from __future__ import annotations

from django.db.models import QuerySet

from api.errors import FieldErrors
from api.schemas import ErrorOut, PageParams
from wiki.models import Concept


def errors(*codes: int) -> dict[int, type[ErrorOut]]:
    """The documented error responses of an operation."""
    return dict.fromkeys(codes, ErrorOut)


def paginate(queryset: QuerySet, params: PageParams) -> dict:
    """One page of an ordered queryset, with the total and the next page's offset."""
    count = queryset.count()
    end = params.offset + params.limit
    results = list(queryset[params.offset : end]) if params.offset < count else []
    return {
        "count": count,
        "limit": params.limit,
        "offset": params.offset,
        "next_offset": end if end < count else None,
        "results": results,
    }


def concepts_by_slug(
    slugs: list[str], *, field: str = "topics", queryset: QuerySet[Concept] | None = None
) -> list[Concept]:
    """The concepts named by ``slugs``, in order; a 422 naming each unknown slug."""
    queryset = Concept.objects.published() if queryset is None else queryset
    found = {c.slug: c for c in queryset.filter(slug__in=slugs)}
    missing = [
        (f"{field}.{i}", f"No concept has the slug “{slug}”.")
        for i, slug in enumerate(slugs)
        if slug not in found
    ]
    if missing:
        raise FieldErrors(missing)
    return [found[slug] for slug in dict.fromkeys(slugs)]
