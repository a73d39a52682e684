import django.db.models.functions.text
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations, models

# Indexes only PostgreSQL can use: kept out of the model state so SQLite (the quick start)
# migrates cleanly. papers.filters builds the very same expressions, which is what lets
# the planner match them.
SEARCH_VECTOR_FIELDS = ("title", "authors", "abstract")


def postgres_indexes():
    return [
        GinIndex(
            SearchVector(*SEARCH_VECTOR_FIELDS, config="english"), name="paper_search_idx"
        ),
        models.Index(
            models.F("published").desc(nulls_last=True),
            models.F("id").desc(),
            name="paper_newest_idx",
        ),
    ]


def add_postgres_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    Paper = apps.get_model("papers", "Paper")
    for index in postgres_indexes():
        schema_editor.add_index(Paper, index)


def remove_postgres_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    Paper = apps.get_model("papers", "Paper")
    for index in postgres_indexes():
        schema_editor.remove_index(Paper, index)


class Migration(migrations.Migration):

    dependencies = [
        ('papers', '0002_initial'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='paper',
            name='paper_added_idx',
        ),
        migrations.AddIndex(
            model_name='paper',
            index=models.Index(fields=['-added', '-id'], name='paper_added_id_idx'),
        ),
        migrations.AddIndex(
            model_name='paper',
            index=models.Index(django.db.models.functions.text.Upper('organisation'), name='paper_organisation_ci_idx'),
        ),
        migrations.AddIndex(
            model_name='paper',
            index=models.Index(django.db.models.functions.text.Lower('title'), models.F('id'), name='paper_title_idx'),
        ),
        migrations.RunPython(add_postgres_indexes, remove_postgres_indexes, elidable=False),
    ]
