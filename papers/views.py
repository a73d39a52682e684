from __future__ import annotations

from django.http import HttpRequest, HttpResponse


def paper_list(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


def paper_new(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


def paper_detail(request: HttpRequest, key: str) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)
