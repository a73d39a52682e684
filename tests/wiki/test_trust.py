"""Concepts: no text reaches readers without a second person, and a page waiting for review
stays out of readers' sight."""

from __future__ import annotations

import pytest

from core.markdown import render_markdown
from tests.factories import concept_form_data, make_concept
from wiki.models import Concept, Revision, RevisionStatus
from wiki.services import concept_create, revision_create

BODY = "# Reward Modeling\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n"


def _approve(client, revision: Revision):
    return client.post(
        f"/wiki/{revision.concept.slug}/revisions/{revision.number}/approve/", {"comment": ""}
    )


@pytest.mark.django_db
def test_editor_whose_text_a_pending_revision_merged_cannot_approve_it(
    client, editor, other_editor, contributor
):
    concept = make_concept("Reward Modeling", body=BODY, author=editor)
    opened = concept_form_data(concept)  # the contributor opens the edit page
    client.force_login(editor)
    client.post(
        f"/wiki/{concept.slug}/edit/",
        concept_form_data(concept, body=BODY.replace("First", "Editor's first")),
    )
    client.force_login(contributor)
    client.post(
        f"/wiki/{concept.slug}/edit/",
        opened | {"body": BODY.replace("Third", "Contributor's third")},
    )
    pending = Revision.objects.get(status=RevisionStatus.PENDING)
    assert pending.merged and pending.author == contributor

    client.force_login(editor)
    refused = _approve(client, pending)
    queue = client.get("/review/").content.decode()
    client.force_login(other_editor)
    approved = _approve(client, pending)

    pending.refresh_from_db()
    assert refused.status_code == 403
    assert "You wrote some of this text" in queue
    assert approved.status_code == 302
    assert pending.status == RevisionStatus.PUBLISHED


@pytest.mark.django_db
def test_editor_cannot_approve_their_own_pending_revision(client, editor, settings):
    concept = make_concept("Reward Modeling", body=BODY, author=editor)
    own = revision_create(
        concept=concept, author=editor, title=concept.title, summary=concept.summary,
        body=BODY + "\nMore.", base_revision=concept.current_revision, publish=False,
    )  # fmt: skip
    client.force_login(editor)

    assert _approve(client, own).status_code == 403
    settings.WIKI_FOUR_EYES = False
    assert _approve(client, own).status_code == 302


@pytest.mark.django_db
def test_link_to_a_proposed_concept_stays_red_for_readers(client, editor, contributor):
    linker = make_concept("Linker", body="See [[Future Topic]].", author=editor)
    client.force_login(contributor)
    client.post("/wiki/new/", {"title": "Future Topic", "summary": "S.", "body": "Soon."})
    proposed = Concept.objects.get(title="Future Topic")
    assert proposed.current_revision is None
    client.logout()

    page = client.get(linker.get_absolute_url()).content.decode()

    assert 'class="wikilink wikilink-missing wikilink-proposed"' in page
    assert f'href="{proposed.get_absolute_url()}"' not in page
    assert client.get(proposed.get_absolute_url()).status_code == 404
    assert 'class="signed-in"' not in page  # the "proposed" hint is for signed-in people


@pytest.mark.django_db
def test_approving_a_proposed_concept_turns_its_links_blue(client, editor, contributor):
    linker = make_concept("Linker", body="See [[Future Topic]].", author=editor)
    concept_create(title="Future Topic", summary="S.", body="Soon.", author=contributor)
    revision = Revision.objects.get(concept__title="Future Topic")
    client.force_login(editor)

    _approve(client, revision)

    html = Concept.objects.get(pk=linker.pk).current_revision.html
    assert 'class="wikilink"' in html and "wikilink-missing" not in html


@pytest.mark.django_db
def test_proposed_title_is_reserved_and_contributors_are_told_why(client, contributor, editor):
    concept_create(title="Future Topic", summary="S.", body="Soon.", author=contributor)
    client.force_login(editor)

    response = client.post("/wiki/new/", {"title": "future topic", "summary": "S.", "body": "B."})

    assert response.status_code == 400
    assert "already proposed and waiting for review" in response.content.decode()


@pytest.mark.django_db
def test_recent_changes_show_pending_titles_only_to_reviewers(
    client, contributor, other_contributor, editor
):
    concept_create(title="Future Topic", summary="S.", body="Soon.", author=contributor)

    seen = {}
    for who in (None, other_contributor, contributor, editor):
        client.logout()
        if who is not None:
            client.force_login(who)
        seen[who.username if who else "anonymous"] = (
            "Future Topic" in client.get("/changes/").content.decode()
        )

    assert seen == {"anonymous": False, "colin": False, "cora": False, "erin": True}


@pytest.mark.django_db
def test_user_class_and_id_are_dropped_but_our_own_are_kept():
    text = (
        'A <span class="badge badge-evidence-full_text" id="x">Full text</span> claim.[^1]\n\n'
        "## A heading\n\n```python\nx = 1\n```\n\n"
        '<div class="card" id="claims-heading">block</div>\n\n[^1]: A note.\n'
    )

    html = render_markdown(text, with_toc=True).html

    assert 'class="badge' not in html and 'id="x"' not in html
    assert 'class="card"' not in html and 'id="claims-heading"' not in html
    assert '<h2 id="a-heading">' in html
    assert 'class="footnote-ref"' in html and 'id="fn:1"' in html
    assert '<div class="codehilite">' in html and '<span class="n">x</span>' in html
