"""Roles are Django groups ("Contributor", "Editor"); checks go through permissions so a
superuser passes every one of them.

This module is the one home of the roles: the permission lists below are what the groups
hold, kept in step after every ``migrate`` by :func:`sync_groups`.
"""

from __future__ import annotations

from django.apps import apps as django_apps
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

CONTRIBUTOR = "Contributor"
EDITOR = "Editor"

# What each group may do.
CONTRIBUTOR_PERMISSIONS = [
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
EDITOR_PERMISSIONS = [
    *CONTRIBUTOR_PERMISSIONS,
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
GROUPS = {CONTRIBUTOR: CONTRIBUTOR_PERMISSIONS, EDITOR: EDITOR_PERMISSIONS}

User = AbstractBaseUser | AnonymousUser


def can_contribute(user: User) -> bool:
    """May write entries, papers and concept edits (an editor's publish at once)."""
    return user.is_authenticated and user.has_perm("entries.add_entry")


def can_edit_concepts(user: User) -> bool:
    return user.is_authenticated and user.has_perm("wiki.change_concept")


def is_editor(user: User) -> bool:
    """Reviews entries: approves, requests changes, rejects, marks evidence."""
    return user.is_authenticated and user.has_perm("entries.review_entry")


def page_roles(user: User) -> tuple[str, ...]:
    """The roles a shared page is rendered for (core.chrome): which links the header and
    the page offer a signed-in person depends on these alone."""
    return tuple(
        r for r, has in (("editor", is_editor(user)), ("contributor", can_contribute(user))) if has
    )


def can_review_concepts(user: User) -> bool:
    """Approves or rejects contributors' pending concept revisions."""
    return user.is_authenticated and user.has_perm("wiki.review_revision")


def can_mark_evidence(user: User) -> bool:
    return user.is_authenticated and user.has_perm("entries.mark_evidence")


def sync_groups(apps=None) -> None:
    """Give each role group exactly its permissions; ``apps`` is a migration's registry."""
    apps = apps or django_apps
    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    for name, dotted in GROUPS.items():
        group, _ = group_model.objects.get_or_create(name=name)
        wanted = [tuple(d.split(".")) for d in dotted]
        found = {
            (p.content_type.app_label, p.codename): p
            for p in permission_model.objects.select_related("content_type").filter(
                codename__in=[codename for _, codename in wanted]
            )
        }
        group.permissions.set([found[key] for key in wanted if key in found])
