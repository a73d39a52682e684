"""Accounts that help themselves: changing a password, and resetting a forgotten one by
email, sent through a real SMTP server."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.factories import PASSWORD

NEW_PASSWORD = "a-new-long-passphrase-9"


def _login(client, username: str, password: str):
    return client.post("/accounts/login/", {"username": username, "password": password})


def _request_reset(client, address: str):
    return client.post("/accounts/password_reset/", {"email": address})


def test_reset_email_goes_through_smtp_with_an_absolute_link(
    client, contributor, smtp_outbox, settings
):
    settings.SITE_URL = "https://wiki.example.org"

    response = _request_reset(client, "cora@example.org")

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password_reset/done/"
    (message,) = smtp_outbox.messages
    assert message["To"] == "cora@example.org"
    assert message["Subject"] == "Set a new password for Research Wiki"
    body = smtp_outbox.body()
    assert 'set a new password for your account "cora"' in body
    assert "If you did not ask for this, ignore this message" in body
    (link,) = smtp_outbox.links()
    assert link.startswith("https://wiki.example.org/accounts/reset/")


def test_following_the_emailed_link_sets_a_new_password(client, contributor, smtp_outbox):
    _request_reset(client, "cora@example.org")
    (link,) = smtp_outbox.links()
    assert link.startswith("http://testserver/accounts/reset/")  # no SITE_URL: this host

    form_page = client.get(urlsplit(link).path, follow=True)
    assert "Set a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert done["Location"] == "/accounts/reset/done/"
    assert _login(client, "cora", PASSWORD).status_code == 200  # the old one is gone
    assert _login(client, "cora", NEW_PASSWORD).status_code == 302


def test_a_reset_link_works_once(client, contributor, smtp_outbox):
    _request_reset(client, "cora@example.org")
    (link,) = smtp_outbox.links()
    form_page = client.get(urlsplit(link).path, follow=True)
    client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    again = client.get(urlsplit(link).path, follow=True)

    assert "This link no longer works" in again.content.decode()
    assert 'href="/accounts/password_reset/"' in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, contributor, smtp_outbox):
    response = _request_reset(client, "nobody@example.org")

    assert response["Location"] == "/accounts/password_reset/done/"
    assert smtp_outbox.messages == []


def test_the_login_page_links_to_the_reset(client, db):
    page = client.get("/accounts/login/").content.decode()

    assert '<a href="/accounts/password_reset/">Forgot your password?</a>' in page


def test_a_signed_in_person_changes_their_password(client, contributor):
    client.force_login(contributor)
    assert 'href="/accounts/password_change/"' in client.get("/").content.decode()

    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )

    assert response.redirect_chain == [("/accounts/password_change/done/", 302)]
    assert "Your new password is in use" in response.content.decode()
    client.post("/accounts/logout/")
    assert _login(client, "cora", NEW_PASSWORD).status_code == 302


def test_a_wrong_current_password_changes_nothing(client, contributor):
    client.force_login(contributor)

    response = client.post(
        "/accounts/password_change/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()
    client.post("/accounts/logout/")
    assert _login(client, "cora", PASSWORD).status_code == 302


def test_changing_a_password_needs_a_login(client, db):
    response = client.get("/accounts/password_change/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
