"""The papers list's filter form, rendered once per content version and filter values.

The form shows the values typed (as typed), their errors, the topics and the known
organisations: all of it follows from the query string and the library, nothing from the
reader (a GET form, no CSRF token). So the rendered form is a shared fragment
(``core.cache.cached_fragment``) keyed by the raw filter values: a write to the library (a
topic renamed or added, a paper's organisation) replaces the content version, and the
form is rendered again. htmx requests swap the results only and never render it.
"""

from __future__ import annotations

import hashlib

from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from core.cache import cached_fragment
from papers import selectors
from papers.filters import PaperFilter


def filters_html(params: QueryDict, filterset: PaperFilter, active: list) -> SafeString:
    """``papers/list.html#filters`` for the list filtered by ``params``."""
    raw = repr([(name, params.getlist(name)) for name in selectors.FILTER_PARAMS])
    key = hashlib.sha256(raw.encode()).hexdigest()

    def render() -> str:
        context = {
            "filter": filterset,
            "active": active,
            "organisations": selectors.organisations(),
        }
        return render_to_string("papers/list.html#filters", context)

    return mark_safe(cached_fragment(f"papers-filters:{key}", render))  # a template's output
