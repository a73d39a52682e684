"""Bearer-token authentication for the API.

Every request acts as the token's owner with that person's permissions. The API ignores the
browser session on purpose: a request is either anonymous or carries a token, so no API
request can be forged from another site and none needs a CSRF token.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from ninja.errors import AuthenticationError
from ninja.security import HttpBearer

from api.services import token_authenticate

MISSING = "Send an API token: “Authorization: Bearer <token>” (make one at /api/tokens/)."
INVALID = "This API token is unknown or has been revoked."
MALFORMED = "The Authorization header must read “Bearer <token>”."


class TokenAuth(HttpBearer):
    """``TokenAuth()`` requires a token; ``TokenAuth(required=False)`` also lets anonymous
    readers through (unless the wiki requires login to read), but never a bad token."""

    openapi_bearerFormat = "rw_…"
    openapi_description = "A personal API token from /api/tokens/."

    def __init__(self, *, required: bool = True) -> None:
        super().__init__()
        self.required = required

    def __call__(self, request: HttpRequest):
        header = request.headers.get("Authorization", "")
        if not header.strip():
            if self.required or settings.WIKI_REQUIRE_LOGIN_TO_READ:
                raise AuthenticationError(message=MISSING)
            request.user = AnonymousUser()
            return request.user
        scheme, _, raw = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not raw.strip():
            raise AuthenticationError(message=MALFORMED)
        return self.authenticate(request, raw.strip())

    def authenticate(self, request: HttpRequest, token: str):
        user = token_authenticate(token)
        if user is None:
            raise AuthenticationError(message=INVALID)
        request.user = user
        return user


token_required = TokenAuth()
token_optional = TokenAuth(required=False)
# Added to the schema of an operation open to anonymous readers, next to TokenAuth: a token
# is accepted (and may show more), none is needed.
OPTIONAL_SECURITY = {"security": [{}]}
