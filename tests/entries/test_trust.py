"""Nothing reaches readers, and no evidence mark changes, without a second person and a
trace: each way it used to break, tried through the site's own pages."""

from __future__ import annotations

import datetime as dt

import pytest

from entries.models import MARK_CHANGED, Caveat, Claim, Entry, EntryEvent, EntryStatus, Evidence
from entries.writing.services import ClaimData
from entries.writing.submission import Submission, entry_submit
from tests.factories import ClaimFactory, results_decided

S = EntryStatus


def _edit_form(entry: Entry, *, headline: str, version: int | None = None, **claim) -> dict:
    """The entry's edit form as posted: its text, one claim per existing claim."""
    claims = list(entry.claims.order_by("position"))
    data = {
        "op": "save",
        "date": entry.date.isoformat(),
        "headline": headline,
        "lead": entry.lead,
        "seen_status": entry.status,
        "seen_version": entry.version if version is None else version,
        "claims-TOTAL_FORMS": str(len(claims)),
        "claims-INITIAL_FORMS": "0",
    }
    for i, c in enumerate(claims):
        data |= {
            f"claims-{i}-id": c.pk,
            f"claims-{i}-text": c.text,
            f"claims-{i}-paper": c.paper.arxiv_id if c.paper else "",
            f"claims-{i}-quote": c.quote,
            f"claims-{i}-evidence": claim.get("evidence", c.evidence),
            f"claims-{i}-evidence_reason": claim.get("reason", ""),
        }
    return data


def _approve(client, entry: Entry, *, version: int, next: str = ""):
    results_decided(entry)  # its figures are proposed as results: decided, as an editor would
    data = {"to": S.PUBLISHED, "seen_status": S.PENDING, "seen_version": version}
    if next:
        data["next"] = next
    return client.post(f"/entries/{entry.pk}/transition/", data)


# 2. Four-eyes: everyone who wrote the text -------------------------------------------


def test_editor_who_edited_a_pending_entry_cannot_approve_it(
    client, make_entry, editor, other_editor
):
    entry = make_entry(S.PENDING)
    client.force_login(editor)
    edited = client.post(f"/entries/{entry.pk}/edit/", _edit_form(entry, headline="Rewritten"))
    entry.refresh_from_db()
    assert edited.status_code == 302 and entry.headline == "Rewritten"

    response = _approve(client, entry, version=entry.version)

    entry.refresh_from_db()
    assert response.status_code == 403
    assert "You edited this entry" in response.content.decode()
    assert entry.status == S.PENDING
    client.force_login(other_editor)
    assert _approve(client, entry, version=entry.version).status_code == 302
    entry.refresh_from_db()
    assert entry.status == S.PUBLISHED


def test_four_eyes_off_lets_one_editor_edit_and_approve(client, make_entry, editor, settings):
    settings.WIKI_FOUR_EYES = False
    entry = make_entry(S.PENDING)
    client.force_login(editor)
    client.post(f"/entries/{entry.pk}/edit/", _edit_form(entry, headline="Rewritten"))
    entry.refresh_from_db()

    assert _approve(client, entry, version=entry.version).status_code == 302
    entry.refresh_from_db()
    assert entry.status == S.PUBLISHED


def test_entry_page_tells_the_editing_editor_why_there_is_no_approve_button(
    client, make_entry, editor
):
    entry = make_entry(S.PENDING)
    client.force_login(editor)
    client.post(f"/entries/{entry.pk}/edit/", _edit_form(entry, headline="Rewritten"))

    html = client.get(f"/entries/{entry.pk}/").content.decode()

    assert 'name="to" value="published"' not in html
    assert "You wrote or edited this entry: another editor approves it" in html


# 3. A mark on a published claim changes with a trace ---------------------------------


def test_mark_change_on_a_published_claim_is_logged_and_shown(
    client, make_entry, editor, no_figure
):
    entry = make_entry(S.PUBLISHED, claims=2)
    claim = entry.claims.order_by("position").last()
    version = entry.version
    client.force_login(editor)

    response = client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": Evidence.SECONDARY, "caveats": [no_figure.pk]}
    )

    entry.refresh_from_db()
    claim.refresh_from_db()
    event = entry.events.get(action=MARK_CHANGED)
    assert response.status_code == 302
    assert claim.evidence == Evidence.SECONDARY
    assert entry.version == version + 1
    assert event.actor == editor
    assert event.detail == {
        "claim": claim.pk,
        "position": 2,
        "text": claim.text,
        "evidence": {"from": Evidence.FULL_TEXT, "to": Evidence.SECONDARY},
        "caveats": {"from": [], "to": ["no figure stated"]},
    }
    client.logout()
    page = client.get(f"/entries/{entry.pk}/").content.decode()
    assert "changed a mark" in page
    assert '<span class="mark-from">full text</span> → <span class="mark-to">secondary</span>' in (
        page
    )
    assert "caveat added: no figure stated" in page
    changes = client.get("/changes/").content.decode()
    assert "changed a mark" in changes and "claim 2" in changes


