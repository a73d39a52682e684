"""Papers per month and the write stamps as rows added, never updated (papers/month_counts.py):
the tables are made again; ``install`` (after every migrate) counts every paper again."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("papers", "0011_paper_write_stamps"),
    ]

    operations = [
        migrations.DeleteModel(name="MonthCount"),
        migrations.DeleteModel(name="MonthTouch"),
        migrations.DeleteModel(name="DayTouch"),
        migrations.CreateModel(
            name="MonthCount",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("topic", models.BigIntegerField()),
                ("month", models.DateField()),
                ("papers", models.IntegerField()),
            ],
            options={
                "verbose_name": "papers per month",
                "verbose_name_plural": "papers per month",
                "indexes": [models.Index(fields=["topic", "month"], name="papers_monthcount_key")],
            },
        ),
        migrations.CreateModel(
            name="MonthTouch",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(db_index=True)),
            ],
            options={
                "verbose_name": "papers' month written",
                "verbose_name_plural": "papers' months written",
            },
        ),
        migrations.CreateModel(
            name="DayTouch",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("day", models.DateField(db_index=True)),
            ],
            options={
                "verbose_name": "papers' day written",
                "verbose_name_plural": "papers' days written",
            },
        ),
    ]
