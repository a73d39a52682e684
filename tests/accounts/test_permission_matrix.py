"""Who may do what: every URL of the site by every kind of visitor → the expected outcome.

The rule table is keyed by URL name and checked against the URLconf itself: a new view
without a rule fails ``test_every_url_has_a_rule``. Each rule says, for a POST by each
actor, what must happen: "login" (sent to the login page), an HTTP status, or "done" (the
action happened: 200, or a redirect that is not to the login page). A refused request must
leave every table as it was; a "done" write must change something.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import serializers
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from papers.services import paper_update
from tests.factories import PASSWORD, UserFactory
from wiki.models import Concept

ACTORS = ("anonymous", "charlie", "contributor", "other_contributor", "editor", "author_editor")
# Who each actor is. "contributor" (cora) wrote the entries the URLs point at;
# "author_editor" (eddie) is an editor whose own entries the URLs point at when he acts.
USERNAMES = {
    "charlie": "charlie",
    "contributor": "cora",
    "other_contributor": "colin",
    "editor": "erin",
    "author_editor": "eddie",
}
SAMPLES = Path(__file__).resolve().parent.parent / "importer" / "samples"

# URLconf prefixes left out, and why.
EXCLUDED_PREFIXES = {
    "admin/": "Django's admin: staff only, guarded by its own permission checks",
    "api/": "the JSON API, token-authenticated, with its own tests in tests/api",
}

DONE, LOGIN = "done", "login"


@dataclass(frozen=True)
class Rule:
    """What a POST to one URL does for each actor. ``path`` and ``data`` build the request
    from the world and the actor; ``writes`` says whether "done" must change the database
    (None: it may, e.g. a login updating last_login)."""

    path: Callable[..., str]
    outcomes: dict[str, object]
    data: Callable[..., dict] = field(default=lambda w, a: {})
    writes: bool | None = True


def _all(outcome, **overrides) -> dict[str, object]:
    return {actor: overrides.get(actor, outcome) for actor in ACTORS}


def _editors_only(**overrides):
    return _all(403, **{"anonymous": LOGIN, "editor": DONE, "author_editor": DONE, **overrides})


def _contributors(**overrides):
    return _all(DONE, **{"anonymous": LOGIN, "charlie": 403, **overrides})


def read_only(path: Callable[..., str], **overrides) -> Rule:
    """A page that only answers GET: a POST changes nothing."""
    return Rule(path=path, outcomes=_all(405, **overrides), writes=False)


def _owner(actor: str) -> str:
    return "eddie" if actor == "author_editor" else "cora"


def _entry_form(headline: str, claim: str = "Accuracy improves by 3 points.") -> dict:
    return {
        "op": "save",
        "date": "2026-10-01",
        "headline": headline,
        "lead": "Lead.",
        "claims-TOTAL_FORMS": "1",
        "claims-INITIAL_FORMS": "0",
        "claims-0-text": claim,
        "claims-0-paper": "",
        "claims-0-quote": "",
        "claims-0-evidence": "unmarked",
    }


def _concept(w) -> str:
    return w.concept.get_absolute_url()


def _current_number(w) -> int:
    return Concept.objects.get(pk=w.concept.pk).current_revision.number


def _result_of(entry) -> int:
    """A proposed result on the entry's first claim (made here: the world's claims state
    no figure the first reading finds)."""
    from results.models import Result

    claim = entry.claims.order_by("position").first()
    result, _ = Result.objects.get_or_create(
        claim=claim, defaults={"value": 3.0, "benchmark_name": "MMLU", "date": entry.date}
    )
    return result.pk


def _paper(w) -> str:
    return w.paper.get_absolute_url()


def _paper_change(w) -> str:
    """An editor's change of the paper's title, and the URL that reverts it."""
    erin = get_user_model().objects.get(username="erin")
    paper_update(paper=w.paper, fields={"title": "Retitled"}, topics=w.paper.topics.all(), by=erin)
    change = w.paper.changes.get()
    return f"{_paper(w)}changes/{change.pk}/revert/"


def _reset_link(w, a) -> str:
    """The link cora's reset email carries (a POST to it moves on to the password form)."""
    cora = get_user_model().objects.get(username="cora")
    uid = urlsafe_base64_encode(force_bytes(cora.pk))
    return f"/accounts/reset/{uid}/{default_token_generator.make_token(cora)}/"


def _bib(w, a):
    text = "@article{new2026, title={A Paper From BibTeX}, year={2026}}\n"
    return {"file": SimpleUploadedFile("refs.bib", text.encode())}


def _notes(w, a):
    note = (SAMPLES / "tool_use_curriculum.txt").read_bytes()
    return {"files": [SimpleUploadedFile("note.txt", note)]}


