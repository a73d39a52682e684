"""Every kind of page, for a visitor, a contributor and an editor, at desktop and phone
widths, logs no console error and breaks no Content-Security-Policy rule, including the
htmx interactions people use most: filtering papers through the form, marking claims."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from demo.content import demo_accounts, load_demo_content
from entries.models import Entry, EntryStatus
from results.models import Benchmark
from tests.factories import ClaimFactory, EntryFactory
from wiki.models import Concept

WIDTHS = {"desktop": 1280, "phone": 390}
# Every violation the browser reports, whether or not it reaches the console.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(`CSP ${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


@pytest.fixture
def demo(live_server):
    passwords = demo_accounts()
    load_demo_content()
    editor_entry = EntryFactory(
        status=EntryStatus.PENDING,
        author=_user("editor"),
        headline="An editor's own finding",
        date=dt.date(2026, 10, 1),
    )
    ClaimFactory(entry=editor_entry, position=0, text="Scores rise by 3 points on MATH.")
    return live_server.url, passwords, editor_entry


def _user(username: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=username)


@pytest.fixture
def watched(page: Page):
    problems: list[str] = []
    page.on(
        "console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.add_init_script(LISTEN)
    page.problems = problems
    return page


def _problems(page: Page) -> list[str]:
    found = list(page.problems) + page.evaluate("window.__cspViolations || []")
    page.problems.clear()
    return found


def _pages(editor_entry: Entry) -> list[str]:
    concept = Concept.objects.published().order_by("title").first()
    published = Entry.objects.published().order_by("-date").first()
    benchmark = Benchmark.objects.order_by("name").first()
    paper = published.papers.first() or concept.papers.first()
    return [
        "/",
        "/wiki/",
        concept.get_absolute_url(),
        concept.get_absolute_url() + "history/",
        concept.get_absolute_url() + "results/",
        f"/topics/{concept.slug}/",
        "/topics/",
        "/feeds/entries/",
        "/feeds/papers/",
        published.get_absolute_url(),
        "/papers/",
        paper.get_absolute_url(),
        "/benchmarks/",
        benchmark.get_absolute_url() if benchmark else "/benchmarks/",
        "/search/?q=reward",
        "/changes/",
        "/help/evidence/",
        "/accounts/login/",
        "/accounts/password_reset/",
    ]


SIGNED_IN = [
    "/wiki/new/",
    "/entries/new/",
    "/entries/mine/",
    "/watching/",
    "/accounts/password_change/",
]
EDITORS = ["/review/", "/review/audit/", "/import/", "/papers/new/"]


def _log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state("networkidle")


def _visit_all(page: Page, base: str, paths: list[str]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        found[path] = _problems(page)
    return {path: problems for path, problems in found.items() if problems}


def _filter_papers(page: Page, base: str, width: int) -> list[str]:
    page.goto(base + "/papers/")
    if width < 700:
        page.get_by_role("button", name="Filters").click()
    page.get_by_label("Search", exact=True).fill("reward")
    page.get_by_label("Published after").fill("2020-01-01")
    page.get_by_label("Search", exact=True).press("Enter")
    expect(page).to_have_url(re.compile(r"published_after=2020-01-01"))
    page.wait_for_load_state("networkidle")
    return _problems(page)


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_visitor_sees_no_console_error_anywhere(watched: Page, demo, width):
    base, _, editor_entry = demo
    watched.set_viewport_size({"width": width, "height": 900})

    found = _visit_all(watched, base, _pages(editor_entry))
    found["papers filter"] = _filter_papers(watched, base, width)

    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_contributor_sees_no_console_error_anywhere(watched: Page, demo, width):
    base, passwords, editor_entry = demo
    watched.set_viewport_size({"width": width, "height": 900})
    _log_in(watched, base, "contributor", passwords["contributor"])
    concept = Concept.objects.published().order_by("title").first()
    own = Entry.objects.filter(author__username="contributor").order_by("-date").first()

    paths = [*_pages(editor_entry), *SIGNED_IN, concept.get_absolute_url() + "edit/"]
    paths += [own.get_absolute_url(), own.get_absolute_url() + "edit/"]
    found = _visit_all(watched, base, paths)
    found["papers filter"] = _filter_papers(watched, base, width)

    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_editor_sees_no_console_error_anywhere_and_marks_cleanly(watched: Page, demo, width):
    base, passwords, editor_entry = demo
    watched.set_viewport_size({"width": width, "height": 900})
    _log_in(watched, base, "editor", passwords["editor"])
    concept = Concept.objects.published().order_by("title").first()
    queued = Entry.objects.pending().exclude(author__username="editor").first()

    paths = [*_pages(editor_entry), *SIGNED_IN, *EDITORS, concept.get_absolute_url() + "edit/"]
    paths += [f"/review/{queued.pk}/", queued.get_absolute_url()]
    found = _visit_all(watched, base, paths)
    found["papers filter"] = _filter_papers(watched, base, width)
    # Marking a claim of someone else's entry, then one of the editor's own.
    marking = [
        queued.get_absolute_url(),
        editor_entry.get_absolute_url(),
        f"/review/{editor_entry.pk}/",  # the queue's page of the editor's own entry
    ]
    for path in marking:
        watched.goto(base + path)
        claim = watched.locator(".claim-review").first
        claim.get_by_label("Evidence").select_option("secondary")
        watched.get_by_role("button", name="Save marks").first.click()
        watched.wait_for_load_state("networkidle")
        found[f"marking on {path}"] = _problems(watched)

    assert {k: v for k, v in found.items() if v} == {}
