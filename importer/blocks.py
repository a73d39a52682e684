"""Reading a note's lines into blocks: headings, paragraphs, bullets and tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from importer.text import BULLET, KNOWN_BODY, MD_HEADING, SECTION_KINDS, SOTA

# --- Reading lines into blocks -------------------------------------------------------


@dataclass
class Block:
    kind: str  # "heading", "maybe_heading", "para", "bullet", "table"
    text: str
    line: int
    level: int = 2
    more: list[str] = field(default_factory=list)  # a bullet's continuation paragraphs


def _is_table_line(raw: str, markdown: bool) -> bool:
    if markdown:
        return raw.lstrip().startswith("|")
    cells = [c for c in raw.split("\t") if c.strip()]
    return "\t" in raw.strip() and len(cells) >= 2


def _table_markdown(rows: list[str], markdown: bool) -> str:
    if markdown:
        return "\n".join(r.strip() for r in rows)
    cells = [[c.strip().replace("|", "\\|") for c in r.strip().split("\t")] for r in rows]
    width = max(len(r) for r in cells)
    cells = [r + [""] * (width - len(r)) for r in cells]
    lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in cells[1:]]
    return "\n".join(lines)


def heading_name(text: str) -> str:
    return text.strip().rstrip(":").strip().lower()


def is_known_heading(text: str) -> bool:
    name = heading_name(text)
    return name in SECTION_KINDS or name in KNOWN_BODY or bool(SOTA.match(name))


def _looks_like_heading(text: str) -> bool:
    text = text.strip()
    return (
        0 < len(text) <= 100
        and len(text.split()) <= 14
        and text[-1] not in '.!?;,:…)"”'
        and (text[0].isupper() or text[0].isdigit())
    )


def lex(lines: list[str], *, start: int, markdown: bool) -> list[Block]:
    """Blocks of the text from line index ``start``: headings, paragraphs (hard-wrapped
    lines joined), bullets (with their continuation paragraphs) and tables."""
    blocks: list[Block] = []
    i, n = start, len(lines)
    after_blank = True
    while i < n:
        raw = lines[i]
        text = raw.strip()
        if not text:
            after_blank = True
            i += 1
            continue
        number = i + 1
        heading = MD_HEADING.match(text) if markdown else None
        if heading:
            blocks.append(Block("heading", heading.group(2), number, level=len(heading.group(1))))
            i += 1
        elif BULLET.match(raw):
            parts = [BULLET.sub("", raw, count=1).strip()]
            i += 1
            while i < n and lines[i].strip() and not _starts_block(lines[i], markdown):
                parts.append(lines[i].strip())
                i += 1
            blocks.append(Block("bullet", " ".join(parts), number))
        elif _is_table_line(raw, markdown):
            rows = []
            while i < n and lines[i].strip() and _is_table_line(lines[i], markdown):
                rows.append(lines[i])
                i += 1
            blocks.append(Block("table", _table_markdown(rows, markdown), number))
        else:
            parts = [text]
            i += 1
            while i < n and lines[i].strip() and not _starts_block(lines[i], markdown):
                parts.append(lines[i].strip())
                i += 1
            joined = " ".join(parts)
            alone = len(parts) == 1 and after_blank and (i >= n or not lines[i].strip())
            if raw[:1] in " \t" and after_blank and blocks and blocks[-1].kind == "bullet":
                blocks[-1].more.append(joined)  # an indented paragraph under a bullet
            elif alone and not markdown and raw[:1] not in " \t" and is_known_heading(text):
                blocks.append(Block("heading", text, number))
            elif alone and not markdown and raw[:1] not in " \t" and _looks_like_heading(text):
                blocks.append(Block("maybe_heading", text, number, level=3))
            else:
                blocks.append(Block("para", joined, number))
        after_blank = False
    return blocks


def _starts_block(raw: str, markdown: bool) -> bool:
    text = raw.strip()
    return bool(
        BULLET.match(raw) or _is_table_line(raw, markdown) or (markdown and MD_HEADING.match(text))
    )
