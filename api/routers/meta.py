"""Who the token belongs to, and the caveat vocabulary."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from accounts.roles import can_contribute, is_editor
from api.auth import OPTIONAL_SECURITY, token_optional, token_required
from api.routers.common import errors
from api.schemas import CaveatOut, MeOut
from entries.models import Caveat

router = Router(tags=["account"])


@router.get(
    "/me/",
    summary="Who this token acts as",
    response={200: MeOut, **errors(401)},
    auth=token_required,
)
def me(request: HttpRequest):
    """The user the token acts as, and what they may do: check a new token with this."""
    user = request.user
    return {
        "username": user.get_username(),
        "can_contribute": can_contribute(user),
        "is_editor": is_editor(user),
    }


@router.get(
    "/caveats/",
    summary="List the caveat vocabulary",
    response={200: list[CaveatOut], **errors(401)},
    auth=token_optional,
    openapi_extra=OPTIONAL_SECURITY,
    tags=["claims"],
)
def caveat_list(request: HttpRequest):
    """The caveat vocabulary that claims' marks are drawn from."""
    return list(Caveat.objects.all())
