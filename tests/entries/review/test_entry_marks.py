"""One "Save marks" for an entry: the claims an editor changed are saved together, under the
same rules as one claim's marks (four eyes, the version seen, reasons for "full text")."""

from __future__ import annotations

import pytest

from entries.models import EntryEvent, EntryStatus, Evidence
from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _marks(entry, levels: dict, *, seen=None, caveats=None) -> dict:
    data = {"claim": [str(c.pk) for c in levels], "next": "/review/"}
    for claim, level in levels.items():
        data[f"claim-{claim.pk}-evidence"] = level
    for claim, ids in (caveats or {}).items():
        data[f"claim-{claim.pk}-caveats"] = [str(i) for i in ids]
    if seen is not None:
        data["seen_version"] = str(seen)
    return data


def _save(client, entry, levels: dict, *, htmx=True, **options):
    data = _marks(entry, levels, **options)
    return client.post(f"/entries/{entry.pk}/marks/", data, **(HTMX if htmx else {}))


def _levels(entry) -> list[str]:
    return list(entry.claims.order_by("position").values_list("evidence", flat=True))


def test_one_save_marks_every_changed_claim(make_entry, editor, client, no_figure):
    entry = make_entry(EntryStatus.PENDING, marked=False, claims=3)
    first, second, _ = entry.claims.order_by("position")
    client.force_login(editor)

    response = client.post(
        f"/entries/{entry.pk}/marks/",
        _marks(
            entry,
            {first: Evidence.SECONDARY, second: Evidence.EDITORIAL},
            seen=entry.version,
            caveats={second: [no_figure.pk]},
        ),
        **HTMX,
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert _levels(entry) == [Evidence.SECONDARY, Evidence.EDITORIAL, Evidence.UNMARKED]
    assert list(second.caveats.values_list("name", flat=True)) == [no_figure.name]
    assert "Marks saved." in html
    assert "1 claim still unmarked" in html
    entry.refresh_from_db()
    assert f'id="seen-version-{entry.pk}" value="{entry.version}"' in html


def test_one_refused_claim_saves_none(make_entry, editor, client):
    entry = make_entry(EntryStatus.PENDING, marked=False, claims=2)
    first, second = entry.claims.order_by("position")
    second.paper = PaperFactory(read_level="abstract_only")
    second.save()
    client.force_login(editor)

    response = client.post(
        f"/entries/{entry.pk}/marks/",
        _marks(entry, {first: Evidence.SECONDARY, second: Evidence.FULL_TEXT}, seen=entry.version),
        **HTMX,
    )

    assert response.status_code == 400
    assert "Claim 2:" in response.content.decode()
    assert _levels(entry) == [Evidence.UNMARKED, Evidence.UNMARKED]


def test_marks_on_a_changed_entry_are_refused(make_entry, editor, client):
    entry = make_entry(EntryStatus.PENDING, marked=False, claims=1)
    client.force_login(editor)

    response = client.post(
        f"/entries/{entry.pk}/marks/",
        _marks(entry, {entry.claims.get(): Evidence.SECONDARY}, seen=entry.version - 1 or 99),
        **HTMX,
    )

    assert response.status_code == 409
    assert _levels(entry) == [Evidence.UNMARKED]


def test_author_cannot_save_marks_of_their_published_entry(make_entry, editor, client):
    entry = make_entry(EntryStatus.PUBLISHED, author=editor, claims=1)
    client.force_login(editor)

    response = _save(client, entry, {entry.claims.get(): "editorial"})

    assert response.status_code == 403
    assert "another editor" in response.content.decode()
    assert _levels(entry) == [Evidence.FULL_TEXT]


def test_a_claim_of_another_entry_is_a_conflict(make_entry, editor, client):
    entry = make_entry(EntryStatus.PENDING, marked=False, claims=1)
    other = make_entry(EntryStatus.PENDING, marked=False, claims=1)
    client.force_login(editor)

    response = _save(client, entry, {other.claims.get(): "editorial"})

    assert response.status_code == 409
    assert _levels(other) == [Evidence.UNMARKED]


def test_contributors_cannot_save_marks(make_entry, contributor, client):
    entry = make_entry(EntryStatus.PENDING, marked=False, claims=1)
    client.force_login(contributor)

    response = _save(client, entry, {entry.claims.get(): "editorial"}, htmx=False)

    assert response.status_code == 403
    assert _levels(entry) == [Evidence.UNMARKED]


def test_marks_saved_on_a_published_entry_are_logged(make_entry, editor, client):
    entry = make_entry(EntryStatus.PUBLISHED, claims=1)
    client.force_login(editor)

    response = _save(client, entry, {entry.claims.get(): "editorial"}, htmx=False)

    assert response.status_code == 302
    assert EntryEvent.objects.filter(entry=entry, actor=editor).count() == 1


def test_an_editor_marking_their_own_pending_entry_sends_the_version_seen(
    make_entry, editor, client
):
    entry = make_entry(EntryStatus.PENDING, author=editor, marked=False, claims=1)
    client.force_login(editor)

    html = client.get("/review/").content.decode()

    assert f'id="seen-version-{entry.pk}" value="{entry.version}"' in html
    assert "another editor approves it" in html
