"""What entries announces to the apps above it, which it may not call (import-linter).

``claims_written`` is sent inside the transaction that wrote the claims, once their rows,
caveats and the entry's papers are saved, by the two functions every path that writes
claims goes through (``entries.writing.services.claims_replace`` and ``claims_write``). Keyword
arguments: ``claims``, the written ``Claim`` rows in order; ``confirm``, True when a
trusted path (an operator's import of a published entry) writes them, so what follows from
them is published with them. Receivers run in that transaction: an error rolls it back.
"""

from __future__ import annotations

from django.dispatch import Signal

claims_written = Signal()
