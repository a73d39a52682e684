"""The account of a signed-in request, with its permissions, from the shared cache.

Django's ``ModelBackend`` reads the user row on every request and, at the first
permission check, the user's and their groups' permissions: three queries before a page
starts. Here the user comes with those permissions already loaded, cached under the
*people version* (``core.cache``), which any write to an account, a group membership or a
group's permissions replaces. A role taken away therefore applies from the next request,
and so does a deactivation; a changed password still ends the other sessions, because
Django compares the session's hash with the (fresh) account on every request.
"""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend

from core.cache import cached_for_people


class CachedModelBackend(ModelBackend):
    def get_user(self, user_id):
        return cached_for_people(f"user:{user_id}", lambda: self._user_with_permissions(user_id))

    def _user_with_permissions(self, user_id):
        user = super().get_user(user_id)
        if user is not None:
            # Fills the per-user permission caches ModelBackend keeps on the instance, so
            # they travel with it through the cache.
            self.get_all_permissions(user)
        return user
