"""Accounts and the cache: logging in changes no page; renaming somebody does; roles and
sessions come from the shared cache yet follow every change at once."""

from __future__ import annotations

from core.cache import content_version, people_version
from tests.factories import make_concept
from wiki.services import concept_edit


def _get(client, path):
    response = client.get(path)
    assert response.status_code == 200
    return response


def _tables(queries) -> str:
    return " ".join(q["sql"] for q in queries.captured_queries)


def test_logging_in_keeps_every_cached_page(client, contributor):
    contributor.set_password("a long passphrase")
    contributor.save()
    make_concept("Reward Modeling")
    _get(client, "/wiki/reward-modeling/")
    before = content_version()
    response = client.post(
        "/accounts/login/", {"username": "cora", "password": "a long passphrase"}
    )
    assert response.status_code == 302
    assert content_version() == before
    assert _get(client.__class__(), "/wiki/reward-modeling/")["X-Page-Cache"] == "hit"


def test_a_new_password_or_account_is_not_content(contributor, django_user_model):
    before = content_version()
    contributor.set_password("another long passphrase")
    contributor.save()  # every column, as a password change form saves it
    django_user_model.objects.create_user("newcomer", password="x" * 12)
    assert content_version() == before


def test_renaming_somebody_changes_the_pages_that_name_them(client, contributor):
    make_concept("Reward Modeling", body="Text.", author=contributor)
    assert "by cora" in _get(client, "/wiki/reward-modeling/").content.decode()
    before = content_version()
    contributor.username = "cora-renamed"
    contributor.save()
    assert content_version() != before
    assert "by cora-renamed" in _get(client, "/wiki/reward-modeling/").content.decode()


def test_signed_in_page_asks_no_session_account_or_permission_query(
    client, contributor, django_assert_max_num_queries
):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    _get(client, "/wiki/reward-modeling/")
    with django_assert_max_num_queries(10) as queries:
        body = _get(client, "/wiki/reward-modeling/").content.decode()
    assert "cora" in body
    sql = _tables(queries)
    assert 'FROM "django_session"' not in sql
    assert 'FROM "auth_user" WHERE' not in sql
    assert "auth_permission" not in sql


def test_a_role_taken_away_applies_on_the_next_request(client, contributor):
    concept = make_concept("Reward Modeling")
    client.force_login(contributor)
    assert _get(client, f"/wiki/{concept.slug}/edit/").status_code == 200
    before = people_version()
    contributor.groups.clear()
    assert people_version() != before
    assert client.get(f"/wiki/{concept.slug}/edit/").status_code == 403


def test_a_deactivated_account_is_signed_out_at_once(client, contributor):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    assert "cora" in _get(client, "/wiki/reward-modeling/").content.decode()
    contributor.is_active = False
    contributor.save(update_fields=["is_active"])
    assert "Log in" in _get(client, "/wiki/reward-modeling/").content.decode()


def test_a_password_changed_elsewhere_ends_this_session(client, contributor):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    _get(client, "/wiki/reward-modeling/")
    contributor.set_password("changed on another device")
    contributor.save()
    assert "Log in" in _get(client, "/wiki/reward-modeling/").content.decode()


def test_logging_out_ends_the_cached_session(client, contributor):
    make_concept("Reward Modeling")
    client.force_login(contributor)
    cookie = client.cookies["sessionid"].value
    client.post("/accounts/logout/")
    other = client.__class__()
    other.cookies["sessionid"] = cookie
    assert "Log in" in _get(other, "/wiki/reward-modeling/").content.decode()


def test_an_edit_by_somebody_is_still_content(client, editor):
    concept = make_concept("Reward Modeling", body="Old.")
    before = content_version()
    concept_edit(
        concept=concept, author=editor, title=concept.title, summary=concept.summary,
        body="New.", edit_summary="", base_revision=concept.current_revision,
    )  # fmt: skip
    assert content_version() != before
