"""The load test's own PostgreSQL database: created fresh, seeded, given accounts, dropped."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
PASSWORD = "load-test-password-91"
DB_NAME = "rw_load"
SEED = ["--concepts", "50", "--papers", "5000", "--entries", "500", "--results", "1000"]
# Enough accounts for the team run and for the largest step of the saturation run.
CONTRIBUTOR_ACCOUNTS = 16
EDITOR_ACCOUNTS = 8


def sh(args: list[str], env: dict[str, str]) -> str:
    return subprocess.run(
        args, cwd=ROOT, env=env, check=True, text=True, capture_output=True
    ).stdout.strip()


def fresh_database(admin_url: str) -> str:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    return re.sub(r"/[^/]*$", f"/{DB_NAME}", admin_url)


def drop_database(admin_url: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')


USERS_SCRIPT = """
from django.contrib.auth.models import Group, User
for prefix, role, count in (("load_c", "Contributor", {contributors}),
                            ("load_e", "Editor", {editors})):
    group = Group.objects.get(name=role)
    for i in range(count):
        user, _ = User.objects.get_or_create(username=f"{{prefix}}{{i}}")
        user.set_password("{password}")
        user.save()
        user.groups.add(group)
"""


def seed(env: dict[str, str]) -> str:
    """Migrate, collect static files, seed, and add the load test's accounts."""
    sh([PY, "manage.py", "migrate", "--no-input", "-v0"], env)
    sh([PY, "manage.py", "collectstatic", "--no-input", "-v0"], env)
    seeded = sh([PY, "manage.py", "seed_demo", "--quiet", *SEED], env)
    script = USERS_SCRIPT.format(
        contributors=CONTRIBUTOR_ACCOUNTS, editors=EDITOR_ACCOUNTS, password=PASSWORD
    )
    sh([PY, "manage.py", "shell", "-c", script], env)
    return seeded


def _column(conn: psycopg.Connection, sql: str) -> list:
    return [row[0] for row in conn.execute(sql)]


def targets(database_url: str) -> dict[str, list]:
    """What people open: concept, topic and paper pages, words to search for, and the
    concepts (id, slug) contributors write about."""
    with psycopg.connect(database_url) as conn:
        concepts = _column(
            conn, "SELECT slug FROM wiki_concept WHERE current_revision_id IS NOT NULL ORDER BY id"
        )
        papers = _column(
            conn,
            "SELECT COALESCE(arxiv_id, id::text) FROM papers_paper ORDER BY random() LIMIT 500",
        )
        words = _column(
            conn,
            "SELECT DISTINCT lower(w) FROM wiki_concept, regexp_split_to_table(title, '\\s+') w"
            " WHERE length(w) > 4",
        )
        topics = list(
            conn.execute(
                "SELECT id, slug FROM wiki_concept WHERE current_revision_id IS NOT NULL"
                " ORDER BY id"
            )
        )
    return {
        "concept": [f"/wiki/{slug}/" for slug in concepts],
        "topic": [f"/topics/{slug}/" for slug in concepts],
        "paper": [f"/papers/{key}/" for key in papers],
        "slugs": concepts,
        "words": words,
        "topics": topics,
    }
