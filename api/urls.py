from __future__ import annotations

from django.urls import path, re_path

from api import views
from api.api import api
from api.errors import json_not_found

urlpatterns = [
    path("tokens/", views.token_list, name="api_tokens"),
    path("tokens/<int:pk>/revoke/", views.token_revoke, name="api_token_revoke"),
    path("", api.urls),
    # [\s\S]: a newline (%0A) in the address must land here too, not on the HTML 404 page.
    re_path(r"^[\s\S]*$", json_not_found),
]