def test_marks_on_a_pending_entry_need_no_event_but_move_the_version(client, make_entry, editor):
    entry = make_entry(S.PENDING, marked=False)
    claim = entry.claims.first()
    client.force_login(editor)

    client.post(f"/claims/{claim.pk}/mark/", {"evidence": Evidence.EDITORIAL})

    entry.refresh_from_db()
    assert entry.version == 2
    assert not entry.events.filter(action=MARK_CHANGED).exists()


def test_marking_with_the_same_marks_changes_nothing(client, make_entry, editor):
    entry = make_entry(S.PUBLISHED, claims=1)
    client.force_login(editor)

    client.post(f"/claims/{entry.claims.get().pk}/mark/", {"evidence": Evidence.FULL_TEXT})

    entry.refresh_from_db()
    assert entry.version == 1
    assert not entry.events.filter(action=MARK_CHANGED).exists()


# 4. Approving what one never saw -----------------------------------------------------


def _pipeline_entry(contributor, topic, headline: str = "From the pipeline") -> Entry:
    submission = Submission(
        date=dt.date(2026, 9, 30),
        headline=headline,
        lead="Lead.",
        topics=[topic],
        claims=[ClaimData(text="Accuracy improves by 3 points.")],
        status=S.PENDING,
        external_id="pipe-1",
    )
    return entry_submit(by=contributor, submission=submission).entry


def test_approval_of_an_entry_resubmitted_since_it_was_opened_is_refused(
    client, contributor, editor, topic
):
    entry = _pipeline_entry(contributor, topic)
    client.force_login(editor)
    page = client.get(f"/entries/{entry.pk}/").content.decode()
    seen = Entry.objects.get(pk=entry.pk).version
    assert f'id="seen-version-{entry.pk}" value="{seen}"' in page
    client.post(f"/claims/{entry.claims.get().pk}/mark/", {"evidence": Evidence.EDITORIAL,
                                                         "seen_version": seen})  # fmt: skip
    seen += 1
    _pipeline_entry(contributor, topic, headline="Changed at the source")  # same external id

    response = _approve(client, entry, version=seen, next="/review/")

    entry.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == f"/review/#entry-{entry.pk}"
    assert entry.status == S.PENDING and entry.headline == "Changed at the source"
    queue = client.get(response["Location"]).content.decode()
    assert "This entry changed while you had it open" in queue
    assert entry.events.filter(action="updated by resubmission").exists()
    # Read again (the resubmitted claim kept its mark), it can be approved.
    assert _approve(client, entry, version=entry.version).status_code == 302
    entry.refresh_from_db()
    assert entry.status == S.PUBLISHED


def test_approval_without_a_version_is_refused(client, make_entry, editor):
    entry = make_entry(S.PENDING)
    client.force_login(editor)

    response = client.post(f"/entries/{entry.pk}/transition/", {"to": S.PUBLISHED})

    entry.refresh_from_db()
    assert response.status_code == 400
    assert entry.status == S.PENDING


