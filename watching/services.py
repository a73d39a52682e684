"""Every write of the watching app: watch or stop, the feed's secret, the digest setting,
the visit and digest bookmarks."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Model

from watching.models import Digest, Watch, WatchingProfile, new_feed_token


def profile_get(*, user: AbstractBaseUser) -> WatchingProfile:
    """The person's watching settings, made with the defaults on first use."""
    profile = WatchingProfile.objects.filter(user=user).first()
    if profile is not None:
        return profile
    try:
        with transaction.atomic():
            return WatchingProfile.objects.create(user=user)
    except IntegrityError:  # made a moment ago by the person's other request
        return WatchingProfile.objects.get(user=user)


@transaction.atomic
def watch_set(*, user: AbstractBaseUser, kind: str, target: Model, watching: bool) -> bool:
    """Watch ``target`` (a concept, benchmark or paper) or stop; says whether the person now
    watches it. Setting the state it already has changes nothing (a form sent twice)."""
    profile_get(user=user)
    mine = Watch.objects.filter(user=user, **{kind: target})
    if not watching:
        mine.delete()
        return False
    if not mine.exists():
        try:
            with transaction.atomic():
                Watch.objects.create(user=user, **{kind: target})
        except IntegrityError:  # the same click from another tab, a moment ago
            pass
    return True


@transaction.atomic
def feed_token_revoke(*, user: AbstractBaseUser) -> WatchingProfile:
    """A new secret address for the person's feed: the old one answers 404 from now on."""
    profile = WatchingProfile.objects.select_for_update().get(pk=profile_get(user=user).pk)
    profile.feed_token = new_feed_token()
    profile.save(update_fields=["feed_token"])
    return profile


@transaction.atomic
def digest_set(*, user: AbstractBaseUser, digest: str) -> WatchingProfile:
    if digest not in Digest.values:
        raise ValueError(f"{digest!r} is not a digest frequency")
    profile = WatchingProfile.objects.select_for_update().get(pk=profile_get(user=user).pk)
    profile.digest = digest
    profile.save(update_fields=["digest"])
    return profile


def visit_record(*, profile: WatchingProfile, at: dt.datetime) -> None:
    """The person has read what changed up to ``at``."""
    WatchingProfile.objects.filter(pk=profile.pk).update(last_visit=at)
