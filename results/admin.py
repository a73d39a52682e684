from __future__ import annotations

from django.contrib import admin

from results.models import Benchmark, BenchmarkAlias, Result


class AliasInline(admin.TabularInline):
    model = BenchmarkAlias
    extra = 1


@admin.register(Benchmark)
class BenchmarkAdmin(admin.ModelAdmin):
    list_display = ("name", "direction", "unit")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "aliases__name")
    inlines = [AliasInline]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    """Read-only: results change through review, under its four-eyes and version rules."""

    list_display = ("benchmark_name", "value", "unit", "protocol", "status", "date")
    list_filter = ("status",)
    raw_id_fields = ("claim", "paper", "benchmark", "decided_by")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
