"""Authors as people: family name, given names, particle (``van der``), suffix (``Jr.``),
or one literal name for an organisation (``World Health Organization``).

A paper keeps its authors as an ordered list of these (``Paper.author_list``, JSON). Names
are read the way BibTeX reads them (``First von Last``, ``von Last, First``, ``von Last,
Jr, First``; braces keep a literal name whole), written back in the same forms, and shown
as ``Given particle Family Suffix``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace

from bibtexparser.middlewares.names import (
    InvalidNameError,
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from pylatexenc.latex2text import LatexNodes2Text

PARTS = ("family", "given", "particle", "suffix", "literal")
PART_MAX_LENGTH = 300
MAX_AUTHORS = 1000
# Generational and similar suffixes, found after a comma in "John Smith, Jr." strings.
SUFFIXES = re.compile(r"^(?:jr|sr|jnr|snr|[ivx]{1,4}|\d(?:st|nd|rd|th))\.?$", re.IGNORECASE)
NAME_RULE = (
    "Write one author per line as Family, Given (van der Berg, Jan; Smith, Jr., John), "
    "or an organisation in braces: {World Health Organization}."
)
_LATEX = LatexNodes2Text()


class InvalidPerson(ValueError):
    """A value that is not a person's name; the message says why."""


@dataclass(frozen=True)
class Person:
    family: str = ""
    given: str = ""
    particle: str = ""  # "van der", "de la": CSL's non-dropping particle, BibTeX's von
    suffix: str = ""  # "Jr.", "III"
    literal: str = ""  # an organisation, or a name not to be split

    @property
    def display(self) -> str:
        """``Jan van der Berg``, ``John Smith Jr.``, ``World Health Organization``."""
        if self.literal:
            return self.literal
        return " ".join(p for p in (self.given, self.particle, self.family, self.suffix) if p)

    @property
    def surname(self) -> str:
        """How text cites the person: ``van der Berg``, or the literal name."""
        if self.literal:
            return self.literal
        return " ".join(p for p in (self.particle, self.family) if p) or self.given

    @property
    def bibtex(self) -> str:
        """``van der Berg, Jr., Jan``, ``Smith, John``, ``{World Health Organization}``: the
        form BibTeX reads back into the same parts (also one line of the edit form)."""
        if self.literal:
            return "{" + self.literal + "}"
        family = _protect(self.family, lowercase_start=True)
        last = " ".join(p for p in (_protect(self.particle), family) if p)
        if not last:
            return _protect(self.given)
        parts = [last]
        if self.suffix:
            parts += [_protect(self.suffix), _protect(self.given)]
        elif self.given:
            parts.append(_protect(self.given))
        return ", ".join(parts)

    @property
    def ris(self) -> str:
        """RIS's ``Lastname, Firstname, Suffix`` (the particle leads the last name)."""
        if self.literal:
            return self.literal
        last = " ".join(p for p in (self.particle, self.family) if p)
        return ", ".join(p for p in (last, self.given, self.suffix) if p) if last else self.given

    def as_dict(self) -> dict[str, str]:
        return {name: value for name, value in asdict(self).items() if value}


def _protect(part: str, *, lowercase_start: bool = False) -> str:
    """Braces around a part BibTeX would otherwise split or move: one holding a comma or
    the word "and", or (a family name) one starting in lower case, which BibTeX would take
    for a particle."""
    if not part:
        return ""
    risky = "," in part or re.search(r"\band\b", part, re.IGNORECASE)
    if risky or (lowercase_start and part[:1].islower()):
        return "{" + part + "}"
    return part


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def person_from_dict(value: object) -> Person:
    """A person from its stored or sent form; InvalidPerson when the shape is wrong."""
    if not isinstance(value, dict):
        raise InvalidPerson(
            "An author is an object with family, given, particle, suffix or literal."
        )
    unknown = set(value) - set(PARTS)
    if unknown:
        raise InvalidPerson(f"An author has no part named {sorted(unknown)[0]!r}.")
    parts: dict[str, str] = {}
    for name in PARTS:
        part = value.get(name, "")
        if part is None:
            part = ""
        if not isinstance(part, str):
            raise InvalidPerson(f"An author's {name} must be text.")
        part = _squash(part)
        if len(part) > PART_MAX_LENGTH:
            raise InvalidPerson(f"An author's {name} is longer than {PART_MAX_LENGTH} characters.")
        parts[name] = part
    if parts["literal"] and any(parts[n] for n in PARTS if n != "literal"):
        raise InvalidPerson("An author is either a literal name or family and given names.")
    if not (parts["literal"] or parts["family"] or parts["given"]):
        raise InvalidPerson("An author needs a family name, a given name or a literal name.")
    return Person(**parts)


def people_from_json(value: object) -> list[Person]:
    """The stored list (``Paper.author_list``); InvalidPerson when it is not one."""
    if not isinstance(value, list):
        raise InvalidPerson("Authors are a list of people.")
    if len(value) > MAX_AUTHORS:
        raise InvalidPerson(f"A paper has at most {MAX_AUTHORS} authors.")
    return [person_from_dict(item) for item in value]


def people_stored(value: list[dict[str, str]]) -> list[Person]:
    """The stored list, read without checking it again (it was checked when written):
    pages read it for every row they show."""
    return [Person(**item) for item in value]


def people_to_json(people: Iterable[Person]) -> list[dict[str, str]]:
    return [person.as_dict() for person in people]


