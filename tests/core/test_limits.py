"""Abuse limits: login throttling, sizes of text and uploads, pagination caps."""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile

from entries.review import forms as review_forms
from entries.writing import forms as entry_forms
from front import forms as front_forms
from importer import forms as importer_forms
from papers import forms as paper_forms
from tests.factories import PASSWORD, PaperFactory, UserFactory
from wiki import forms as wiki_forms
from wiki.models import Concept

LOCKOUT = "Too many failed logins."


def _login(client, username: str, password: str, address: str = "127.0.0.1"):
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password, "next": "/"},
        REMOTE_ADDR=address,
    )


# Logins ------------------------------------------------------------------------------


def test_login_with_the_right_password_works(client, contributor):
    response = _login(client, "cora", PASSWORD)

    assert response.status_code == 302
    assert client.get("/").context["user"] == contributor


def test_five_wrong_passwords_lock_the_account_from_that_address(client, contributor):
    for _ in range(4):
        response = _login(client, "cora", "wrong", address="10.0.0.1")
        assert response.status_code == 200
        assert LOCKOUT not in response.content.decode()

    fifth = _login(client, "cora", "wrong", address="10.0.0.1")
    right_password = _login(client, "cora", PASSWORD, address="10.0.0.1")

    assert fifth.status_code == 429
    assert right_password.status_code == 429
    page = right_password.content.decode()
    assert LOCKOUT in page
    assert "logging in is paused for 15 minutes" in page
    assert 'value="cora"' in page  # the form is still there, filled in
    assert "_auth_user_id" not in client.session


def test_the_lockout_page_points_to_the_password_reset(client, contributor):
    for _ in range(5):
        _login(client, "cora", "wrong", address="10.0.0.1")

    page = _login(client, "cora", PASSWORD, address="10.0.0.1").content.decode()

    assert 'href="/accounts/password_reset/"' in page
    assert "ask an editor" not in page


def test_a_stranger_elsewhere_cannot_lock_a_colleague_out(client, contributor):
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"):
        assert _login(client, "cora", "wrong", address=address).status_code == 200

    colleague = _login(client, "cora", PASSWORD, address="10.0.0.9")

    assert colleague.status_code == 302
    assert client.session["_auth_user_id"] == str(contributor.pk)


def test_failures_for_other_accounts_do_not_lock_an_address(client, contributor, other_contributor):
    for name in ("x1", "x2", "x3", "x4", "x5"):
        _login(client, name, "wrong", address="10.0.0.7")

    same_address = _login(client, "colin", PASSWORD, address="10.0.0.7")

    assert same_address.status_code == 302


def test_a_successful_login_resets_the_count(client, contributor):
    for _ in range(4):
        _login(client, "cora", "wrong")
    assert _login(client, "cora", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    for _ in range(4):
        _login(client, "cora", "wrong")

    assert _login(client, "cora", PASSWORD).status_code == 302


def test_the_lockout_ends_after_the_cool_off(client, contributor):
    for _ in range(5):
        _login(client, "cora", "wrong")
    assert _login(client, "cora", PASSWORD).status_code == 429

    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=16))

    assert _login(client, "cora", PASSWORD).status_code == 302


def test_admin_login_is_throttled_too(client, db):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    for _ in range(5):
        client.post("/admin/login/", {"username": "root", "password": "wrong"})

    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})

    assert response.status_code == 429


# Sizes -------------------------------------------------------------------------------

FORM_CLASSES = [
    wiki_forms.ConceptForm,
    wiki_forms.ConceptLinksForm,
    wiki_forms.KeyPaperForm,
    wiki_forms.PreviewForm,
    wiki_forms.RejectForm,
    front_forms.ChangesFilterForm,
    paper_forms.PaperLookupForm,
    paper_forms.PaperForm,
    paper_forms.PaperImportForm,
    entry_forms.EntryForm,
    entry_forms.ClaimForm,
    review_forms.TransitionForm,
    review_forms.SuggestionForm,
    review_forms.MarkForm,
    review_forms.ReviewByForm,
    importer_forms.ImportForm,
]


def test_every_form_module_is_covered():
    declared = {
        obj
        for module in (
            wiki_forms,
            paper_forms,
            entry_forms,
            review_forms,
            importer_forms,
            front_forms,
        )
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, forms.BaseForm)
        and obj.__module__ == module.__name__
    }
    without_text = {paper_forms.PaperTopicsForm, paper_forms.ClaimFilterForm}
    without_text |= {wiki_forms.CompareForm, review_forms.SeenVersionForm}

    assert declared - without_text == set(FORM_CLASSES)


@pytest.mark.parametrize("form_class", FORM_CLASSES, ids=lambda c: c.__name__)
def test_every_text_field_has_a_maximum_length(db, form_class):
    form = form_class()
    unbounded = [
        name
        for name, field in form.fields.items()
        if type(field) in (forms.CharField, forms.URLField) and field.max_length is None
    ]

    assert unbounded == []