def _concept_edit(w, a):
    return {
        "title": w.concept.title,
        "summary": w.concept.summary,
        "body": f"# Reward Modeling\n\nEdited by {a}.",
        "edit_summary": "matrix",
        "base_revision": w.concept.current_revision.number,
    }


RULES: dict[str, Rule] = {
    # Site pages.
    "home": read_only(lambda w, a: "/"),
    "healthz": read_only(lambda w, a: "/healthz"),
    "search": read_only(lambda w, a: "/search/?q=reward"),
    "favicon.ico": read_only(lambda w, a: "/favicon.ico"),
    "login": Rule(
        path=lambda w, a: "/accounts/login/",
        data=lambda w, a: {"username": "cora", "password": PASSWORD},
        outcomes=_all(DONE),
        writes=None,  # last_login
    ),
    "logout": Rule(path=lambda w, a: "/accounts/logout/", outcomes=_all(DONE), writes=False),
    # Passwords: the hash is left out of the snapshot, so these "write" nothing it sees.
    "password_change": Rule(
        path=lambda w, a: "/accounts/password_change/",
        data=lambda w, a: {
            "old_password": PASSWORD,
            "new_password1": "another-long-passphrase-7",
            "new_password2": "another-long-passphrase-7",
        },
        outcomes=_all(DONE, anonymous=LOGIN),
        writes=False,
    ),
    "password_change_done": read_only(
        lambda w, a: "/accounts/password_change/done/", anonymous=LOGIN
    ),
    "password_reset": Rule(
        path=lambda w, a: "/accounts/password_reset/",
        data=lambda w, a: {"email": "cora@example.org"},
        outcomes=_all(DONE),
        writes=False,
    ),
    "password_reset_done": read_only(lambda w, a: "/accounts/password_reset/done/"),
    "password_reset_confirm": Rule(path=_reset_link, outcomes=_all(DONE), writes=False),
    "password_reset_complete": read_only(lambda w, a: "/accounts/reset/done/"),
    # Concepts.
    "wiki:index": read_only(lambda w, a: "/wiki/"),
    "wiki:concept": read_only(lambda w, a: _concept(w)),
    "wiki:history": read_only(lambda w, a: f"{_concept(w)}history/"),
    "wiki:diff": read_only(lambda w, a: f"{_concept(w)}diff/?a=1&b=2"),
    "wiki:revision": read_only(lambda w, a: f"{_concept(w)}revisions/1/"),
    "wiki:new": Rule(
        path=lambda w, a: "/wiki/new/",
        data=lambda w, a: {"title": f"Page by {a}", "summary": "S.", "body": "B."},
        outcomes=_contributors(),
    ),
    "wiki:preview": Rule(
        path=lambda w, a: "/wiki/preview/",
        data=lambda w, a: {"body": "# Hello"},
        outcomes=_contributors(),
        writes=False,
    ),
    "wiki:edit": Rule(
        path=lambda w, a: f"{_concept(w)}edit/", data=_concept_edit, outcomes=_contributors()
    ),
    "wiki:revision_revert": Rule(
        path=lambda w, a: f"{_concept(w)}revisions/1/revert/",
        # The current revision the person compared against before confirming.
        data=lambda w, a: {"current": str(_current_number(w))},
        outcomes=_contributors(),
    ),
    "wiki:revision_approve": Rule(
        path=lambda w, a: f"{_concept(w)}revisions/{w.pending_revision.number}/approve/",
        outcomes=_editors_only(),
    ),
    "wiki:revision_reject": Rule(
        path=lambda w, a: f"{_concept(w)}revisions/{w.pending_revision.number}/reject/",
        data=lambda w, a: {"comment": "Not yet."},
        outcomes=_editors_only(),
    ),
    # Papers.
    # The operators' figures answer GET only (who may read them: tests/front/test_ops.py).
    "ops": read_only(lambda w, a: "/ops/", anonymous=LOGIN),
    "metrics": read_only(lambda w, a: "/metrics"),
    # A job's pages answer GET only (whose job it is: tests/jobs/test_jobs.py).
    "jobs:list": read_only(lambda w, a: "/jobs/"),
    "jobs:detail": read_only(lambda w, a: "/jobs/1/"),
    # Watching: anyone signed in may watch what they can read, for themselves only
    # (whose watches and feed: tests/watching/test_watching.py).
    "watching:page": read_only(lambda w, a: "/watching/", anonymous=LOGIN),
    "watching:toggle": Rule(
        path=lambda w, a: f"/watching/concept/{w.concept.pk}/",
        data=lambda w, a: {"watch": "1"},
        outcomes=_all(DONE, anonymous=LOGIN),
    ),
    "watching:digest": Rule(
        path=lambda w, a: "/watching/digest/",
        data=lambda w, a: {"digest": "daily"},
        outcomes=_all(DONE, anonymous=LOGIN),
    ),
    "watching:feed_revoke": Rule(
        path=lambda w, a: "/watching/feed/revoke/", outcomes=_all(DONE, anonymous=LOGIN)
    ),
    "watching:feed": read_only(lambda w, a: "/watching/feed/not-a-token/"),
    "papers:list": read_only(lambda w, a: "/papers/"),
    "papers:detail": read_only(lambda w, a: _paper(w)),
    "papers:new": Rule(
        path=lambda w, a: "/papers/new/",
        data=lambda w, a: {"title": f"Paper by {a}", "read_level": "full_text"},
        outcomes=_contributors(),
    ),
    "papers:import": Rule(path=lambda w, a: "/papers/import/", data=_bib, outcomes=_contributors()),
    "papers:topics": Rule(
        path=lambda w, a: f"{_paper(w)}topics/",
        data=lambda w, a: {"topics": []},
        outcomes=_contributors(),
    ),
    # The world's paper is cited by a published entry: only editors change it (issue #27).
    "papers:edit": Rule(
        path=lambda w, a: f"{_paper(w)}edit/",
        data=lambda w, a: {"title": "Renamed", "arxiv_id": "2608.17528", "read_level": "full_text"},
        outcomes=_editors_only(),
    ),
    "papers:change_revert": Rule(path=lambda w, a: _paper_change(w), outcomes=_editors_only()),
    "importer:upload": Rule(path=lambda w, a: "/import/", data=_notes, outcomes=_editors_only()),
    # Entries.
    "entries:new": Rule(
        path=lambda w, a: "/entries/new/",
        data=lambda w, a: _entry_form(f"New by {a}"),
        outcomes=_contributors(),
    ),
    "entries:mine": read_only(lambda w, a: "/entries/mine/", anonymous=LOGIN),
    "entries:paper_options": read_only(lambda w, a: "/entries/papers/?q=scal", anonymous=LOGIN),
    "entries:detail": read_only(lambda w, a: w.published.get_absolute_url()),
    "entries:edit": Rule(
        # A draft: only its author edits it, and editors.
        path=lambda w, a: f"/entries/{w.drafts[_owner(a)].pk}/edit/",
        data=lambda w, a: _entry_form(f"Edited by {a}"),
        outcomes=_contributors(other_contributor=403),
    ),
    "entries:transition": Rule(
        # Approving a pending entry: an editor, never the entry's own author.
        path=lambda w, a: f"/entries/{w.pending[_owner(a)].pk}/transition/",
        data=lambda w, a: {
            "to": "published",
            "seen_status": "pending",
            "seen_version": w.pending[_owner(a)].version,
        },
        outcomes=_editors_only(author_editor=403),
    ),
    "entries:apply_suggestions": Rule(
        path=lambda w, a: f"/entries/{w.pending[_owner(a)].pk}/apply-suggestions/",
        outcomes=_editors_only(),
    ),
    "results:concept_results": read_only(lambda w, a: f"{_concept(w)}results/"),
    "results:benchmarks": read_only(lambda w, a: "/benchmarks/"),
    "results:benchmark": read_only(lambda w, a: "/benchmarks/mmlu/"),
    "results:decide": Rule(
        # Deciding a result: an editor, never one who wrote the entry (four-eyes).
        path=lambda w, a: f"/results/{_result_of(w.pending[_owner(a)])}/decide/",
        data=lambda w, a: {"decision": "discard"},
        outcomes=_editors_only(author_editor=403),
    ),
    "results:edit": Rule(
        # Correcting or removing a proposal: only the entry's author.
        path=lambda w, a: f"/results/{_result_of(w.drafts[_owner(a)])}/edit/",
        data=lambda w, a: {"remove": "1"},
        outcomes=_contributors(other_contributor=403, editor=403),
    ),
    "entries:claim_mark": Rule(
        path=lambda w, a: f"/claims/{w.claim_of(w.pending[_owner(a)]).pk}/mark/",
        data=lambda w, a: {"evidence": "secondary"},
        outcomes=_editors_only(),
    ),
    "entries:marks": Rule(
        path=lambda w, a: f"/entries/{w.pending[_owner(a)].pk}/marks/",
        data=lambda w, a: {
            "claim": str(w.claim_of(w.pending[_owner(a)]).pk),
            f"claim-{w.claim_of(w.pending[_owner(a)]).pk}-evidence": "secondary",
        },
        outcomes=_editors_only(),
    ),
    "entries:review_by": Rule(
        # A re-review date on the published State of the Art entry: editors only.
        path=lambda w, a: f"/entries/{w.published.pk}/review-by/",
        data=lambda w, a: {"action": "set", "review_by": "2099-01-01"},
        outcomes=_editors_only(),
    ),
    "entries:claim_apply": Rule(
        path=lambda w, a: f"/claims/{w.claim_of(w.pending[_owner(a)]).pk}/apply/",
        data=lambda w, a: {"kind": "evidence", "value": "abstract_only"},
        outcomes=_editors_only(),
    ),
    "entries:review": read_only(lambda w, a: "/review/", anonymous=LOGIN),
    "entries:audit": read_only(lambda w, a: "/review/audit/", anonymous=LOGIN),
    # Starts a job that reports and changes no content (tests/entries/review/test_reaudit.py).
    "entries:reaudit": Rule(
        path=lambda w, a: "/review/audit/run/", outcomes=_editors_only(), writes=False
    ),
    "entries:review_item": read_only(
        lambda w, a: f"/review/{w.pending['cora'].pk}/", anonymous=LOGIN
    ),
    "entries:help_evidence": read_only(lambda w, a: "/help/evidence/"),
    "entries:topics": read_only(lambda w, a: "/topics/"),
    "entries:topic": read_only(lambda w, a: f"/topics/{w.concept.slug}/"),
    "entries:topic_feed": read_only(lambda w, a: f"/topics/{w.concept.slug}/feed/"),
    "entries_feed": read_only(lambda w, a: "/feeds/entries/"),
    "papers_feed": read_only(lambda w, a: "/feeds/papers/"),
    "changes": read_only(lambda w, a: "/changes/"),
}


