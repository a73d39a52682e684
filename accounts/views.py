"""Signing in and out; Django's own views, with a confirmation page for a GET logout."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator


@method_decorator(login_not_required, name="dispatch")
class LogoutView(auth_views.LogoutView):
    """Logging out is a POST; a GET (a typed or bookmarked URL) asks for confirmation."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        return render(request, "registration/logout_confirm.html")
