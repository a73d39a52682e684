"""Reading: entries as readers see them. The reads sized for a page and the one visibility
rule (``selectors``), the entry page's claims from shared parts (``entry_page``), and the
Atom feeds of entries (``feeds``)."""
