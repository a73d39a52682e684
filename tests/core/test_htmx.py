"""The fragment switch: every page that answers htmx with a fragment says it varies on
``HX-Request``, so no cache can hand the fragment to a plain page load."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from core.htmx import render_page, wants_fragment
from tests.accounts.test_permission_matrix import RULES, USERNAMES
from tests.factories import UserFactory

HTMX = {"HTTP_HX_REQUEST": "true"}
HISTORY_RESTORE = {**HTMX, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}


def _is_fragment(response) -> bool:
    body = response.content.decode(errors="replace").lower()
    return response["Content-Type"].startswith("text/html") and "<html" not in body


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_fragment_view_varies_on_hx_request(client, world, name):
    """Over the whole URLconf (the permission matrix covers every URL): whatever answers an
    htmx GET with a fragment also sends ``Vary: HX-Request``."""
    client.force_login(UserFactory(username=USERNAMES["editor"]))
    path = RULES[name].path(world, "editor")

    response = client.get(path, **HTMX)

    if response.status_code == 200 and _is_fragment(response):
        assert "HX-Request" in response.get("Vary", ""), f"{path} sends no Vary: HX-Request"


def test_history_restore_gets_the_whole_page(client, world):
    page = client.get("/papers/", **HISTORY_RESTORE)
    fragment = client.get("/papers/", **HTMX)

    assert not _is_fragment(page)
    assert _is_fragment(fragment)
    assert "HX-Request" in fragment["Vary"]


def test_wants_fragment_only_for_htmx_requests_that_are_not_history_restores(rf: RequestFactory):
    from django_htmx.middleware import HtmxDetails

    requests = [rf.get("/"), rf.get("/", **HTMX), rf.get("/", **HISTORY_RESTORE)]
    for request in requests:
        request.htmx = HtmxDetails(request)

    assert [wants_fragment(r) for r in requests] == [False, True, False]


def test_render_page_varies_even_for_the_whole_page(rf, db):
    from django_htmx.middleware import HtmxDetails

    request = rf.get("/changes/")
    request.htmx = HtmxDetails(request)
    request.user = UserFactory(username="reader")

    response = render_page(request, "front/changes.html", {"changes": []})

    assert response["Vary"] == "HX-Request"
