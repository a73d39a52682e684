"""An arXiv id in text that is not in the library links to adding it, the id filled in."""

from __future__ import annotations

import re

import pytest

from core.markdown import render_markdown

pytestmark = pytest.mark.django_db


def _add_link(text: str) -> str:
    return re.search(r'href="([^"]+)"', render_markdown(text).html).group(1).replace("&amp;", "&")


def test_the_add_link_opens_the_new_paper_form_with_the_id_filled_in(contributor_client):
    address = _add_link("Builds on arXiv:2609.00001v2.")

    response = contributor_client.get(address)
    html = response.content.decode()

    assert address == "/papers/new/?arxiv_id=2609.00001"
    assert response.status_code == 200
    assert re.search(r'<input[^>]*name="arxiv"[^>]*value="2609.00001"', html)
    assert re.search(r'<input[^>]*name="arxiv_id"[^>]*value="2609.00001"', html)


def test_anonymous_readers_following_it_are_asked_to_log_in(client):
    response = client.get(_add_link("See 2609.00001."))

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/papers/new/")


def test_a_forged_id_fills_in_nothing(contributor_client):
    html = contributor_client.get("/papers/new/?arxiv_id=<script>").content.decode()

    assert "<script>" not in html
    assert not re.search(r'name="arxiv_id"[^>]*value=', html)
