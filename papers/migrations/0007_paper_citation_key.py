import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models

from papers.keys import key_base, key_free

BATCH = 2000


def keys_assign(apps, schema_editor):
    """Every paper its key, oldest paper first, so the same library always gets the same
    keys: the first of two papers that would share one keeps it, the second gets "a"."""
    Paper = apps.get_model("papers", "Paper")
    taken: set[str] = set()
    batch = []
    rows = Paper.objects.order_by("pk").only("pk", "authors", "published", "title")
    for paper in rows.iterator(chunk_size=BATCH):
        names = [n.strip() for n in paper.authors.split(",") if n.strip()]
        year = paper.published.year if paper.published else None
        base = key_base(first_author=names[0] if names else "", year=year, title=paper.title)
        paper.citation_key = key_free(base, taken)
        taken.add(paper.citation_key.lower())
        batch.append(paper)
        if len(batch) == BATCH:
            Paper.objects.bulk_update(batch, ["citation_key"])
            batch = []
    Paper.objects.bulk_update(batch, ["citation_key"])


class Migration(migrations.Migration):

    dependencies = [
        ('papers', '0006_paper_changes'),
        ('wiki', '0004_revision_links'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='paper',
            name='citation_key',
            field=models.CharField(blank=True, help_text='How LaTeX cites the paper: \\cite{key}. Only an editor changes it.', max_length=100, null=True, verbose_name='citation key'),
        ),
        migrations.RunPython(keys_assign, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name='paper',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('citation_key'), name='paper_citation_key_unique'),
        ),
    ]
