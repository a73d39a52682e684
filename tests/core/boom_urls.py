"""The site's URLs and one view that fails, for the tests of error logs and reports."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the view broke")


urlpatterns = [path("boom/", boom, name="boom"), *site_urlpatterns]
