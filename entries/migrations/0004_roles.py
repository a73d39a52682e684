from django.db import migrations


# The role groups once lived here; accounts.roles now keeps them in step after every
# migrate (accounts.apps), so this migration only keeps the history whole.
class Migration(migrations.Migration):
    dependencies = [
        ("entries", "0003_seed_caveats"),
        ("wiki", "0001_initial"),
        ("papers", "0002_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = []
