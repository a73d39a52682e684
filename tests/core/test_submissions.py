"""A form that creates something, sent twice with its one-time token (a retry after a lost
answer), makes one thing and shows it the second time (issue #27, item 7)."""

from __future__ import annotations

import re
import time

import pytest
from django.core.cache import cache

from entries.models import Entry
from papers.models import Paper
from wiki.models import Concept

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _token(client, url: str) -> str:
    html = client.get(url).content.decode()
    # One token per page, however many of its forms carry it (add a paper, import a file).
    (token,) = set(re.findall(r'name="submission_token" value="([0-9a-f]{32})"', html))
    return token


def test_a_resent_concept_form_makes_one_page(editor_client):
    data = {"title": "Retried Page", "summary": "S.", "body": "B."}
    data["submission_token"] = _token(editor_client, "/wiki/new/")

    first = editor_client.post("/wiki/new/", data)
    again = editor_client.post("/wiki/new/", data)

    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Concept.objects.filter(title="Retried Page").count() == 1


def test_a_resent_paper_form_makes_one_paper(contributor_client):
    data = {"title": "A paper sent twice", "read_level": "abstract_only"}
    data["submission_token"] = _token(contributor_client, "/papers/new/")

    first = contributor_client.post("/papers/new/", data)
    again = contributor_client.post("/papers/new/", data, follow=True)

    assert again.redirect_chain[-1][0] == first["Location"]
    assert "already sent and saved" in again.content.decode()
    assert Paper.objects.filter(title="A paper sent twice").count() == 1


def test_a_resent_entry_form_makes_one_entry(contributor_client):
    data = {
        "op": "save",
        "date": "2026-10-01",
        "headline": "Sent twice",
        "lead": "Lead.",
        "claims-TOTAL_FORMS": "1",
        "claims-INITIAL_FORMS": "0",
        "claims-0-text": "Accuracy improves by 3 points.",
        "claims-0-paper": "",
        "claims-0-quote": "",
    }
    data["submission_token"] = _token(contributor_client, "/entries/new/")

    first = contributor_client.post("/entries/new/", data)
    again = contributor_client.post("/entries/new/", data)

    assert again["Location"] == first["Location"]
    assert Entry.objects.filter(headline="Sent twice").count() == 1


def test_a_form_with_errors_frees_its_token(contributor_client):
    token = _token(contributor_client, "/papers/new/")
    bad = {"title": "", "read_level": "abstract_only", "submission_token": token}
    assert contributor_client.post("/papers/new/", bad).status_code == 400

    good = {**bad, "title": "Corrected"}
    assert contributor_client.post("/papers/new/", good).status_code == 302
    assert Paper.objects.filter(title="Corrected").count() == 1


def test_a_token_is_per_person(contributor_client, other_contributor, client):
    data = {"title": "Mine", "read_level": "abstract_only"}
    data["submission_token"] = _token(contributor_client, "/papers/new/")
    contributor_client.post("/papers/new/", data)
    client.force_login(other_contributor)

    client.post("/papers/new/", {**data, "title": "Theirs"})

    assert Paper.objects.filter(title__in=["Mine", "Theirs"]).count() == 2


def test_without_a_token_forms_work_as_before(contributor_client):
    data = {"title": "No token", "read_level": "abstract_only"}
    contributor_client.post("/papers/new/", data)
    contributor_client.post("/papers/new/", {**data, "title": "No token 2"})
    assert Paper.objects.filter(title__startswith="No token").count() == 2


def test_a_claim_left_by_a_worker_killed_mid_save_lapses(contributor, monkeypatch, rf):
    from core import submissions

    monkeypatch.setattr(submissions, "PENDING_SECONDS", 1)
    request = rf.post("/papers/new/", {"submission_token": "a" * 32})
    request.user = contributor

    assert submissions.submission_start(request) is None  # claimed; the worker then dies
    assert submissions.submission_start(request).status_code == 409  # "reload in a moment"
    time.sleep(1.1)
    assert submissions.submission_start(request) is None  # the resend may make the thing