def people_display(people: Iterable[Person]) -> str:
    """The names as shown and searched: ``Ada Lovelace, Jan van der Berg``."""
    return ", ".join(person.display for person in people)


# --- reading ----------------------------------------------------------------------------


def _braced_whole(word: str) -> bool:
    """Is ``word`` one brace group from its first character to its last?"""
    if not (word.startswith("{") and word.endswith("}")):
        return False
    depth = 0
    for index, char in enumerate(word):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0 and index < len(word) - 1:
            return False
    return True


def _text(words: list[str], *, latex: bool) -> str:
    joined = " ".join(words)
    if latex and any(c in joined for c in "\\{}$~"):
        # pylatexenc on hostile input: keep the characters, drop the braces.
        with contextlib.suppress(Exception):
            joined = _LATEX.latex_to_text(joined)
    return _squash(joined.replace("{", "").replace("}", ""))


def person_parse(name: str, *, latex: bool = True, strict: bool = False) -> Person | None:
    """One name as BibTeX reads it: ``First von Last``, ``von Last, First`` or ``von Last,
    Jr, First``; a name that is one brace group is a literal name. ``latex``: decode LaTeX
    (``M{\\"u}ller`` → ``Müller``). None for an empty name; InvalidPerson (when
    ``strict``) for one BibTeX cannot read, such as too many commas."""
    name = _squash(name)
    if not name:
        return None
    if _braced_whole(name):
        literal = _text([name], latex=latex)
        return Person(literal=literal) if literal else None
    try:
        parts = parse_single_name_into_parts(name, strict=strict)
    except InvalidNameError as exc:
        raise InvalidPerson(f"“{name[:80]}” is not a name BibTeX can read: {exc.reason}.") from None
    person = Person(
        family=_text(parts.last, latex=latex),
        given=_text(parts.first, latex=latex),
        particle=_text(parts.von, latex=latex),
        suffix=_text(parts.jr, latex=latex),
    )
    if not (person.family or person.given):
        return None
    return person


def people_parse_bibtex(value: str) -> list[Person]:
    """A BibTeX ``author`` field: names joined by ``and`` outside braces (``others`` says
    the list goes on and is not a person)."""
    people = []
    for name in split_multiple_persons_names(value or ""):
        if name.strip().lower() == "others":
            continue
        person = person_parse(name)
        if person is not None:
            people.append(person)
    return people


def people_parse_lines(text: str) -> list[Person]:
    """The edit form's authors: one per line, in BibTeX's forms, no LaTeX. InvalidPerson
    names the first line that is not a name."""
    people = []
    for number, line in enumerate((text or "").splitlines(), start=1):
        pieces = [p.strip() for p in re.sub(r"\{[^{}]*\}", "", line).split(",")]
        try:
            if len(pieces) == 3 and not SUFFIXES.match(pieces[1]):
                # "Ada Lovelace, Alan Turing, Grace Hopper": a list, not "Last, Jr, First".
                raise InvalidPerson("several names")
            person = person_parse(line, latex=False, strict=True)
        except InvalidPerson:
            shown = line.strip()[:80]
            raise InvalidPerson(f"Line {number} “{shown}” is not one name. {NAME_RULE}") from None
        if person is not None:
            people.append(person)
    return people


def people_lines(people: Iterable[Person]) -> str:
    """The edit form's text for ``people`` (what people_parse_lines reads back)."""
    return "\n".join(person.bibtex for person in people)


def _first_von_last(words: list[str]) -> Person:
    """BibTeX's ``First von Last`` for plain words (no braces, no commas): the particle
    runs from the first to the last word in lower case before the last word."""
    lower = [i for i, word in enumerate(words[:-1]) if word[:1].islower()]
    if not lower:
        return Person(family=words[-1], given=" ".join(words[:-1]))
    start, end = lower[0], lower[-1] + 1
    return Person(
        family=" ".join(words[end:]),
        given=" ".join(words[:start]),
        particle=" ".join(words[start:end]),
    )


def people_from_names(names: Iterable[str]) -> list[Person]:
    """Names each written ``Given Family`` (arXiv's, a CSL literal): read as BibTeX reads
    ``First von Last``; a trailing ``Jr.`` or ``III`` is a suffix."""
    people = []
    for name in names:
        words = name.split()
        if not words:
            continue
        suffix = ""
        if len(words) > 2 and SUFFIXES.match(words[-1]):
            suffix = words.pop()
        if any(c in name for c in "{}\\,"):
            person = person_parse(" ".join(words), latex=False)
        else:
            person = _first_von_last(words)  # the common case, without the full parser
        if person is not None:
            people.append(replace(person, suffix=person.suffix or suffix) if suffix else person)
    return people


def people_from_text(text: str) -> list[Person]:
    """The library's former one-string form, ``Ada Lovelace, John Smith, Jr.``: names
    joined by commas, each ``Given Family``; a piece that is only a suffix belongs to the
    name before it (or, first, to the one after)."""
    pieces = [" ".join(p.split()) for p in (text or "").split(",")]
    pieces = [p for p in pieces if p]
    names: list[list[str]] = []
    pending = ""
    for piece in pieces:
        if SUFFIXES.match(piece):
            if names:
                names[-1].append(piece)
            else:
                pending = piece
            continue
        names.append([piece, pending] if pending else [piece])
        pending = ""
    people = []
    for name in names:
        found = people_from_names([name[0]])
        if not found:
            continue
        person = found[0]
        if len(name) > 1:
            person = replace(person, suffix=name[1])
        people.append(person)
    return people
