from django.db import migrations
from django.utils.text import slugify

CAVEATS = [
    ("no figure stated", "The claim reports no number: the effect size cannot be assessed."),
    ("relative gains only", "Only relative improvements are given, without absolute figures."),
    ("benchmark not named", "The evaluation benchmark is not named."),
    ("model not named", "The model evaluated is not named."),
    ("no variance reported", "No seed count, variance or confidence interval is given."),
    ("no baseline named", "The comparison baseline is not named."),
    ("contamination not checked", "Test-set contamination was not checked or not reported."),
]


def seed(apps, schema_editor):
    Caveat = apps.get_model("entries", "Caveat")
    for position, (name, description) in enumerate(CAVEATS):
        Caveat.objects.get_or_create(
            name=name,
            defaults={"slug": slugify(name), "description": description, "position": position},
        )


def unseed(apps, schema_editor):
    Caveat = apps.get_model("entries", "Caveat")
    Caveat.objects.filter(name__in=[name for name, _ in CAVEATS]).delete()


class Migration(migrations.Migration):
    dependencies = [("entries", "0002_initial")]
    operations = [migrations.RunPython(seed, unseed)]
