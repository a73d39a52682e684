"""Atom feeds a browser shows as a readable page.

Opened in a browser, a feed is raw XML: Chromium shows ``application/atom+xml`` as plain
text. ``StyledAtom1Feed`` is sent as ``application/xml`` (the body stays the same valid
Atom document, which is how feed readers recognise it) and starts with an
``xml-stylesheet`` processing instruction naming ``static/feeds/atom.css``: browsers lay
the feed out with it (what a feed is for, its title, each item's title, date, author,
topics and address); feed readers skip it. A CSS stylesheet rather than XSLT, which
browsers are removing. (Django's ``Feed.stylesheets`` is written by its RSS generator
only, not its Atom one.)
"""

from __future__ import annotations

from django.templatetags.static import static
from django.utils.feedgenerator import Atom1Feed
from django.utils.xmlutils import SimplerXMLGenerator

FEED_STYLESHEET = "feeds/atom.css"


class StyledAtom1Feed(Atom1Feed):
    content_type = "application/xml; charset=utf-8"

    def write(self, outfile, encoding) -> None:
        handler = SimplerXMLGenerator(outfile, encoding, short_empty_elements=True)
        handler.startDocument()
        # After the XML declaration, before any element (https://www.w3.org/TR/xml-stylesheet/).
        handler.processingInstruction(
            "xml-stylesheet", f'type="text/css" href="{static(FEED_STYLESHEET)}"'
        )
        handler.startElement("feed", self.root_attributes())
        self.add_root_elements(handler)
        self.write_items(handler)
        handler.endElement("feed")
