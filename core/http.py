"""Small HTTP helpers every app's views share."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request: HttpRequest, default: str) -> str:
    """Where to go after a form: the ``next`` the form carried (POST, else GET) when it is
    a page of this site, else ``default``. Never an address on another host."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default
