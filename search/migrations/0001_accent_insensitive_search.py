"""Search ignores accents on PostgreSQL: "Godel" finds "Gödel" and "Gödel" finds "Godel".

The ``unaccent`` extension, and a text search configuration (core.fulltext.CONFIG) that is
PostgreSQL's English one with unaccent run on every word before stemming. Every kind's
stored vector is rebuilt with it: the papers trigger's function is replaced (the trigger
itself is papers/migrations/0004's), concepts and entries are refilled as their apps'
write services fill them. On SQLite nothing: core.accents gives each connection an
``unaccent()`` function instead.
"""

from django.db import migrations

CONFIG = "english_unaccent"

CREATE_CONFIG = f"""
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION {CONFIG} (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION {CONFIG}
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
"""
DROP_CONFIG = f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {CONFIG};"


def refill(config: str) -> str:
    return f"""
CREATE OR REPLACE FUNCTION papers_paper_search_vector() RETURNS trigger AS $$
BEGIN
    NEW.search_vector :=
        setweight(to_tsvector('{config}', coalesce(NEW.title, '')), 'A')
        || setweight(to_tsvector('{config}', coalesce(NEW.authors, '')), 'B')
        || setweight(to_tsvector('{config}', coalesce(NEW.abstract, '')), 'C');
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
UPDATE papers_paper SET search_vector = NULL;
UPDATE wiki_concept AS c SET search_vector =
    setweight(to_tsvector('{config}', coalesce(c.title, '')), 'A')
    || setweight(to_tsvector('{config}', coalesce(c.summary, '')), 'B')
    || setweight(to_tsvector('{config}', coalesce(
        (SELECT r.body FROM wiki_revision AS r WHERE r.id = c.current_revision_id), ''
    )), 'C');
UPDATE entries_entry AS e SET search_vector =
    setweight(to_tsvector('{config}', coalesce(e.headline, '')), 'A')
    || setweight(to_tsvector('{config}', coalesce(e.lead, '')), 'B')
    || setweight(to_tsvector('{config}', coalesce(
        (SELECT string_agg(c.text, ' ') FROM entries_claim AS c WHERE c.entry_id = e.id), ''
    )), 'C');
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE_CONFIG)
        schema_editor.execute(refill(CONFIG))


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(refill("english"))
        schema_editor.execute(DROP_CONFIG)


class Migration(migrations.Migration):
    dependencies = [
        ("papers", "0004_paper_search_vector"),
        ("wiki", "0003_concept_search_vector"),
        ("entries", "0006_entry_search_vector"),
    ]

    operations = [migrations.RunPython(forward, backward)]
