"""Roles are Django groups ("Contributor", "Editor"); checks go through permissions so a
superuser passes every one of them."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

CONTRIBUTOR = "Contributor"
EDITOR = "Editor"

# What each group may do; the groups migration grants exactly these.
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

User = AbstractBaseUser | AnonymousUser


def can_contribute(user: User) -> bool:
    return user.is_authenticated and user.has_perm("entries.add_entry")


def is_editor(user: User) -> bool:
    return user.is_authenticated and user.has_perm("entries.review_entry")
