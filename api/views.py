"""The account page where contributors and editors make and revoke their API tokens."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from accounts.roles import can_contribute
from api.models import ApiToken
from api.services import TokenError, token_create
from api.services import token_revoke as revoke


class TokenForm(forms.Form):
    name = forms.CharField(
        label="Token name",
        max_length=100,
        help_text="What will use it, such as “notes pipeline”: you will see it in this list.",
    )


def _require_contributor(request: HttpRequest) -> None:
    if not can_contribute(request.user):
        raise PermissionDenied("API tokens are for contributors and editors.")


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def token_list(request: HttpRequest) -> HttpResponse:
    """List the user's tokens; a POST makes one and shows its secret, this once only."""
    _require_contributor(request)
    form = TokenForm(request.POST or None)
    created, secret, status = None, "", 200
    if request.method == "POST":
        if form.is_valid():
            try:
                created, secret = token_create(user=request.user, name=form.cleaned_data["name"])
            except TokenError as exc:
                form.add_error("name", str(exc))
        if secret:
            form = TokenForm()
        else:
            status = 400
    context = {
        "form": form,
        "created": created,
        "secret": secret,
        "tokens": ApiToken.objects.filter(user=request.user),
    }
    return render(request, "api/tokens.html", context, status=status)


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    _require_contributor(request)
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    try:
        revoke(token=token, by=request.user)
    except TokenError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Revoked “{token.name}”: requests with it now get 401.")
    return redirect("api_tokens")