def test_a_mark_on_an_entry_changed_since_it_was_opened_is_refused(
    client, contributor, editor, topic
):
    entry = _pipeline_entry(contributor, topic)
    seen = entry.version
    _pipeline_entry(contributor, topic, headline="Changed at the source")
    client.force_login(editor)

    response = client.post(
        f"/claims/{entry.claims.get().pk}/mark/",
        {"evidence": Evidence.EDITORIAL, "seen_version": seen},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 409
    assert "This entry changed while you had it open" in response.content.decode()
    # The approve control keeps the version the editor saw: approving would be refused.
    assert f'id="seen-version-{entry.pk}" value="{seen}"' in response.content.decode()
    assert entry.claims.get().evidence == Evidence.UNMARKED


def test_a_mark_made_on_the_version_seen_moves_the_approval_on(client, make_entry, editor):
    entry = make_entry(S.PENDING, marked=False, claims=1)
    client.force_login(editor)

    response = client.post(
        f"/claims/{entry.claims.get().pk}/mark/",
        {"evidence": Evidence.EDITORIAL, "seen_version": 1},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    assert f'id="seen-version-{entry.pk}" value="2"' in response.content.decode()


# 5. Lost update on entries -----------------------------------------------------------


def test_second_stale_save_gets_a_conflict_page_and_loses_nothing(
    client, make_entry, editor, other_editor
):
    entry = make_entry(S.PENDING)
    opened = entry.version
    client.force_login(editor)
    first = client.post(
        f"/entries/{entry.pk}/edit/", _edit_form(entry, headline="First editor's headline")
    )
    client.force_login(other_editor)

    second = client.post(
        f"/entries/{entry.pk}/edit/",
        _edit_form(entry, headline="Second editor's headline", version=opened),
    )

    entry.refresh_from_db()
    html = second.content.decode()
    assert first.status_code == 302
    assert second.status_code == 409
    assert entry.headline == "First editor's headline"
    assert "Nothing was saved over the change" in html
    assert "The entry as it is now (version 2)" in html
    assert 'value="Second editor&#x27;s headline"' in html  # their text, still in the form
    assert 'name="seen_version" value="2"' in html  # saving again builds on the new text


# 7. The admin only shows entries -----------------------------------------------------


def test_admin_cannot_change_an_entry(client, make_entry, superuser):
    entry = make_entry(S.PUBLISHED)
    client.force_login(superuser)
    url = f"/admin/entries/entry/{entry.pk}/change/"

    page = client.get(url)
    response = client.post(url, {"headline": "Changed in the admin", "status": S.DRAFT})

    entry.refresh_from_db()
    assert page.status_code == 200
    assert response.status_code == 403
    assert (entry.headline, entry.status) != ("Changed in the admin", S.DRAFT)
    assert client.post(f"/admin/entries/entry/{entry.pk}/delete/", {"post": "yes"}).status_code in (
        403,
    )
    assert client.get("/admin/entries/entry/add/").status_code == 403
    claim = entry.claims.first()
    assert (
        client.post(
            f"/admin/entries/claim/{claim.pk}/change/", {"evidence": Evidence.EDITORIAL}
        ).status_code
        == 403
    )
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_admin_still_edits_the_caveat_vocabulary(client, superuser):
    client.force_login(superuser)
    caveat = Caveat.objects.get(name="no figure stated")

    response = client.post(
        f"/admin/entries/caveat/{caveat.pk}/change/",
        {"name": caveat.name, "slug": caveat.slug, "position": 0, "description": "Clearer."},
    )

    caveat.refresh_from_db()
    assert response.status_code == 302
    assert caveat.description == "Clearer."


# 8. Marks that mean what they say ----------------------------------------------------


def test_apply_all_never_overwrites_an_explicit_mark(client, make_entry, editor, abstract_paper):
    entry = make_entry(S.PENDING, claims=0)
    explicit = ClaimFactory(
        entry=entry, text="No number here.", paper=abstract_paper, evidence=Evidence.FULL_TEXT
    )
    blank = ClaimFactory(entry=entry, text="Nothing measured.", paper=abstract_paper)
    client.force_login(editor)

    client.post(f"/entries/{entry.pk}/apply-suggestions/")

    explicit.refresh_from_db()
    blank.refresh_from_db()
    assert explicit.evidence == Evidence.FULL_TEXT
    assert blank.evidence == Evidence.ABSTRACT_ONLY
    assert "no figure stated" in {c.name for c in explicit.caveats.all()}  # a blank, filled


def test_full_text_on_an_abstract_only_paper_needs_a_reason(
    client, make_entry, editor, abstract_paper
):
    entry = make_entry(S.PENDING, claims=0)
    claim = ClaimFactory(entry=entry, paper=abstract_paper)
    client.force_login(editor)

    refused = client.post(
        f"/claims/{claim.pk}/mark/", {"evidence": Evidence.FULL_TEXT}, HTTP_HX_REQUEST="true"
    )
    claim.refresh_from_db()
    assert refused.status_code == 400
    assert "say where its full text was read" in refused.content.decode()
    assert claim.evidence == Evidence.UNMARKED

    reason = "Read the PDF from the authors' page."
    client.post(f"/claims/{claim.pk}/mark/", {"evidence": Evidence.FULL_TEXT, "reason": reason})
    claim.refresh_from_db()
    assert (claim.evidence, claim.evidence_reason) == (Evidence.FULL_TEXT, reason)


def test_full_text_on_an_abstract_only_paper_in_the_edit_form_needs_a_reason(
    client, make_entry, editor, abstract_paper
):
    entry = make_entry(S.PENDING, claims=0)
    ClaimFactory(entry=entry, paper=abstract_paper)
    client.force_login(editor)

    refused = client.post(
        f"/entries/{entry.pk}/edit/", _edit_form(entry, headline="H", evidence=Evidence.FULL_TEXT)
    )
    assert refused.status_code == 400
    assert Claim.objects.get(entry=entry).evidence == Evidence.UNMARKED

    client.post(
        f"/entries/{entry.pk}/edit/",
        _edit_form(entry, headline="H", evidence=Evidence.FULL_TEXT, reason="Read in print."),
    )
    claim = Claim.objects.get(entry=entry)
    assert (claim.evidence, claim.evidence_reason) == (Evidence.FULL_TEXT, "Read in print.")


def test_review_form_puts_full_text_last_and_saves_only_on_its_button(client, make_entry, editor):
    entry = make_entry(S.PENDING, marked=False, claims=1)
    client.force_login(editor)

    html = client.get(f"/entries/{entry.pk}/").content.decode()

    claim = entry.claims.get()
    options = html[html.index(f'name="claim-{claim.pk}-evidence"') :].split("</select>")[0]
    values = [part.split('"')[0] for part in options.split('<option value="')[1:]]
    assert values == ["unmarked", "abstract_only", "secondary", "editorial", "full_text"]
    mark_form = html[html.index('class="mark-form"') :].split("</form>")[0]
    assert 'hx-trigger="change"' not in mark_form
    assert ">Save marks</button>" in mark_form
    # One "Save marks" for the entry's changed claims as well (shown by its script).
    assert f'action="/entries/{entry.pk}/marks/"' in html


def test_claim_html_cannot_dress_up_as_a_badge(client, make_entry, contributor, editor):
    fake = '<span class="badge badge-evidence-full_text" id="claims-heading">Full text</span>'
    entry = make_entry(S.PENDING, claims=0)
    client.force_login(editor)
    form = _edit_form(entry, headline="Fake badge") | {
        "claims-TOTAL_FORMS": "1",
        "claims-0-text": f"Works well {fake}",
        "claims-0-evidence": Evidence.EDITORIAL,
    }
    client.post(f"/entries/{entry.pk}/edit/", form)

    claim = Claim.objects.get(entry=entry)

    assert claim.html == "<p>Works well <span></span>Full text</p>"


def test_approval_comment_is_private_to_author_and_editors(
    client, make_entry, editor, contributor, other_contributor
):
    entry = make_entry(S.PENDING)
    client.force_login(editor)
    form = client.get(f"/entries/{entry.pk}/").content.decode()
    assert "(seen only by the author and editors)" in form
    client.post(
        f"/entries/{entry.pk}/transition/",
        {"to": S.PUBLISHED, "comment": "Private note.", "seen_version": entry.version},
    )

    seen = {}
    for who in (None, other_contributor, contributor, editor):
        client.logout()
        if who is not None:
            client.force_login(who)
        page = client.get(f"/entries/{entry.pk}/").content.decode()
        changes = client.get("/changes/").content.decode()
        seen[who.username if who else "anonymous"] = (
            "Private note." in page,
            "Private note." in changes,
        )

    assert seen == {
        "anonymous": (False, False),
        "colin": (False, False),
        "cora": (True, True),
        "erin": (True, True),
    }


def test_help_page_explains_every_level_and_caveat(client, db):
    html = client.get("/help/evidence/").content.decode()

    for value in Evidence.values:
        assert f'id="evidence-{value}"' in html
    for caveat in Caveat.objects.all():
        assert f'id="caveat-{caveat.slug}"' in html and caveat.description in html
    assert "reported by someone other than the paper" in html.lower()


def test_every_badge_links_to_the_help_page_with_a_tooltip(client, make_entry, no_figure):
    entry = make_entry(S.PUBLISHED, claims=1)
    entry.claims.get().caveats.add(no_figure)

    html = client.get(f"/entries/{entry.pk}/").content.decode()

    assert (
        '<a class="badge badge-caveat" href="/help/evidence/#caveat-no-figure-stated" '
        'title="Caveat: no figure stated, The claim reports no number'
    ) in html
    assert 'title="Evidence: full text, checked against the full paper"' in html
    assert 'class="badge-help" href="/help/evidence/"' in html


@pytest.mark.parametrize("path", ["/entries/{pk}/", "/help/evidence/", "/topics/{slug}/"])
def test_pages_with_badges_answer_in_bounded_queries(
    client, make_entry, topic, path, django_assert_max_num_queries
):
    entry = make_entry(S.PUBLISHED, claims=3)
    url = path.format(pk=entry.pk, slug=topic.slug)
    client.get(url)
    for _ in range(3):
        make_entry(S.PUBLISHED, claims=3)

    with django_assert_max_num_queries(12):
        assert client.get(url).status_code == 200


def test_recent_changes_marks_are_bounded(
    client, make_entry, editor, django_assert_max_num_queries
):
    client.force_login(editor)
    for _ in range(3):
        entry = make_entry(S.PUBLISHED, claims=1)
        client.post(f"/claims/{entry.claims.get().pk}/mark/", {"evidence": Evidence.EDITORIAL})
    assert EntryEvent.objects.filter(action=MARK_CHANGED).count() == 3

    with django_assert_max_num_queries(12):
        response = client.get("/changes/")
    assert response.content.decode().count("changed a mark") == 3
