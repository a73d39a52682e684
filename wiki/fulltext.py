"""The concept side of full-text search: each concept's stored, weighted vector (title above
summary above the current body), refreshed by the wiki's write services on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.postgres.search import SearchVector
from django.db import connection
from django.db.models import OuterRef, Subquery, TextField, Value
from django.db.models.functions import Coalesce

from core.fulltext import CONFIG
from wiki.models import Concept


def concept_vector_refresh(concept_ids: Iterable[int] | None = None) -> None:
    """Recompute concepts' vectors from title, aliases-free summary and current body."""
    if connection.vendor != "postgresql":
        return
    qs = Concept.objects.all()
    if concept_ids is not None:
        qs = qs.filter(pk__in=list(concept_ids))
    qs.update(
        search_vector=SearchVector("title", weight="A", config=CONFIG)
        + SearchVector("summary", weight="B", config=CONFIG)
        + SearchVector(
            Coalesce(
                Subquery(
                    Concept.objects.filter(pk=OuterRef("pk")).values("current_revision__body")[:1]
                ),
                Value("", output_field=TextField()),
                output_field=TextField(),
            ),
            weight="C",
            config=CONFIG,
        )
    )
