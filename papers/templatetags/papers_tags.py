from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def thousands(value: int) -> str:
    """12345 → "12,345" (django.contrib.humanize is not installed)."""
    try:
        return f"{int(value):,}"
    except (TypeError, ValueError):
        return str(value)
