"""Papers: the library's list with the /papers/ filters, one paper, create-or-update."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, QueryDict
from ninja import Path, Query, Router, Status

from api.auth import OPTIONAL_SECURITY, token_optional, token_required
from api.errors import FieldErrors
from api.routers.common import concepts_by_slug, errors, paginate
from api.schemas import PaperFilters, PaperIn, PaperOut, PaperPage
from papers import selectors
from papers.filters import PaperFilter
from papers.identifiers import InvalidArxivId, parse_arxiv_id
from papers.models import Paper
from papers.services import PaperChangeRefused, paper_get_or_create_by_arxiv, paper_update
from wiki.models import Concept

router = Router(tags=["papers"])

TOPICS = Prefetch("topics", queryset=Concept.objects.published().only("id", "slug"))


def _filter_data(filters: PaperFilters) -> QueryDict:
    """The validated query as the /papers/ FilterSet reads it from request.GET."""
    data = QueryDict(mutable=True)
    data["match"], data["sort"] = filters.match, filters.sort
    data.setlist("topic", filters.topic)
    for name in ("q", "author", "read_level", "organisation"):
        if getattr(filters, name):
            data[name] = getattr(filters, name)
    for name in ("published_after", "published_before"):
        if getattr(filters, name) is not None:
            data[name] = getattr(filters, name).isoformat()
    return data


@router.get(
    "/",
    summary="List papers (the /papers/ filters)",
    response={200: PaperPage, **errors(401, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def paper_list(request: HttpRequest, filters: Query[PaperFilters]):
    """Papers in the library, filtered and sorted exactly as on /papers/."""
    filterset = PaperFilter(data=_filter_data(filters), queryset=Paper.objects.all())
    if not filterset.is_valid():
        raise FieldErrors(
            (field, str(message))
            for field, messages in filterset.errors.items()
            for message in messages
        )
    return paginate(filterset.sorted_qs.prefetch_related(TOPICS), filters)


def paper_by_key(key: str) -> Paper:
    """A paper by its library id or its arXiv id in any spelling; 404 when unknown."""
    paper = selectors.paper_by_key(key, queryset=Paper.objects.prefetch_related(TOPICS))
    if paper is None:
        raise Http404("No paper in the library has that id or arXiv id.")
    return paper


@router.get(
    "/{path:key}/",
    summary="Get a paper by id or arXiv id",
    response={200: PaperOut, **errors(401, 404, 422)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
)
def paper_detail(
    request: HttpRequest,
    key: str = Path(..., max_length=200, description="Library id or arXiv id."),
):
    """One paper, by its library id (``42``) or arXiv id (``2608.17528``, ``hep-th/9901001``)."""
    return paper_by_key(key)


@router.post(
    "/",
    summary="Create or update a paper by arXiv id",
    response={200: PaperOut, 201: PaperOut, **errors(400, 401, 403, 413, 422)},
    auth=token_required,
)
def paper_create_or_update(request: HttpRequest, payload: PaperIn):
    """Create the paper with this arXiv id, or update it: 201 when new, 200 when it was
    already in the library. Fields left out (or null) keep their values, so sending the
    same request again changes nothing."""
    user = request.auth
    if not (user.has_perm("papers.add_paper") and user.has_perm("papers.change_paper")):
        raise PermissionDenied("Only contributors and editors may add or change papers.")
    try:
        parsed = parse_arxiv_id(payload.arxiv_id)
    except InvalidArxivId as exc:
        raise FieldErrors([("arxiv_id", str(exc))]) from None
    fields = payload.dict(exclude_unset=True, exclude={"arxiv_id", "topics", "authors"})
    fields = {name: value for name, value in fields.items() if value is not None}
    if isinstance(payload.authors, list):
        fields["authors"] = [person.person() for person in payload.authors]
    elif payload.authors is not None:
        fields["authors"] = payload.authors  # one string: papers.services reads it
    if parsed.version and "arxiv_version" not in fields:
        fields["arxiv_version"] = parsed.version
    topics = concepts_by_slug(payload.topics) if payload.topics is not None else None
    with transaction.atomic():
        paper, created = paper_get_or_create_by_arxiv(arxiv_id=parsed.id, defaults=fields)
        try:
            paper_update(
                paper=paper,
                fields={} if created else fields,
                topics=topics if topics is not None else list(paper.topics.all()),
                by=request.user,
            )
        except PaperChangeRefused as exc:
            raise PermissionDenied(str(exc)) from None
    return Status(201 if created else 200, paper_by_key(str(paper.pk)))
