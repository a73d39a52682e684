"""A person changes their password, forgets it, and sets a new one from the emailed link;
the email goes through a real SMTP server."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.factories import PASSWORD, UserFactory

CHANGED = "changed-passphrase-41"
RESET = "reset-passphrase-73"


def test_change_then_reset_a_password(page: Page, live_server, login, smtp_outbox, settings):
    settings.SITE_URL = live_server.url
    UserFactory(username="cora", role="Contributor", email="cora@example.org")

    login("cora")
    page.locator("header").get_by_role("link", name="Change password").click()
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(CHANGED)
    page.get_by_label("New password confirmation").fill(CHANGED)
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("heading", name="Password changed")).to_be_visible()

    page.locator("header").get_by_role("button", name="Log out").click()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("cora@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()

    (message,) = smtp_outbox.messages
    assert message["To"] == "cora@example.org"
    (link,) = smtp_outbox.links()
    assert link.startswith(f"{live_server.url}/accounts/reset/")
    page.goto(link)
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    page.get_by_label("New password", exact=True).fill(RESET)
    page.get_by_label("New password confirmation").fill(RESET)
    page.get_by_role("button", name="Set password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()

    page.get_by_role("link", name="Log in").last.click()
    login("cora", CHANGED)
    expect(page.get_by_role("alert")).to_contain_text("correct username and password")
    login("cora", RESET)
    expect(page.locator("header").get_by_text("cora")).to_be_visible()
