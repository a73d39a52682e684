from __future__ import annotations

from django.contrib import admin

from papers.models import Paper


@admin.register(Paper)
class PaperAdmin(admin.ModelAdmin):
    list_display = ["title", "arxiv_id", "organisation", "published", "read_level", "added"]
    list_filter = ["read_level", "published", "added"]
    search_fields = ["title", "arxiv_id", "doi", "authors", "organisation"]
    filter_horizontal = ["topics"]
    date_hierarchy = "published"
    readonly_fields = ["added", "updated"]
