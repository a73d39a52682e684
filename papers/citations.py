"""The citation formats the library reads and writes: BibTeX, RIS and CSL-JSON.

One table says, for each format, its name in addresses (``?format=ris``), its file
extension and media type, its writer and its reader; ``detect_format`` tells which one an
uploaded file is, by its extension and else by its first characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.http import StreamingHttpResponse

from papers.bibtex import papers_to_bibtex, parse_bibtex
from papers.csl import papers_to_csljson, parse_csljson
from papers.models import Paper
from papers.records import PaperRecord
from papers.ris import papers_to_ris, parse_ris


@dataclass(frozen=True)
class CitationFormat:
    name: str  # as in ?format=
    label: str
    extension: str
    content_type: str
    write: Callable[[Iterable[Paper]], Iterator[str]]
    read: Callable[[str], list[PaperRecord]]


FORMATS: dict[str, CitationFormat] = {
    f.name: f
    for f in (
        CitationFormat(
            "bibtex",
            "BibTeX",
            "bib",
            "text/x-bibtex; charset=utf-8",
            papers_to_bibtex,
            parse_bibtex,
        ),
        CitationFormat(
            "ris",
            "RIS",
            "ris",
            "application/x-research-info-systems; charset=utf-8",
            papers_to_ris,
            parse_ris,
        ),
        CitationFormat(
            "csljson",
            "CSL-JSON",
            "json",
            "application/vnd.citationstyles.csl+json; charset=utf-8",
            papers_to_csljson,
            parse_csljson,
        ),
    )
}
EXTENSIONS = {"bib": "bibtex", "bibtex": "bibtex", "ris": "ris", "json": "csljson"}
_RIS_START = re.compile(r"^\s*TY  -", re.MULTILINE)


def detect_format(text: str, filename: str = "") -> CitationFormat:
    """The format of an uploaded file: its extension when it names one, else its content
    (a JSON array or object is CSL-JSON, a ``TY  -`` line before any ``@`` is RIS)."""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension in EXTENSIONS:
        return FORMATS[EXTENSIONS[extension]]
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start in ("[", "{"):
        return FORMATS["csljson"]
    ris, at = _RIS_START.search(text), text.find("@")
    if ris and (at == -1 or ris.start() < at):
        return FORMATS["ris"]
    return FORMATS["bibtex"]


def citations_download(
    papers: Iterable[Paper], fmt: CitationFormat, basename: str
) -> StreamingHttpResponse:
    """The papers as a file in ``fmt``, written as it is read."""
    response = StreamingHttpResponse(fmt.write(papers), content_type=fmt.content_type)
    response["Content-Disposition"] = f'attachment; filename="{basename}.{fmt.extension}"'
    return response
