"""Signing in and out, and changing or resetting a password: Django's own views, with a
confirmation page for a GET logout and absolute links in the reset email."""

from __future__ import annotations

import hashlib
import math

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator

from core.rates import rate_wait
from core.security import client_address


@method_decorator(login_not_required, name="dispatch")
class LogoutView(auth_views.LogoutView):
    """Logging out is a POST; a GET (a typed or bookmarked URL) asks for confirmation."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        return render(request, "registration/logout_confirm.html")


def site_url(request: HttpRequest) -> str:
    """The address links in emails start with: SITE_URL when set, else the host this request
    came to (which ALLOWED_HOSTS has already checked)."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


class PasswordResetView(auth_views.PasswordResetView):
    """Sends a one-time link to set a new password. The page says the same whether or not
    the address belongs to an account, so it cannot be used to find out who has one.

    Mails are limited per email address and per client (core.rates): every address asked
    for is counted, with an account or without, so the 429 past a limit says nothing about
    who has one either (issue #27)."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        address = form.cleaned_data["email"].strip().lower()
        digest = hashlib.sha256(address.encode()).hexdigest()  # no addresses in the cache
        client = f"password-reset:client:{client_address(self.request)}"
        wait = rate_wait(client, settings.PASSWORD_RESET_RATE_PER_CLIENT, count=False)
        if wait is None:
            wait = rate_wait(
                f"password-reset:address:{digest}", settings.PASSWORD_RESET_RATE_PER_ADDRESS
            )
        if wait is None:
            rate_wait(client, settings.PASSWORD_RESET_RATE_PER_CLIENT)
        if wait is not None:
            minutes = max(1, math.ceil(wait / 60))
            form.add_error(
                None,
                "Too many password-reset requests for this address or from your connection: "
                f"no email was sent. Try again in {minutes} minute{'s' if minutes != 1 else ''}; "
                "an earlier email's link still works.",
            )
            response = self.form_invalid(form)
            response.status_code = 429
            response["Retry-After"] = str(math.ceil(wait))
            return response
        self.extra_email_context = {
            "site_url": site_url(self.request),
            "valid_days": max(1, settings.PASSWORD_RESET_TIMEOUT // 86400),
        }
        return super().form_valid(form)
