from __future__ import annotations

from django.contrib import admin
from django.utils import timezone

from api.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "key_prefix", "created", "last_used", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name", "user__username", "key_prefix"]
    readonly_fields = ["user", "key_prefix", "secret_hash", "created", "last_used", "revoked_at"]
    actions = ["revoke"]

    def has_add_permission(self, request) -> bool:
        # A token's secret is shown once to its owner, on their own tokens page.
        return False

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request, queryset) -> None:
        count = queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
        self.message_user(request, f"Revoked {count} token{'s' if count != 1 else ''}.")