def test_too_long_concept_body_is_a_form_error(editor_client):
    response = editor_client.post(
        "/wiki/new/", {"title": "Long", "summary": "s", "body": "a" * 300_001}
    )

    assert response.status_code == 400
    assert "Ensure this value has at most 300000 characters" in response.content.decode()
    assert not Concept.objects.filter(title="Long").exists()


def test_too_long_paper_abstract_is_a_form_error(editor_client):
    response = editor_client.post(
        "/papers/new/", {"title": "Long", "abstract": "a" * 20_001, "read_level": "full_text"}
    )

    assert response.status_code == 400
    assert "Ensure this value has at most 20000 characters" in response.content.decode()


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("application/x-www-form-urlencoded", "title=Huge&body=" + "%C3%A9" * 1_000_000),
        ("multipart/form-data; boundary=BoUnDaRy", None),
    ],
    ids=["urlencoded", "multipart"],
)
def test_form_text_over_the_upload_limit_gets_a_413_page(editor_client, content_type, body):
    if body is None:
        body = (
            '--BoUnDaRy\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n'
            '--BoUnDaRy\r\nContent-Disposition: form-data; name="body"\r\n\r\n'
            + "a" * 6_000_000
            + "\r\n--BoUnDaRy--\r\n"
        )

    response = editor_client.generic("POST", "/wiki/new/", body, content_type=content_type)

    assert response.status_code == 413
    page = response.content.decode()
    assert "The text sent is larger than 5 MB" in page
    assert "Nothing was saved" in page
    assert not Concept.objects.filter(title="Huge").exists()


def test_too_many_form_fields_get_a_400_page(editor_client):
    data = {f"field{i}": "x" for i in range(5001)}

    response = editor_client.post("/wiki/new/", data)

    assert response.status_code == 400
    assert "The form has more than 5000 fields" in response.content.decode()


def test_a_declared_length_over_the_cap_is_refused_before_reading(editor_client):
    response = editor_client.generic(
        "POST",
        "/import/",
        b"tiny",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(46 * 1024 * 1024),
    )

    assert response.status_code == 413
    assert "the wiki accepts at most 45 MB at a time" in response.content.decode()


def test_api_gets_the_size_refusal_as_json(client, db):
    response = client.generic(
        "POST",
        "/api/entries/",
        b"{}",
        content_type="application/json",
        CONTENT_LENGTH=str(46 * 1024 * 1024),
    )

    assert response.status_code == 413
    assert response.json()["detail"].startswith("This request is 46 MB")


def test_oversized_import_file_is_named_in_the_message(editor_client):
    big = SimpleUploadedFile("big.md", b"# Title\n" + b"a" * (2 * 1024 * 1024 + 1))

    response = editor_client.post("/import/", {"files": [big]})

    assert response.status_code == 200
    assert "big.md" in response.content.decode()
    assert "2 MB" in response.content.decode()


def test_oversized_bibtex_file_gets_a_clear_message(editor_client):
    big = SimpleUploadedFile("big.bib", b"@article{a, title={x}}\n" * 100_000)

    response = editor_client.post("/papers/import/", {"file": big})

    assert response.status_code == 400
    assert "The file is larger than 2 MB" in response.content.decode()


# Pagination --------------------------------------------------------------------------

PAGED = [
    "/papers/",
    "/wiki/reward-modeling/history/",
    "/changes/",
    "/topics/reward-modeling/",
    "/topics/reward-modeling/?evidence=full_text",
]
ODD_PAGES = ["page=999999", "page=-1", "page=0", "page=abc", "page=1e9"]
ODD_SIZES = ["per_page=100000000", "per_page=-5", "per_page=0", "per_page=x"]


@pytest.mark.parametrize("address", PAGED)
def test_odd_page_numbers_show_a_page_never_an_error(client, world, address):
    separator = "&" if "?" in address else "?"
    for query in ODD_PAGES + ODD_SIZES:
        response = client.get(f"{address}{separator}{query}")
        assert response.status_code == 200, query


def test_papers_page_size_is_capped(client, db):
    PaperFactory.create_batch(120)

    response = client.get("/papers/?per_page=100000000")

    assert len(response.context["page"].object_list) == 100


# Addresses behind a proxy -------------------------------------------------------------


def test_without_a_trusted_proxy_a_forged_address_does_not_dodge_the_lockout(client, contributor):
    for i in range(5):
        client.post(
            "/accounts/login/",
            {"username": "cora", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{i}",
        )

    again = _login(client, "cora", PASSWORD, address="10.0.0.1")

    assert again.status_code == 429


def test_behind_a_trusted_proxy_each_client_is_counted_apart(client, contributor, settings):
    settings.TRUSTED_PROXY_HOPS = 1
    for _ in range(5):
        client.post(
            "/accounts/login/",
            {"username": "cora", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.66",
        )

    colleague = client.post(
        "/accounts/login/",
        {"username": "cora", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="203.0.113.7",
    )

    assert colleague.status_code == 302
