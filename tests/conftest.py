from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from tests.smtp import start_smtp_server

# Playwright's sync API runs an event loop in the test thread; the live server and the ORM
# calls made from tests are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SEEDS_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# The fixtures through which a test reaches the database; pytest-django refuses any other.
DATABASE_FIXTURES = {"db", "transactional_db", "live_server"}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that reach the database (a second run on another backend "
        "need not repeat the ones that cannot differ)",
    )


def uses_database(item) -> bool:
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))) or (
        item.get_closest_marker("django_db") is not None
    )


def pytest_collection_modifyitems(config, items):
    if config.getoption("--database-tests-only"):
        left_out = [item for item in items if not uses_database(item)]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = [item for item in items if uses_database(item)]
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)
    if not Path(CHROMIUM).exists():
        skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium)")
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    yield
    from core.cache_listener import listener

    listener.stop()  # its connection would keep the test database from being dropped


@pytest.fixture(autouse=True)
def _restore_seeded_rows(request, django_db_blocker):
    """A transactional test (live server, threads) ends by emptying every table; put back
    the rows the data migrations seed (caveats, role groups) before the next test that
    reaches the database runs."""
    if not uses_database(request.node):
        return
    request.getfixturevalue("django_db_setup")
    from django.apps import apps
    from django.contrib.auth.models import Group

    from accounts.roles import sync_groups
    from entries.models import Caveat

    with django_db_blocker.unblock():
        # The flush ends by sending post_migrate, which brings the groups back but not the
        # caveats a data migration seeded: check each.
        if not Caveat.objects.exists():
            importlib.import_module("entries.migrations.0003_seed_caveats").seed(apps, None)
        if not Group.objects.filter(name="Editor").exists():
            sync_groups(apps)


@pytest.fixture(autouse=True)
def _jobs_run_inline(settings):
    """Jobs (imports, emails) run inside the request that starts them, so the suite needs no
    worker; tests/jobs/test_worker.py runs the real db_worker against the queue."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"},
    }


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_api_rate_limits(settings):
    """Tests make many API requests from one address; tests/api/test_rate_limits.py sets them."""
    settings.API_RATE_LIMIT_TOKEN = settings.API_RATE_LIMIT_ANONYMOUS = ""
    # The same for password-reset mails; tests/accounts/test_password_reset_limits.py sets them.
    settings.PASSWORD_RESET_RATE_PER_ADDRESS = settings.PASSWORD_RESET_RATE_PER_CLIENT = ""


@pytest.fixture(autouse=True)
def _private_page_cache(settings):
    """Each test gets an empty page cache of its own, in memory: a shared folder would let
    two test runs (or two tests) see each other's pages."""
    settings.CACHES = {
        **settings.CACHES,
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test-pages",
        },
    }
    from django.core.cache import caches

    from core.cache import memo

    caches["pages"].clear()
    # The versions live in the database, and each test's rollback brings back the tokens
    # it found: what a worker kept in memory under them must go with the test.
    memo.values.clear()


@pytest.fixture
def smtp_outbox(settings):
    """Mail sent through Django's SMTP backend to a real SMTP server on a free local port;
    the fixture is that server's outbox (``messages``, ``body()``, ``links()``)."""
    controller, outbox = start_smtp_server()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = controller.hostname, controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield outbox
    controller.stop()


@pytest.fixture
def seeds_dir() -> Path:
    if not SEEDS_DIR.exists():
        pytest.skip(f"seed pages not found at {SEEDS_DIR}")
    return SEEDS_DIR


@pytest.fixture
def editor(db):
    from tests.factories import UserFactory

    return UserFactory(username="erin", role="Editor")


@pytest.fixture
def other_editor(db):
    from tests.factories import UserFactory

    return UserFactory(username="eddie", role="Editor")


@pytest.fixture
def contributor(db):
    from tests.factories import UserFactory

    return UserFactory(username="cora", role="Contributor")


@pytest.fixture
def other_contributor(db):
    from tests.factories import UserFactory

    return UserFactory(username="colin", role="Contributor")


@pytest.fixture
def charlie(db):
    """A signed-in user with no role: may read, must not change anything."""
    from tests.factories import UserFactory

    return UserFactory(username="charlie")


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def contributor_client(client, contributor):
    client.force_login(contributor)
    return client


@pytest.fixture
def world(db, editor, other_editor, contributor, other_contributor, charlie):
    from tests.factories import build_world

    return build_world(editor=editor, contributor=contributor, other_editor=other_editor)


@pytest.fixture
def topic(db):
    from tests.factories import make_concept

    return make_concept("Reward Modeling", body="Models of what people prefer.")


@pytest.fixture
def make_entry(contributor, topic):
    """An entry in a given state on ``topic``, by ``contributor`` unless told, with
    ``claims`` claims, all marked "full text" unless ``marked=False``."""

    from entries.models import EntryStatus, Evidence
    from tests.factories import ClaimFactory, EntryFactory

    def make(status=EntryStatus.DRAFT, *, author=None, claims=2, marked=True, **kwargs):
        entry = EntryFactory(status=status, author=author or contributor, **kwargs)
        entry.topics.add(topic)
        for i in range(claims):
            ClaimFactory(
                entry=entry,
                position=i,
                evidence=Evidence.FULL_TEXT if marked else Evidence.UNMARKED,
            )
        return entry

    return make
