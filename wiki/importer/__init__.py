"""Import concept pages and topic feeds written elsewhere (plain text or Markdown)."""
