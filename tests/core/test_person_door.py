"""A signed-in person's page answered before Django's handling (core/chrome.py, the door):
the same page and headers the whole stack gives, their own name, token and Watch button,
and never for a session Django would not accept. The door needs the versions in memory,
which only PostgreSQL's notifications keep (core/cache_listener.py)."""

from __future__ import annotations

import json
import re
import time

import pytest
from django.contrib.auth.models import Group
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.sessions.backends.cached_db import SessionStore
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string, _unmask_cipher_token
from django.test import Client, RequestFactory

from accounts.roles import EDITOR
from core.cache_listener import listener
from core.log_format import renderer
from tests.factories import make_concept
from watching.services import watch_set
from wiki.services import concept_edit

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="versions in memory: PostgreSQL"),
]
PAGE = "/wiki/reward-modeling/"
# A masked CSRF token: each request masks the secret anew.
TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")


def _listening() -> None:
    deadline = time.monotonic() + 5
    while listener.current() is None:
        assert time.monotonic() < deadline, "the listener never caught up"
        time.sleep(0.01)


class Person:
    """A browser signed in as ``user``: its session and CSRF cookies, sent to the WSGI
    application as gunicorn would."""

    def __init__(self, user) -> None:
        client = Client()
        client.force_login(user)
        self.session = client.cookies["sessionid"].value
        self.secret = _get_new_csrf_string()

    def get(self, path: str = PAGE, cookie: str = "") -> tuple[str, dict[str, str], bytes]:
        from config.wsgi import application

        cookie = f"sessionid={self.session}; csrftoken={self.secret}; {cookie}".rstrip("; ")
        environ = RequestFactory().get(path, headers={"cookie": cookie}).environ
        answer = {}

        def start_response(status, headers, exc_info=None):
            answer.update(status=status, headers=headers)

        body = b"".join(application(environ, start_response))
        headers = {h: v for h, v in answer["headers"] if h != "Set-Cookie"}
        headers["Set-Cookie"] = [v for h, v in answer["headers"] if h == "Set-Cookie"]
        return answer["status"], headers, body


def _by_door(person: Person, path: str = PAGE) -> tuple[dict[str, str], bytes]:
    """The page as the door answers it, after the stack served it once (and this process
    heard of its own last write: until then, the stack answers)."""
    _listening()
    person.get(path)
    status, headers, body = person.get(path)
    assert (status, headers["X-Page-Cache"]) == ("200 OK", "person")
    return headers, body


