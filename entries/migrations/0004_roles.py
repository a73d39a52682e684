from django.contrib.auth.management import create_permissions
from django.db import migrations

# Kept in step with wiki/roles.py; a test checks that the two agree.
CONTRIBUTOR = [
    "wiki.add_concept",
    "wiki.change_concept",
    "wiki.add_revision",
    "papers.add_paper",
    "papers.change_paper",
    "entries.add_entry",
    "entries.change_entry",
    "entries.add_claim",
    "entries.change_claim",
    "entries.delete_claim",
]
EDITOR = CONTRIBUTOR + [
    "wiki.review_revision",
    "wiki.change_keypaper",
    "wiki.add_keypaper",
    "wiki.delete_keypaper",
    "wiki.add_conceptalias",
    "wiki.change_conceptalias",
    "wiki.delete_conceptalias",
    "papers.delete_paper",
    "entries.review_entry",
    "entries.mark_evidence",
    "entries.add_caveat",
    "entries.change_caveat",
]


def create_groups(apps, schema_editor):
    # Permissions are normally created after migrate; make sure they exist now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    sync_groups(apps)


def sync_groups(apps):
    """Give each role group exactly its permissions (also used by the test suite)."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in [("Contributor", CONTRIBUTOR), ("Editor", EDITOR)]:
        group, _ = Group.objects.get_or_create(name=name)
        perms = []
        for dotted in codenames:
            app_label, codename = dotted.split(".")
            perms.append(
                Permission.objects.get(content_type__app_label=app_label, codename=codename)
            )
        group.permissions.set(perms)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["Contributor", "Editor"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("entries", "0003_seed_caveats"),
        ("wiki", "0001_initial"),
        ("papers", "0002_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(create_groups, remove_groups)]
