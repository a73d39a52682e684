"""The admin is for looking at entries, claims and their history, and for editing the
caveat vocabulary. Entries and claims change only through the site (the edit form, the
review queue, the API, the importer), where every change is rendered, versioned, logged and
reviewed by a second person: here they are read-only."""

from __future__ import annotations

from django.contrib import admin

from entries.models import Caveat, Claim, Entry, EntryEvent


class ReadOnlyAdminMixin:
    """Shown, never added, changed or deleted from the admin."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ClaimInline(ReadOnlyAdminMixin, admin.StackedInline):
    model = Claim
    extra = 0
    fields = [
        "position",
        "text",
        "paper",
        "quote",
        "evidence",
        "evidence_reason",
        "caveats",
        "marked_by",
        "marked_at",
        "origin",
    ]
    readonly_fields = fields


class EntryEventInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = EntryEvent
    extra = 0
    fields = ["created", "actor", "action", "from_status", "to_status", "comment", "detail"]
    readonly_fields = fields


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["headline", "date", "status", "version", "author", "revision_of", "updated"]
    list_filter = ["status", "date", "topics"]
    search_fields = ["headline", "lead", "author__username", "external_id"]
    list_select_related = ["author"]
    date_hierarchy = "date"
    inlines = [ClaimInline, EntryEventInline]


@admin.register(Claim)
class ClaimAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["__str__", "entry", "position", "evidence", "paper"]
    list_filter = ["evidence", "caveats"]
    search_fields = ["text", "quote", "entry__headline", "paper__arxiv_id"]
    list_select_related = ["entry", "paper"]


@admin.register(Caveat)
class CaveatAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "position", "description"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(EntryEvent)
class EntryEventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["entry", "action", "from_status", "to_status", "actor", "created"]
    list_filter = ["action", "to_status", "created"]
    search_fields = ["entry__headline", "comment", "actor__username"]
    list_select_related = ["entry", "actor"]
