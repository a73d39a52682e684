"""Concepts: the wiki's pages, each with the text of its current revision."""

from __future__ import annotations

from django.db.models import Prefetch
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest
from ninja import Path, Query, Router

from api.auth import OPTIONAL_SECURITY, token_optional
from api.routers.common import errors, paginate
from api.schemas import ConceptFilters, ConceptOut, ConceptPage
from wiki.models import Concept, ConceptAlias
from wiki.selectors import concept_by_slug, concept_visible, concepts_for_index

router = Router(tags=["concepts"])


@router.get(
    "/",
    summary="List concepts",
    response={200: ConceptPage, **errors(401, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def concept_list(request: HttpRequest, filters: Query[ConceptFilters]):
    """Published concepts A to Z, with how many published entries and papers each has."""
    concepts = concepts_for_index(filters.q or "").order_by(Lower("title"), "id")
    return paginate(concepts, filters)


@router.get(
    "/{slug}/",
    summary="Get a concept with its current body",
    response={200: ConceptOut, **errors(401, 404, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def concept_detail(
    request: HttpRequest,
    slug: str = Path(..., max_length=200, description="The concept's slug or an alias's."),
):
    """One concept with the Markdown body of its current revision. An alias's slug finds
    the concept it names."""
    concept, aliased = concept_by_slug(slug)
    concept = concept or aliased
    if concept is None or not concept_visible(concept, request.user):
        raise Http404("No concept has that slug.")
    return (
        Concept.objects.select_related("current_revision__author")
        .prefetch_related(
            Prefetch("aliases", queryset=ConceptAlias.objects.only("concept_id", "name")),
            Prefetch("related", queryset=Concept.objects.only("id", "slug")),
        )
        .get(pk=concept.pk)
    )
