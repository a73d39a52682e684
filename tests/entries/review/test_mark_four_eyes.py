"""Under the four-eyes rule nobody changes the marks of published text they wrote without a
second editor, on the web or through the API (issue #27, item 2)."""

from __future__ import annotations

import pytest

from api.services import token_create
from entries.models import Claim, EntryStatus, Evidence
from entries.review.services import claim_mark
from entries.writing.services import EditNotAllowed

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_published(make_entry, editor):
    """A published entry that ``editor`` wrote, its claims marked "abstract only"."""
    entry = make_entry(EntryStatus.PUBLISHED, author=editor, claims=1)
    entry.claims.update(evidence=Evidence.ABSTRACT_ONLY)
    return entry


def _evidence(entry) -> list[str]:
    return list(entry.claims.values_list("evidence", flat=True))


def test_author_cannot_change_marks_of_their_published_entry(own_published, editor):
    with pytest.raises(EditNotAllowed, match="four-eyes"):
        claim_mark(
            claim=own_published.claims.get(), by=editor, evidence=Evidence.FULL_TEXT, caveats=[]
        )
    assert _evidence(own_published) == [Evidence.ABSTRACT_ONLY]


def test_author_raising_evidence_through_the_api_is_refused(own_published, editor, client):
    claim = own_published.claims.get()
    token = token_create(user=editor, name="pipeline")[1]

    response = client.put(
        f"/api/claims/{claim.pk}/evidence/",
        {"evidence": "full_text", "caveats": [], "reason": "Read the PDF."},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )

    assert response.status_code == 403
    assert "another editor" in response.json()["detail"]
    assert _evidence(own_published) == [Evidence.ABSTRACT_ONLY]


def test_author_changing_marks_on_the_web_is_refused(own_published, editor, client):
    claim = own_published.claims.get()
    client.force_login(editor)

    response = client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": "editorial"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 403
    assert "another editor" in response.content.decode()
    assert _evidence(own_published) == [Evidence.ABSTRACT_ONLY]


def test_an_editor_who_edited_the_text_is_a_writer_too(own_published, other_editor, make_entry):
    from entries.models import EntryEvent

    EntryEvent.objects.create(entry=own_published, actor=other_editor, action="edited")
    with pytest.raises(EditNotAllowed):
        claim_mark(
            claim=own_published.claims.get(),
            by=other_editor,
            evidence=Evidence.EDITORIAL,
            caveats=[],
        )


def test_a_second_editor_may_change_the_marks(own_published, other_editor):
    claim = claim_mark(
        claim=own_published.claims.get(),
        by=other_editor,
        evidence=Evidence.EDITORIAL,
        caveats=[],
    )
    assert Claim.objects.get(pk=claim.pk).evidence == Evidence.EDITORIAL


def test_without_the_four_eyes_rule_the_author_may(own_published, editor, settings):
    settings.WIKI_FOUR_EYES = False
    claim_mark(claim=own_published.claims.get(), by=editor, evidence=Evidence.SECONDARY, caveats=[])
    assert _evidence(own_published) == [Evidence.SECONDARY]
