"""Writes to the papers library."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from papers.identifiers import parse_arxiv_id
from papers.models import Paper


@transaction.atomic
def paper_get_or_create_by_arxiv(
    *, arxiv_id: str, defaults: dict[str, Any] | None = None
) -> tuple[Paper, bool]:
    """The library's paper for an arXiv id in any accepted spelling, created when missing.

    A new paper without a known title is a stub titled with its id.
    """
    parsed = parse_arxiv_id(arxiv_id)
    values = {"title": f"arXiv:{parsed.id}", **(defaults or {})}
    if parsed.version and "arxiv_version" not in values:
        values["arxiv_version"] = parsed.version
    return Paper.objects.get_or_create(arxiv_id=parsed.id, defaults=values)
