from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    """The cache versions' table. Its rows, and the triggers that replace them, are put in
    place after every migrate (core.cache_triggers.install, from core/apps.py)."""

    initial = True
    dependencies: list = []

    operations = [
        migrations.CreateModel(
            name="CacheVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("kind", models.CharField(max_length=16)),
                ("slot", models.PositiveSmallIntegerField()),
                ("token", models.CharField(max_length=36)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("kind", "slot"), name="core_cache_slot")
                ]
            },
        ),
    ]
