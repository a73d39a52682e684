"""How long each kind of user text may be: one number per field, shared by the web forms,
the JSON API and the notes importer, so every way in refuses the same text."""

from __future__ import annotations

MAX_CONCEPT_BODY = 300_000  # characters; the longest real page is ~50 KB
MAX_PREVIEW = MAX_CONCEPT_BODY  # the live preview shows what a save would store
MAX_LEAD = 20_000  # an entry's lead: a paragraph, or a few
MAX_CLAIM = 4_000  # one statement
MAX_QUOTE = 4_000  # the supporting sentence, verbatim