def _url_patterns(patterns=None, prefix: str = "", namespace: str = ""):
    """(key, route) of every pattern: its namespaced name, or its route when unnamed."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from _url_patterns(pattern.url_patterns, route, inner)
        elif isinstance(pattern, URLPattern):
            yield (f"{namespace}{pattern.name}" if pattern.name else route), route


def test_every_url_has_a_rule():
    covered = {
        key for key, route in _url_patterns() if not route.startswith(tuple(EXCLUDED_PREFIXES))
    }
    excluded = {route.split("/")[0] + "/" for _, route in _url_patterns()} & set(EXCLUDED_PREFIXES)

    assert covered == set(RULES), (
        f"without a rule: {sorted(covered - set(RULES))}; "
        f"rules for no URL: {sorted(set(RULES) - covered)}"
    )
    assert excluded == set(EXCLUDED_PREFIXES)


def _snapshot() -> str:
    """Every row of the wiki's own tables, and the users (login times aside)."""
    parts = []
    for label in ("wiki", "papers", "entries", "results", "watching"):
        for model in apps.get_app_config(label).get_models():
            parts.append(serializers.serialize("json", model.objects.order_by("pk")))
    user_model = apps.get_model("auth", "User")
    parts.append(
        serializers.serialize(
            "json",
            user_model.objects.order_by("pk"),
            fields=["username", "email", "groups", "is_staff", "is_superuser"],
        )
    )
    return "\n".join(parts)


