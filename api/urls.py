from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.urls import URLResolver, path, re_path

from api import views
from api.api import api
from api.errors import json_not_found

# The API's paths carry its version: /api/v1/papers/. The first paths, without one, stay
# as they were, served by the same views; the schema and reverse() name the versioned ones.
_patterns, _app_name, _namespace = api.urls
urlpatterns = [
    path("tokens/", views.token_list, name="api_tokens"),
    path("tokens/<int:pk>/revoke/", views.token_revoke, name="api_token_revoke"),
    path("v1/", (_patterns, _app_name, _namespace)),
    path("", (_patterns, _app_name, f"{_namespace}-unversioned")),
    # [\s\S]: a newline (%0A) in the address must land here too, not on the HTML 404 page.
    re_path(r"^[\s\S]*$", json_not_found),
]


def _open_to_tokens(patterns: list) -> None:
    """A private wiki (WIKI_REQUIRE_LOGIN_TO_READ) still answers the API: a token, not a
    login session, is what authenticates it, and a request without one gets a JSON 401."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            _open_to_tokens(pattern.url_patterns)
        else:
            pattern.callback = login_not_required(pattern.callback)


_open_to_tokens(urlpatterns[2:])
