"""The entry side of full-text search: each entry's stored, weighted vector (headline above
lead above its claims), refreshed by the entries' write services on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.postgres.aggregates import StringAgg
from django.contrib.postgres.search import SearchVector
from django.db import connection
from django.db.models import OuterRef, Subquery, TextField, Value
from django.db.models.functions import Coalesce

from core.fulltext import CONFIG
from entries.models import Claim, Entry


def entry_vector_refresh(entry_ids: Iterable[int] | None = None) -> None:
    """Recompute entries' vectors from headline, lead and the text of their claims."""
    if connection.vendor != "postgresql":
        return
    qs = Entry.objects.all()
    if entry_ids is not None:
        qs = qs.filter(pk__in=list(entry_ids))
    qs.update(
        search_vector=SearchVector("headline", weight="A", config=CONFIG)
        + SearchVector("lead", weight="B", config=CONFIG)
        + SearchVector(claims_text(), weight="C", config=CONFIG)
    )


def claims_text() -> Coalesce:
    """The text of an entry's claims, in their order, as one string ("" for none): for
    an entry query (PostgreSQL), of the entry each row is."""
    text = (
        Claim.objects.filter(entry=OuterRef("pk"))
        .order_by()
        .values("entry")
        .annotate(
            text=StringAgg("text", delimiter=" ", order_by="position", output_field=TextField())
        )
        .values("text")
    )
    return Coalesce(Subquery(text), Value("", output_field=TextField()), output_field=TextField())
