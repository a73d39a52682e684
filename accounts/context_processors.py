from __future__ import annotations

from django.http import HttpRequest

from accounts.roles import can_contribute, is_editor


def roles(request: HttpRequest) -> dict[str, object]:
    user = request.user
    return {"is_editor": is_editor(user), "can_contribute": can_contribute(user)}
