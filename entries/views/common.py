from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from entries.models import Entry, EntryStatus
from wiki.roles import is_editor

User = AbstractBaseUser | AnonymousUser


def can_see(user: User, entry: Entry) -> bool:
    """Published entries are public; the rest only for their author and editors."""
    if entry.status == EntryStatus.PUBLISHED and not entry.is_revision:
        return True
    return user.is_authenticated and (entry.author_id == user.pk or is_editor(user))


def check_visible(request: HttpRequest, entry: Entry) -> None:
    """404 for a reader who may not know the entry exists; 403 when they tried to change it."""
    if can_see(request.user, entry):
        return
    if request.method == "POST":
        raise PermissionDenied("You may not change this entry.")
    raise Http404("No such entry.")


def safe_next(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default
