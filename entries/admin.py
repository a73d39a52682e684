from __future__ import annotations

from django.contrib import admin

from entries.models import Caveat, Claim, Entry, EntryEvent


class ClaimInline(admin.StackedInline):
    model = Claim
    extra = 0
    fields = ["position", "text", "paper", "quote", "evidence", "caveats", "origin"]
    raw_id_fields = ["paper", "origin"]
    filter_horizontal = ["caveats"]


class EntryEventInline(admin.TabularInline):
    model = EntryEvent
    extra = 0
    fields = ["created", "actor", "action", "from_status", "to_status", "comment"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["headline", "date", "status", "author", "revision_of", "updated"]
    list_filter = ["status", "date", "topics"]
    search_fields = ["headline", "lead", "author__username", "external_id"]
    list_select_related = ["author"]
    filter_horizontal = ["topics"]
    raw_id_fields = ["author", "papers", "revision_of"]
    date_hierarchy = "date"
    inlines = [ClaimInline, EntryEventInline]


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ["__str__", "entry", "position", "evidence", "paper"]
    list_filter = ["evidence", "caveats"]
    search_fields = ["text", "quote", "entry__headline", "paper__arxiv_id"]
    list_select_related = ["entry", "paper"]
    raw_id_fields = ["entry", "paper", "marked_by"]
    filter_horizontal = ["caveats"]


@admin.register(Caveat)
class CaveatAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "position", "description"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(EntryEvent)
class EntryEventAdmin(admin.ModelAdmin):
    list_display = ["entry", "action", "from_status", "to_status", "actor", "created"]
    list_filter = ["action", "to_status", "created"]
    search_fields = ["entry__headline", "comment", "actor__username"]
    list_select_related = ["entry", "actor"]
    raw_id_fields = ["entry", "actor"]