def _outcome(response, expected: object) -> object:
    status = response.status_code
    if status in (301, 302) and "/accounts/login/" in response["Location"]:
        return LOGIN
    if expected == DONE and status in (200, 302):
        return DONE
    return status


CASES = [(name, actor) for name in RULES for actor in ACTORS]


@pytest.mark.parametrize(("name", "actor"), CASES, ids=[f"{n}-{a}" for n, a in CASES])
def test_post_outcome(client, world, name, actor):
    rule = RULES[name]
    if actor != "anonymous":
        client.force_login(UserFactory(username=USERNAMES[actor]))
    path = rule.path(world, actor)
    data = rule.data(world, actor)
    before = _snapshot()

    response = client.post(path, data)

    expected = rule.outcomes[actor]
    assert _outcome(response, expected) == expected, response.content.decode()[:2000]
    changed = _snapshot() != before
    if expected == DONE and rule.writes is not None:
        assert changed == rule.writes
    elif expected != DONE:
        assert not changed


@pytest.mark.parametrize("name", sorted(RULES))
def test_post_without_csrf_token_is_refused(world, editor, name):
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    rule = RULES[name]
    # The request is built first: building it may arrange rows (a result to decide).
    path, data = rule.path(world, "editor"), rule.data(world, "editor")
    before = _snapshot()

    response = client.post(path, data)

    assert response.status_code == 403
    assert _snapshot() == before
