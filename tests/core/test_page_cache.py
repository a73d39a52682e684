"""The page cache's front door: a visitor without a session gets a cached page before any
middleware runs, header for header the page the whole stack would have sent; nobody
signed in ever gets it."""

from __future__ import annotations

import re

from django.contrib.auth.models import Group
from django.contrib.messages.storage.cookie import CookieStorage
from django.test import Client

from accounts.roles import EDITOR
from tests.factories import concept_form_data, make_concept

PAGE = "/wiki/reward-modeling/"


def _headers(response) -> dict[str, str]:
    # Each response carries its own request's id.
    return {
        name: value
        for name, value in response.items()
        if name not in ("X-Page-Cache", "X-Request-ID")
    }


def _production_headers(settings) -> None:
    """The headers a production server adds to a page served over HTTPS."""
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_SSL_REDIRECT = True


def test_a_cached_page_has_the_headers_and_body_of_an_uncached_one(client, db, settings):
    _production_headers(settings)
    make_concept("Reward Modeling", body="First text.")
    first = client.get(PAGE, secure=True)
    cached = client.get(PAGE, secure=True)
    settings.PAGE_CACHE_ENABLED = False
    uncached = client.__class__().get(PAGE, secure=True)

    assert (first["X-Page-Cache"], cached["X-Page-Cache"]) == ("miss", "hit")
    assert _headers(cached) == _headers(first) == _headers(uncached)
    assert cached.content == first.content == uncached.content
    assert cached["X-Frame-Options"] == "DENY"
    assert cached["Content-Security-Policy"].startswith("default-src 'self'")
    assert cached["Strict-Transport-Security"] == "max-age=3600; includeSubDomains"
    assert cached["Vary"] == "Cookie"
    assert cached["Referrer-Policy"] == "same-origin"
    assert cached["X-Content-Type-Options"] == "nosniff"


def test_a_cached_page_costs_one_query_and_sets_no_cookie(client, db, django_assert_num_queries):
    make_concept("Reward Modeling")
    client.get(PAGE)
    with django_assert_num_queries(1) as queries:  # the versions, to know the page is current
        response = client.get(PAGE)
    assert "core_cacheversion" in queries.captured_queries[0]["sql"]
    assert response["X-Page-Cache"] == "hit"
    assert response.cookies == {}


def test_people_signed_in_alternating_with_a_visitor_each_see_their_own_header(
    client, contributor, editor
):
    make_concept("Reward Modeling")
    cora, erin = client.__class__(), client.__class__()
    cora.force_login(contributor)
    erin.force_login(editor)
    for _ in range(2):
        visitor = client.get(PAGE).content.decode()
        mine = cora.get(PAGE).content.decode()
        theirs = erin.get(PAGE).content.decode()
        assert ">Log in</a>" in visitor
        assert "cora" not in visitor and "erin" not in visitor
        assert '<span class="user-name" title="Signed in">cora</span>' in mine
        assert "erin" not in mine and 'href="/review/"' not in mine
        assert '<span class="user-name" title="Signed in">erin</span>' in theirs
        assert "cora" not in theirs and 'href="/review/"' in theirs
    assert client.get(PAGE)["X-Page-Cache"] == "hit"


def test_a_role_given_shows_in_the_header_on_the_next_request(client, contributor):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    assert 'href="/review/"' not in client.get(PAGE).content.decode()
    contributor.groups.add(Group.objects.get(name=EDITOR))
    assert 'href="/review/"' in client.get(PAGE).content.decode()


def test_a_visitor_with_a_message_waiting_is_not_served_the_cached_page(client, db):
    make_concept("Reward Modeling")
    client.get(PAGE)
    client.cookies[CookieStorage.cookie_name] = "anything"
    assert "X-Page-Cache" not in client.get(PAGE)


