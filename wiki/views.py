from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from wiki.models import Concept


@require_GET
def concept_index(request: HttpRequest) -> HttpResponse:
    concepts = Concept.objects.published()
    return render(request, "wiki/index.html", {"concepts": concepts})


def concept_new(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


@require_GET
def concept_detail(request: HttpRequest, slug: str) -> HttpResponse:
    concept = get_object_or_404(
        Concept.objects.published().select_related("current_revision"), slug=slug
    )
    return render(request, "wiki/concept.html", {"concept": concept})


def concept_edit(request: HttpRequest, slug: str) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


def concept_history(request: HttpRequest, slug: str) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


def recent_changes(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)
