"""The papers list's filter form, rendered once per library version and filter values.

The form shows the values typed (as typed), their errors, the topics and the known
organisations: all of it follows from the query string and the library, nothing from the
reader (a GET form, no CSRF token). So the rendered form is a shared fragment
(``core.cache.cached_library``) keyed by the raw filter values: a write to the library (a
topic renamed or added, a paper's organisation) replaces the library version, and the
form is rendered again; a write elsewhere (a mark, an entry) does not. htmx requests swap
the results only and never render it.
"""

from __future__ import annotations

import hashlib

from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from core.cache import cached_library
from papers import selectors
from papers.filters import PaperFilter


def filters_html(
    params: QueryDict, filterset: PaperFilter, active: list, *, version: str | None = None
) -> SafeString:
    """``papers/list.html#filters`` for the list filtered by ``params``; ``version``: the
    library version read before ``filterset`` and ``active`` were."""
    raw = repr([(name, params.getlist(name)) for name in selectors.FILTER_PARAMS])
    key = hashlib.sha256(raw.encode()).hexdigest()

    def render() -> str:
        context = {
            "filter": filterset,
            "active": active,
            "organisations": selectors.organisations(),
        }
        return render_to_string("papers/list.html#filters", context)

    html = cached_library(f"papers-filters:{key}", render, version=version)
    return mark_safe(html)  # a template's output
