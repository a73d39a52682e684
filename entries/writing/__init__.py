"""Writing: how an entry's text and claims are written. The writes themselves
(``services``: create, edit, revisions, the claims and their stored renderings), whole-text
submissions from the API and the importer (``submission``), the entry form and its claim
forms, and the search vector refreshed after each write (``fulltext``)."""
