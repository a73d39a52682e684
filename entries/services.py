"""Writes to entries and claims that are not review transitions (see workflow.py)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from entries.models import Caveat, Claim, Entry, EntryEvent, EntryStatus, Evidence
from papers.models import Paper
from wiki.markdown import render_inline, render_markdown
from wiki.models import Concept


@dataclass
class ClaimData:
    text: str
    paper: Paper | None = None
    quote: str = ""
    evidence: str = Evidence.UNMARKED
    caveats: Sequence[str] = field(default_factory=tuple)  # caveat names


@transaction.atomic
def entry_create(
    *,
    author: AbstractBaseUser | None,
    date: dt.date,
    headline: str,
    lead: str = "",
    topics: Iterable[Concept] = (),
    claims: Sequence[ClaimData] = (),
    status: str = EntryStatus.DRAFT,
    external_id: str | None = None,
    action: str = "created",
) -> Entry:
    """Create an entry with its ordered claims, logging its creation."""
    entry = Entry.objects.create(
        author=author,
        date=date,
        headline=headline.strip(),
        lead=lead,
        lead_html=render_markdown(lead).html,
        status=status,
        external_id=external_id,
        published_at=timezone.now() if status == EntryStatus.PUBLISHED else None,
    )
    entry.topics.set(list(topics))
    claims_replace(entry=entry, claims=claims)
    EntryEvent.objects.create(entry=entry, actor=author, action=action, to_status=status)
    return entry


@transaction.atomic
def claims_replace(*, entry: Entry, claims: Sequence[ClaimData]) -> list[Claim]:
    """Set the entry's claims to exactly ``claims``, in order, and its cited papers."""
    entry.claims.all().delete()
    caveats = {c.name: c for c in Caveat.objects.all()}
    created = Claim.objects.bulk_create(
        [
            Claim(
                entry=entry,
                position=i,
                text=data.text.strip(),
                html=render_inline(data.text),
                paper=data.paper,
                quote=data.quote.strip(),
                evidence=data.evidence,
            )
            for i, data in enumerate(claims)
        ]
    )
    through = Claim.caveats.through
    through.objects.bulk_create(
        [
            through(claim_id=claim.pk, caveat_id=caveats[name].pk)
            for claim, data in zip(created, claims, strict=True)
            for name in data.caveats
            if name in caveats
        ]
    )
    entry.papers.set({d.paper.pk for d in claims if d.paper is not None})
    return created
