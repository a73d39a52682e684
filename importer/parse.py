"""Read notes written elsewhere into plain dataclasses, without touching the database.

Two shapes are understood, in plain text (as copied from a web page) or in Markdown:

* a **concept page**: a title line, then sections — "Definition", "Why It Matters",
  "State of the Art (YYYY-MM-DD)" (any number), "Open Problems", "Key Papers",
  "Related Concepts", "Sources" and any others;
* a **topic feed**: a header (an optional site line, the topic title, "N articles") and
  N summaries, each followed by its date at the start of the next line
  ("11 Sept 2026The authors…").

Everything that cannot be read raises :class:`NoteError` with the line it is about;
nothing else escapes :func:`parse_note`, whatever the text.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from importer.blocks import Block, heading_name, is_known_heading, lex
from importer.notes import (
    MAX_NOTE,
    MAX_PAPER_TITLE,
    MAX_TITLE,
    ClaimNote,
    ConceptPage,
    EntryNote,
    KeyPaperNote,
    Note,
    NoteError,
    TopicFeed,
    check_lengths,
)
from importer.text import (
    ARTICLES,
    BULLET,
    DASH_SPLIT,
    DATED_BULLET,
    ISO_DATE,
    KNOWN_BODY,
    MD_HEADING,
    SECTION_KINDS,
    SOTA,
    SOTA_DATE,
    headline_from,
    parse_iso_date,
    shorten,
    titles_for_ids,
)
from papers.identifiers import IN_TEXT, find_arxiv_ids

# --- Concept pages -------------------------------------------------------------------


@dataclass
class Section:
    kind: str  # "intro", "definition", "sota", "key_papers", "related", "body"
    heading: str
    line: int
    date: dt.date | None = None
    blocks: list[Block] = field(default_factory=list)


def _section_for(block: Block) -> Section:
    name = heading_name(block.text)
    sota = SOTA.match(block.text.strip())
    if sota:
        rest = sota.group("rest").strip()
        date_match = SOTA_DATE.match(rest)
        if not rest or not date_match:
            raise NoteError(
                f"“{shorten(block.text, 60)}” needs its date in brackets, "
                "like “State of the Art (2026-10-04)”",
                line=block.line,
            )
        date = parse_iso_date(date_match.group("date"), line=block.line)
        return Section("sota", block.text.strip(), block.line, date=date)
    return Section(SECTION_KINDS.get(name, "body"), block.text.strip().rstrip(":"), block.line)


def _sections(blocks: list[Block], *, markdown: bool) -> list[Section]:
    sections = [Section("intro", "", 0)]
    for block in blocks:
        current = sections[-1]
        top_level = block.kind == "heading" and (
            not markdown or block.level <= 2 or is_known_heading(block.text)
        )
        if top_level:
            sections.append(_section_for(block))
        elif block.kind in ("heading", "maybe_heading"):
            if current.kind == "sota" or (current.kind == "body" and markdown):
                current.blocks.append(Block("heading", block.text, block.line, level=3))
            elif current.kind == "body":
                sections.append(Section("body", block.text.strip(), block.line))
            else:
                current.blocks.append(Block("para", block.text, block.line))
        else:
            current.blocks.append(block)
    return sections


def _body_markdown(section: Section) -> str:
    out = [f"## {section.heading}"] if section.heading else []
    for block in section.blocks:
        if block.kind == "heading":
            out.append(f"### {block.text}")
        elif block.kind == "bullet":
            item = f"- {block.text}"
            for more in block.more:
                item += "\n\n    " + more
            if out and out[-1].startswith("- ") and not block.more:
                out[-1] += "\n" + item  # consecutive bullets make one list
            else:
                out.append(item)
        else:
            out.append(block.text)
    return "\n\n".join(out)


def _table_rows(table: str) -> list[str]:
    """A Markdown table's data rows as "first cell: the others" (the header row names the
    columns, which the rows' words already carry)."""
    rows = [r.strip().strip("|") for r in table.splitlines() if r.strip()]
    rows = [r for r in rows if not re.fullmatch(r"[\s:|-]+", r)]
    cells = [[c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", r)] for r in rows]
    out = []
    for row in cells[1:]:
        row = [c for c in row if c]
        if row:
            out.append(f"{row[0]}: {'; '.join(row[1:])}" if len(row) > 1 else row[0])
    return out


def _claims_from(blocks: list[Block]) -> list[ClaimNote]:
    """The entry's text blocks in order; claims are cut from them by the evidence step."""
    claims: list[ClaimNote] = []
    heading = under = ""
    for block in blocks:
        if block.kind == "heading":
            heading = under = block.text.strip()
            continue
        if block.kind == "table":
            notes = [ClaimNote(row, block.line, "row") for row in _table_rows(block.text)]
        elif block.kind == "bullet":
            notes = [ClaimNote(block.text, block.line, "bullet")]
            notes += [ClaimNote(more, block.line) for more in block.more]
        else:
            notes = [ClaimNote(block.text, block.line)]
        if notes and heading:
            notes[0].heading, heading = heading, ""
        for note in notes:
            note.under = under
        claims += notes
    if heading:  # a sub-heading with nothing under it still says something
        claims.append(ClaimNote(heading, blocks[-1].line))
    return claims


def _sota_entries(section: Section) -> list[EntryNote]:
    assert section.date is not None
    entries: list[EntryNote] = []
    rest: list[Block] = []
    for block in section.blocks:
        dated = DATED_BULLET.search(block.text) if block.kind == "bullet" else None
        if not dated:
            rest.append(block)
            continue
        date = parse_iso_date(dated.group("date"), line=block.line)
        lead = block.text[: dated.start()].strip().rstrip(":—\u2013-").strip()
        body = block.text[dated.end() :].strip().lstrip(":—\u2013-").strip()
        extra = dated.group("extra").strip(" ,;:")
        headline = headline_from(lead) if lead else headline_from(body or extra)
        claim_blocks = [Block("para", body, block.line)] if body else []
        claim_blocks += [Block("para", m, block.line) for m in block.more]
        entries.append(
            EntryNote(
                date=date,
                headline=headline or f"Update of {date:%Y-%m-%d}",
                line=block.line,
                lead=extra,
                claims=_claims_from(claim_blocks),
            )
        )
    text_blocks = [b for b in rest if b.kind in ("para", "bullet")]
    if rest and text_blocks:
        entries.insert(
            0,
            EntryNote(
                date=section.date,
                headline=headline_from(text_blocks[0].text) or f"State of the art, {section.date}",
                line=section.line,
                claims=_claims_from(rest),
            ),
        )
    return entries


def _key_paper(block: Block) -> KeyPaperNote:
    parts = DASH_SPLIT.split(block.text, maxsplit=1)
    head, tail = (parts[0], parts[1]) if len(parts) == 2 else (block.text, "")
    ids = find_arxiv_ids(head) or find_arxiv_ids(tail)
    title = IN_TEXT.sub("", head)
    title = re.sub(r"\(\s*[,;]?\s*\)", "", title).strip(" ,;:")
    published, organisation = None, ""
    pieces = [p.strip() for p in tail.split(",")]
    for index, piece in enumerate(pieces):
        date = ISO_DATE.match(piece)
        if date:
            published = parse_iso_date(date.group(0), line=block.line)
            organisation = ", ".join(pieces[1:index]) if index >= 2 else ""
            break
    return KeyPaperNote(
        title=shorten(title, MAX_PAPER_TITLE) if title else "",
        arxiv_id=ids[0] if ids else None,
        note=shorten(tail, MAX_NOTE),
        line=block.line,
        organisation=shorten(organisation, 300),
        published=published,
    )


def _related_names(section: Section) -> list[str]:
    names: list[str] = []
    for block in section.blocks:
        if block.kind not in ("bullet", "para", "heading"):
            continue
        items = [block.text] if block.kind == "bullet" else re.split(r"\s*[,;]\s*", block.text)
        for item in items:
            name = item.strip().strip("[]").strip().rstrip(".;,").strip()
            if not name:
                continue
            if len(name) > MAX_TITLE:
                raise NoteError(
                    f"a related concept's name is longer than {MAX_TITLE} characters",
                    line=block.line,
                )
            if name.lower() not in {n.lower() for n in names}:
                names.append(name)
    return names


def parse_concept_page(lines: list[str], *, markdown: bool) -> ConceptPage:
    first = next((i for i, raw in enumerate(lines) if raw.strip()), None)
    if first is None:
        raise NoteError("the file is empty")
    title = lines[first].strip()
    if markdown and (heading := MD_HEADING.match(title)):
        title = heading.group(2)
    if is_known_heading(title) or BULLET.match(lines[first]):
        raise NoteError("the first line should be the page's title", line=first + 1)
    if len(title) > MAX_TITLE:
        raise NoteError(f"the title is longer than {MAX_TITLE} characters", line=first + 1)
    sections = _sections(lex(lines, start=first + 1, markdown=markdown), markdown=markdown)
    known = [s for s in sections if s.kind != "intro"]
    if not any(s.kind != "body" or heading_name(s.heading) in KNOWN_BODY for s in known):
        raise NoteError(
            "neither a concept page (a title line, then headings such as “Definition” or "
            "“State of the Art (YYYY-MM-DD)”) nor a topic feed (a topic line, then "
            "“N articles”)",
            line=first + 1,
        )

    summary_parts: list[str] = []
    body_parts: list[str] = []
    entries: list[EntryNote] = []
    key_papers: list[KeyPaperNote] = []
    related: list[str] = []
    has_definition = any(s.kind == "definition" for s in sections)
    for section in sections:
        if section.kind == "definition" or (section.kind == "intro" and not has_definition):
            summary_parts += [b.text for b in section.blocks if b.kind != "heading"]
        elif section.kind == "sota":
            entries += _sota_entries(section)
        elif section.kind == "key_papers":
            key_papers += [_key_paper(b) for b in section.blocks if b.kind in ("bullet", "para")]
        elif section.kind == "related":
            related += [n for n in _related_names(section) if n.lower() != title.lower()]
        elif section.blocks or section.heading:
            body_parts.append(_body_markdown(section))

    papers = {arxiv_id: "" for arxiv_id in find_arxiv_ids("\n".join(lines))}
    for kp in key_papers:
        if kp.arxiv_id and kp.title:
            papers[kp.arxiv_id] = kp.title
    for raw in lines:
        for arxiv_id, found in titles_for_ids(raw).items():
            if found and not papers.get(arxiv_id):
                papers[arxiv_id] = found
    by_title = {t.lower(): i for i, t in papers.items() if t}
    for kp in key_papers:
        if not kp.arxiv_id and kp.title.lower() in by_title:
            kp.arxiv_id = by_title[kp.title.lower()]  # named with its id elsewhere on the page
    return ConceptPage(
        title=title,
        summary="\n\n".join(summary_parts).strip(),
        body="\n\n".join(p for p in body_parts if p.strip()).strip() + "\n",
        entries=entries,
        key_papers=key_papers,
        related=related,
        papers=papers,
    )


# --- Topic feeds ---------------------------------------------------------------------

MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
    "november": 11, "dec": 12, "december": 12,
}  # fmt: skip
DAY_MONTH_YEAR = re.compile(
    r"^(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?P<month>[A-Za-z]{3,9})\.?,?\s+(?P<year>\d{4})"
)
MONTH_DAY_YEAR = re.compile(
    r"^(?P<month>[A-Za-z]{3,9})\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})"
)
ISO_AT_START = re.compile(r"^(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})")


def date_at_start(text: str, *, line: int) -> tuple[dt.date, str] | None:
    """A feed date opening a line ("11 Sept 2026The authors…") and the text after it."""
    for pattern in (DAY_MONTH_YEAR, MONTH_DAY_YEAR, ISO_AT_START):
        match = pattern.match(text)
        if not match:
            continue
        month = match.group("month")
        if not month.isdigit():
            number = MONTHS.get(month.lower())
            if number is None:
                if month[:3].lower() in MONTHS:
                    raise NoteError(f"unparseable date “{match.group(0)}”", line=line)
                continue  # "12 teams 2026…" is prose, not a date
            month = number
        try:
            date = dt.date(int(match.group("year")), int(month), int(match.group("day")))
        except ValueError:
            raise NoteError(f"unparseable date “{match.group(0)}”", line=line) from None
        return date, text[match.end() :].strip()
    return None


def _header_line(raw: str) -> str:
    text = raw.strip()
    heading = MD_HEADING.match(text)
    return (heading.group(2) if heading else text).strip().strip("*_").strip()


def find_feed_header(lines: list[str]) -> int | None:
    """Index of the "N articles" line when it is among the first few non-blank lines."""
    seen = 0
    for index, raw in enumerate(lines):
        if not raw.strip():
            continue
        if ARTICLES.match(_header_line(raw)):
            return index
        seen += 1
        if seen >= 4:
            return None
    return None


def parse_topic_feed(lines: list[str], count_index: int) -> TopicFeed:
    count_line = count_index + 1
    count = int(ARTICLES.match(_header_line(lines[count_index])).group("n").replace(",", ""))
    header = [_header_line(r) for r in lines[:count_index] if r.strip()]
    if not header:
        raise NoteError("the topic's title should be on the line above the count", line=count_line)
    topic, site = header[-1], (header[-2] if len(header) > 1 else "")
    if len(topic) > MAX_TITLE:
        raise NoteError(f"the topic is longer than {MAX_TITLE} characters", line=count_line - 1)

    # A feed writes each date after its summary, on the line that starts the next one
    # ("…summary one.\n12 Oct 2026Summary two…"), or, when its first summary starts with a
    # date, before each summary ("15 Oct 2026Summary one…\n12 Oct 2026Summary two…").
    first = next((i for i in range(count_index + 1, len(lines)) if lines[i].strip()), None)
    date_first = first is not None and bool(date_at_start(lines[first].strip(), line=first + 1))
    summaries: list[tuple[list[str], int, dt.date | None]] = []
    current: list[str] = []
    current_line = 0
    current_date: dt.date | None = None
    for index in range(count_index + 1, len(lines)):
        text = lines[index].strip()
        number = index + 1
        found = date_at_start(text, line=number) if text else None
        if found is None:
            if text:
                if not current:
                    current_line = number
                current.append(text)
            elif current and current[-1] != "":
                current.append("")  # a paragraph break inside a summary
            continue
        date, rest = found
        if date_first:
            if any(current):
                summaries.append((current, current_line, current_date))
            elif current_date is not None:
                raise NoteError("a date with no summary after it", line=number - 1)
            current, current_line, current_date = [rest] if rest else [], number, date
            continue
        if not any(current):
            raise NoteError("a date with no summary before it", line=number)
        summaries.append((current, current_line, date))
        current, current_line = ([rest], number) if rest else ([], 0)
    if date_first and current_date is not None:
        if not any(current):
            raise NoteError("a date with no summary after it", line=current_line)
        summaries.append((current, current_line, current_date))
        current = []
    undated = any(current)
    if undated:
        summaries.append((current, current_line, None))
    if len(summaries) != count:
        raise NoteError(
            f"count mismatch: the header says {count} articles but {len(summaries)} "
            f"{'was' if len(summaries) == 1 else 'were'} found",
            line=count_line,
        )
    if undated:
        raise NoteError("the last summary has no date after it", line=current_line)

    entries = []
    for parts, line, date in summaries:
        paragraphs = " ".join(p if p else "\n\n" for p in parts).replace(" \n\n ", "\n\n")
        text = paragraphs.strip()
        entries.append(
            EntryNote(
                date=date,
                headline=headline_from(text) or f"Summary of {date}",
                line=line,
                claims=[ClaimNote(p.strip(), line) for p in text.split("\n\n") if p.strip()],
            )
        )
    return TopicFeed(topic=topic, site=site, count=count, entries=entries)


# --- Entry point ---------------------------------------------------------------------


def is_markdown(text: str, name: str) -> bool:
    if name.lower().endswith((".md", ".markdown")):
        return True
    return any(MD_HEADING.match(line) for line in text.splitlines()[:400])


def parse_note(*, text: str, name: str = "") -> Note:
    """Read one file's text as a concept page or a topic feed, or raise NoteError."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if not any(line.strip() for line in lines):
        raise NoteError("the file is empty")
    count_index = find_feed_header(lines)
    if count_index is not None:
        return check_lengths(parse_topic_feed(lines, count_index))
    return check_lengths(parse_concept_page(lines, markdown=is_markdown(text, name)))
