from __future__ import annotations

from django.apps import AppConfig


class WikiConfig(AppConfig):
    name = "wiki"
    verbose_name = "Concepts"

    def ready(self) -> None:
        from core.markdown import use_links
        from papers.identifiers import IN_TEXT
        from wiki.markdown_links import WikiLinks

        # The renderer in core knows no app: the wiki tells it where links lead.
        use_links(WikiLinks, paper_pattern=IN_TEXT)
