"""Error pages say what happened and offer a way on, in the site's own style."""

from __future__ import annotations

from django.views.defaults import server_error

from core.errors import SiteErrorPagesMiddleware
from tests.factories import PASSWORD


def test_403_says_why_and_offers_login_to_a_visitor(client, charlie):
    client.force_login(charlie)

    response = client.get("/import/")

    assert response.status_code == 403
    page = response.content.decode()
    assert "Import is for editors." in page
    assert "You are logged in as <strong>charlie</strong>" in page
    assert 'href="/"' in page
    assert 'class="site-header"' in page  # the site's own page, not a bare one


def test_404_has_a_search_box_and_links(client, db):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing lives at <code>/no-such-page/</code>" in page
    assert '<label for="not-found-search">Search the wiki</label>' in page
    assert 'action="/search/"' in page
    assert '<a href="/wiki/">Concepts</a>' in page


def test_500_is_static_and_needs_no_database(db, rf, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = server_error(rf.get("/"))

    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page
    assert "The error has been logged" in page


def test_413_says_what_the_limit_is(editor_client):
    response = editor_client.post("/wiki/new/", {"body": "a" * 6_000_000})

    assert response.status_code == 413
    assert "That was too much at once" in response.content.decode()
    assert "The text sent is larger than 5 MB" in response.content.decode()


def test_429_lockout_says_how_long_in_words_and_in_the_header(client, contributor):
    for _ in range(5):
        client.post("/accounts/login/", {"username": "cora", "password": "wrong"})

    response = client.post("/accounts/login/", {"username": "cora", "password": PASSWORD})

    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    assert "logging in is paused for 15 minutes" in response.content.decode()


# In development (DEBUG on) the same pages, never Django's debug pages.


def test_mistyped_address_in_development_gets_the_site_404_not_the_pattern_list(
    client, db, settings
):
    settings.DEBUG = True

    response = client.get("/no-such-page/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing lives at <code>/no-such-page/</code>" in page
    assert "URLconf" not in page  # Django's list of every URL pattern


def test_missing_concept_in_development_gets_the_site_404(client, db, settings):
    settings.DEBUG = True

    response = client.get("/wiki/no-such-concept/")

    assert response.status_code == 404
    assert 'action="/search/"' in response.content.decode()


def test_host_not_allowed_in_development_gets_the_site_400(client, db, settings):
    settings.DEBUG = True

    response = client.get("/", HTTP_HOST="wiki.example.invalid")

    assert response.status_code == 400
    page = response.content.decode()
    assert "The wiki could not read that request" in page
    assert "Traceback" not in page


def test_error_in_a_view_in_development_gets_the_site_500(rf, db, settings):
    settings.DEBUG = True
    middleware = SiteErrorPagesMiddleware(lambda request: None)

    response = middleware.process_exception(rf.get("/wiki/"), RuntimeError("boom"))

    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page
    assert "boom" not in page


def test_debug_pages_switch_brings_back_django_404_in_development(client, db, settings):
    settings.DEBUG = True
    settings.DEBUG_PAGES = True

    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert "URLconf" in response.content.decode()


def test_host_not_allowed_in_production_gets_the_site_400(client, db, settings):
    response = client.get("/", HTTP_HOST="wiki.example.invalid")

    assert response.status_code == 400
    assert "The wiki could not read that request" in response.content.decode()