def test_an_htmx_request_gets_its_fragment_not_the_cached_page(client, db):
    client.get("/papers/")
    fragment = client.get("/papers/", headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert b"<html" not in fragment.content


def test_a_host_not_allowed_is_refused_though_the_page_is_cached(client, db):
    make_concept("Reward Modeling")
    client.get(PAGE)
    assert client.get(PAGE)["X-Page-Cache"] == "hit"
    assert client.get(PAGE, headers={"Host": "elsewhere.example"}).status_code == 400


def test_plain_http_is_still_sent_to_https_when_the_page_is_cached(client, db, settings):
    _production_headers(settings)
    make_concept("Reward Modeling")
    client.get(PAGE, secure=True)
    assert client.get(PAGE, secure=True)["X-Page-Cache"] == "hit"
    response = client.get(PAGE)
    assert response.status_code == 301
    assert response["Location"] == f"https://testserver{PAGE}"


def test_an_anonymous_visitor_with_a_stale_session_cookie_still_gets_a_cached_page(client, db):
    make_concept("Reward Modeling")
    client.get(PAGE)
    client.cookies["sessionid"] = "no-such-session"
    response = client.get(PAGE)
    assert response["X-Page-Cache"] == "hit"
    assert ">Log in</a>" in response.content.decode()


def test_a_private_wiki_sends_visitors_to_log_in_even_for_a_page_cached_before(
    client, db, settings
):
    make_concept("Reward Modeling")
    client.get(PAGE)
    settings.WIKI_REQUIRE_LOGIN_TO_READ = True
    middleware = list(settings.MIDDLEWARE)
    auth = middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware")
    middleware.insert(auth + 1, "django.contrib.auth.middleware.LoginRequiredMiddleware")
    settings.MIDDLEWARE = middleware
    response = client.__class__().get(PAGE)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_signed_in_page_asks_one_query_when_warm(client, contributor, django_assert_num_queries):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    client.get(PAGE)
    with django_assert_num_queries(1) as queries:  # the versions, read once for the request
        response = client.get(PAGE)
    assert "core_cacheversion" in queries.captured_queries[0]["sql"]
    assert '<span class="user-name" title="Signed in">cora</span>' in response.content.decode()


def test_a_signed_in_name_is_escaped_in_the_shared_page(client, contributor):
    contributor.username = "cora<b>"
    contributor.save()
    make_concept("Reward Modeling")
    client.force_login(contributor)
    client.get(PAGE)
    body = client.get(PAGE).content.decode()
    assert '<span class="user-name" title="Signed in">cora&lt;b&gt;</span>' in body
    assert "cora<b>" not in body


def test_the_token_on_a_signed_in_page_is_the_persons_own_and_logs_them_out(contributor):
    make_concept("Reward Modeling")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(contributor)
    strict.get(PAGE)
    body = strict.get(PAGE).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
    assert re.search(r'"x-csrftoken": "([^"]+)"', body).group(1) == token
    assert "rw-csrf-token" not in body and "rw-person-name" not in body
    assert strict.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert ">Log in</a>" in strict.get(PAGE).content.decode()


def test_a_message_for_a_signed_in_person_shows_once_on_the_shared_page(editor_client, editor):
    concept = make_concept("Reward Modeling", body="Old text.", author=editor)
    editor_client.get(PAGE)
    data = concept_form_data(concept, body="New text.", edit_summary="clearer")
    response = editor_client.post(f"{PAGE}edit/", data, follow=True)
    shown = response.content.decode()
    assert '<ul class="messages" role="status">' in shown
    assert "New text." in shown
    assert '<ul class="messages"' not in editor_client.get(PAGE).content.decode()


def test_behind_a_tls_proxy_plain_http_is_still_sent_to_https(client, db, settings):
    _production_headers(settings)
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_concept("Reward Modeling")
    https = {"X-Forwarded-Proto": "https"}
    client.get(PAGE, headers=https)
    assert client.get(PAGE, headers=https)["X-Page-Cache"] == "hit"
    response = client.get(PAGE, headers={"X-Forwarded-Proto": "http"})
    assert response.status_code == 301
    assert response["Location"] == f"https://testserver{PAGE}"
