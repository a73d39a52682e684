from __future__ import annotations

from django.contrib import admin

from wiki.models import Concept, ConceptAlias, KeyPaper, Revision


class ConceptAliasInline(admin.TabularInline):
    model = ConceptAlias
    extra = 0
    fields = ["name", "slug"]


class KeyPaperInline(admin.TabularInline):
    model = KeyPaper
    extra = 0
    autocomplete_fields = ["paper"]
    fields = ["position", "paper", "note"]


@admin.register(Concept)
class ConceptAdmin(admin.ModelAdmin):
    list_display = ["title", "slug", "current_revision", "updated"]
    search_fields = ["title", "slug", "summary", "aliases__name"]
    prepopulated_fields = {"slug": ["title"]}
    filter_horizontal = ["related"]
    readonly_fields = ["current_revision", "created", "updated"]
    inlines = [ConceptAliasInline, KeyPaperInline]
    date_hierarchy = "updated"


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ["concept", "number", "status", "author", "created", "size", "merged"]
    list_filter = ["status", "created"]
    search_fields = ["concept__title", "title", "edit_summary", "author__username"]
    list_select_related = ["concept", "author"]
    raw_id_fields = ["concept", "base_revision", "author", "reviewed_by"]

    def has_change_permission(self, request, obj=None) -> bool:
        # Revisions are immutable: history is only ever appended to.
        return False


@admin.register(ConceptAlias)
class ConceptAliasAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "concept"]
    search_fields = ["name", "concept__title"]
    list_select_related = ["concept"]
    raw_id_fields = ["concept"]


@admin.register(KeyPaper)
class KeyPaperAdmin(admin.ModelAdmin):
    list_display = ["concept", "position", "paper", "note"]
    search_fields = ["concept__title", "paper__title", "paper__arxiv_id"]
    list_select_related = ["concept", "paper"]
    raw_id_fields = ["concept", "paper"]