def test_the_door_answers_the_page_and_headers_the_stack_gave(
    contributor, django_assert_num_queries
):
    make_concept("Reward Modeling", body="# Reward Modeling\n\nA body of text.")
    _listening()
    cora = Person(contributor)
    status, stacked, page = cora.get()
    assert status == "200 OK" and "X-Page-Cache" not in stacked
    with django_assert_num_queries(0):
        status, doored, again = cora.get()
    assert doored.pop("X-Page-Cache") == "person"
    # Header for header the stack's, but for each request's own id and cookie dates.
    for headers in (stacked, doored):
        headers.pop("X-Request-ID")
        [cookie] = headers.pop("Set-Cookie")
        assert cookie.startswith(f" csrftoken={cora.secret}; expires=")
        assert "Max-Age=31449600; Path=/; SameSite=Lax" in cookie
    assert doored == stacked
    # Byte for byte the stack's page, but for the token's mask; the token is the person's.
    assert TOKEN.sub(b"", again) == TOKEN.sub(b"", page)
    tokens = re.findall(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"', again)
    assert tokens and {_unmask_cipher_token(t.decode()) for t in tokens} == {cora.secret}
    assert b'title="Signed in">cora<' in again


def test_each_person_gets_their_own_name_token_and_watch_button(contributor, other_contributor):
    concept = make_concept("Reward Modeling")
    watch_set(user=contributor, kind="concept", target=concept, watching=True)
    _listening()
    cora, colin = Person(contributor), Person(other_contributor)
    _, cora_page = _by_door(cora)
    _, colin_page = _by_door(colin)
    assert b'title="Signed in">cora<' in cora_page and b">colin<" not in cora_page
    assert b'title="Signed in">colin<' in colin_page and b">cora<" not in colin_page
    assert b"\xe2\x98\x85 Watching" in cora_page and b"\xe2\x98\x86 Watch<" in colin_page
    assert colin.secret.encode() not in cora_page
    # A watch taken shows on the next page the door answers.
    watch_set(user=other_contributor, kind="concept", target=concept, watching=True)
    _, colin_page = _by_door(colin)
    assert b"\xe2\x98\x85 Watching" in colin_page


def test_a_session_ended_or_outdated_is_never_answered_as_the_person(contributor, editor):
    make_concept("Reward Modeling")
    _listening()
    cora, erin = Person(contributor), Person(editor)
    _by_door(cora)
    _by_door(erin)
    # Logged out elsewhere: the session is gone.
    SessionStore(session_key=cora.session).delete()
    status, _, page = cora.get()
    assert status == "200 OK" and b"cora" not in page and b"Log in" in page
    # A password changed ends every other session of the account.
    editor.set_password("a-new-password-for-erin")
    editor.save()
    page = erin.get()[2]
    assert b"erin" not in page and b"Log in" in page
    # A deactivated account, and a role taken away, count from the next request.
    other = Person(contributor)
    _by_door(other)
    contributor.groups.clear()
    _, page = _by_door(other)
    assert b'title="Signed in">cora<' in page and b"Log in to watch" not in page
    contributor.is_active = False
    contributor.save()
    page = other.get()[2]
    assert b"cora" not in page and b"Log in" in page


def test_a_role_given_shows_on_the_next_page(contributor):
    make_concept("Reward Modeling")
    _listening()
    cora = Person(contributor)
    _, page = _by_door(cora)
    assert b'href="/review/"' not in page
    contributor.groups.add(Group.objects.get(name=EDITOR))
    page = cora.get()[2]
    assert b'href="/review/"' in page


def test_a_page_with_anybodys_notice_on_it_is_always_the_stacks(contributor, other_contributor):
    concept = make_concept("Reward Modeling")
    concept_edit(
        concept=concept, author=contributor, title=concept.title, summary="Changed.",
        body="# Reward Modeling\n\nChanged.", edit_summary="An edit.",
        base_revision=concept.current_revision,
    )  # fmt: skip
    _listening()
    for user in (contributor, other_contributor):
        person = Person(user)
        for _ in range(3):
            status, headers, page = person.get()
            assert status == "200 OK" and headers.get("X-Page-Cache") != "person"
            assert (b"Your change (" in page) == (user == contributor)


def test_a_message_waiting_is_shown_not_skipped(contributor):
    make_concept("Reward Modeling")
    _listening()
    cora = Person(contributor)
    _by_door(cora)
    # As the page after a save finds it: the message in its cookie.
    waiting = CookieStorage(RequestFactory().get(PAGE))._encode(
        [Message(constants.SUCCESS, "Saved your note.")]
    )
    _, headers, page = cora.get(cookie=f"messages={waiting}")
    assert headers.get("X-Page-Cache") != "person" and b"Saved your note." in page
    assert any(c.startswith(' messages="";') for c in headers["Set-Cookie"])  # shown once


def test_the_doors_answer_is_logged_with_the_person(contributor, capsys, monkeypatch):
    monkeypatch.setattr(renderer, "fmt", "json")
    make_concept("Reward Modeling")
    _listening()
    cora = Person(contributor)
    cora.get()
    capsys.readouterr()
    assert cora.get()[1]["X-Page-Cache"] == "person"
    [line] = [json.loads(t) for t in capsys.readouterr().err.splitlines() if t.startswith("{")]
    assert (line["route"], line["status"], line["user_id"]) == (
        "wiki:concept", 200, contributor.pk,
    )  # fmt: skip
