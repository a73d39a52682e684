from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _groups_in_step(sender, apps=None, **kwargs) -> None:
    # post_migrate is sent once per app, and each app's permissions are created by its own
    # signal: sync when the last app's have been made.
    if sender.label != list(sender.apps.get_app_configs())[-1].label:
        return
    from accounts.roles import sync_groups  # imported here: models load after apps.py

    sync_groups(apps)


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and roles"

    def ready(self) -> None:
        post_migrate.connect(_groups_in_step, dispatch_uid="accounts-sync-groups")
