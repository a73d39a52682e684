from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.factories import UserFactory


def test_login_shows_name_in_navigation(page: Page, live_server, login):
    UserFactory(username="cora", role="Contributor")
    page.goto(live_server.url + "/")
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    login("cora")
    header = page.locator("header")
    expect(header.get_by_text("cora")).to_be_visible()
    expect(header.get_by_role("button", name="Log out")).to_be_visible()
    header.get_by_role("button", name="Log out").click()
    expect(page.locator("header").get_by_role("link", name="Log in")).to_be_visible()
    expect(header.get_by_text("cora")).to_have_count(0)


def test_wrong_password_keeps_user_on_login_page(page: Page, live_server, login):
    UserFactory(username="cora", role="Contributor")
    login("cora", "wrong-password")
    expect(page.get_by_role("alert")).to_contain_text("correct username and password")
