"""Phones and the dark colour scheme, in a real browser: no page scrolls sideways at 390 px,
the navigation and the filters fold, and every badge stays legible in the dark."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "layout"
PHONE = {"width": 390, "height": 844}

# The WCAG contrast of a badge's text on its own background (or the page's, if clear).
CONTRAST = """
(el) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let node = el, bg = null;
  while (node) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) { bg = c.slice(0, 3); break; }
    node = node.parentElement;
  }
  bg = bg || [255, 255, 255];
  const fg = rgb(getComputedStyle(el).color).slice(0, 3);
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}
"""


def _pages(world) -> list[str]:
    return [
        "/",
        "/papers/",
        world.concept.get_absolute_url(),
        world.published.get_absolute_url(),
        "/review/",
        "/changes/",
        world.paper.get_absolute_url(),
    ]


def _signed_in(new_context, base: str, **context) -> Page:
    page = new_context(**context).new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state("networkidle")
    return page


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_no_page_scrolls_sideways_on_a_phone(new_context, live_server, world):
    page = _signed_in(new_context, live_server.url, viewport=PHONE)

    for path in _pages(world):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        width, screen = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        _shot(page, "phone" + path.replace("/", "_"))
        assert width <= screen, f"{path} is {width - screen} px wider than the phone"


@pytest.mark.django_db(transaction=True)
def test_phone_navigation_and_filters_fold(new_context, live_server, world):
    page = _signed_in(new_context, live_server.url, viewport=PHONE)
    page.goto(live_server.url + "/papers/")
    nav = page.get_by_role("navigation", name="Main")
    menu = page.get_by_role("button", name="Menu")

    expect(nav).to_be_hidden()
    menu.click()
    expect(nav.get_by_role("link", name="Review")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "true")

    search = page.get_by_label("Search", exact=True)
    expect(search).to_be_hidden()
    page.get_by_role("button", name="Filters").click()
    expect(search).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_wide_screens_keep_everything_open(new_context, live_server, world):
    page = _signed_in(new_context, live_server.url, viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/papers/")

    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    expect(page.get_by_label("Search", exact=True)).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_dark_scheme_keeps_every_badge_legible(new_context, live_server, world):
    page = _signed_in(new_context, live_server.url, color_scheme="dark")

    for path in _pages(world):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        _shot(page, "dark" + path.replace("/", "_"))
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(20, 24, 29)", path
        for badge in page.locator(".badge:visible").all():
            ratio = badge.evaluate(CONTRAST)
            assert ratio >= 4.5, f"{path}: “{badge.inner_text()}” has contrast {ratio:.2f}"


@pytest.mark.django_db(transaction=True)
def test_an_editors_header_stays_on_one_row_at_1280_px(new_context, live_server, world):
    page = _signed_in(new_context, live_server.url, viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/wiki/")
    row = page.locator(".header-row")
    brand_top = page.locator(".brand").bounding_box()["y"]

    heights = [row.bounding_box()["height"]]
    page.get_by_label("Quick find").focus()
    heights.append(row.bounding_box()["height"])
    tops = [page.locator(s).bounding_box()["y"] for s in (".main-nav", ".account")]

    assert max(heights) < 70, heights
    assert all(abs(top - brand_top) < 20 for top in tops), tops
